// The listings search box: a labelled search landmark; Enter searches at once, the clear button (or Escape,
// as in any search field) empties it and returns to the paged list.
import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ListingsSearchProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
}

export function ListingsSearch({ value, onChange, onSubmit, onClear }: ListingsSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers (and jsdom); the role says the same
    <form
      role="search"
      className="listings-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('listings.search_label')}
      </label>
      <Search className="listings-search__icon" size={18} aria-hidden="true" />
      <input
        ref={input}
        id={id}
        type="search"
        className="input listings-search__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            onClear();
          }
        }}
        placeholder={t('listings.search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      {value !== '' && (
        <button
          type="button"
          className="icon-button listings-search__clear"
          aria-label={t('listings.clear_search')}
          onClick={() => {
            onClear();
            input.current?.focus();
          }}
        >
          <X size={18} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
