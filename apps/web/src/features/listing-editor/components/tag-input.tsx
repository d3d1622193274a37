// Tags as chips: Enter or a comma adds what was typed, each chip can be removed, and
// at MAX_TAGS the input and its Add button go away until one is removed.
import { type IssueCode, MAX_TAG_LENGTH, MAX_TAGS, parseTags } from '@snaplist/contract';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { editorError, issueError } from '../editor-form';
import { FormField } from './form-field';

interface TagInputProps {
  tags: readonly string[];
  error: FieldError | undefined;
  onChange: (tags: string[]) => void;
}

export function TagInput({ tags, error, onChange }: TagInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<FieldError | undefined>();
  const [focusInput, setFocusInput] = useState(false);
  const fullNote = useRef<HTMLParagraphElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = tags.length >= MAX_TAGS;
  const shownError = draftError ?? error;

  // The input disappears at the limit: focus goes to the note saying so, and back to the input after a removal.
  useEffect(() => {
    if (full && document.activeElement === document.body) fullNote.current?.focus();
  }, [full]);
  useEffect(() => {
    if (!focusInput) return;
    inputRef.current?.focus();
    setFocusInput(false);
  }, [focusInput]);

  /**
   * Adds each comma-separated part that is new, up to the limit. Returns what was not added (too long, or
   * past the limit) so the seller can fix it instead of retyping it.
   */
  const addFrom = (text: string): string => {
    const next = [...tags];
    const kept: string[] = [];
    let problem: FieldError | undefined;
    for (const tag of parseTags(text)) {
      if (next.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) {
        problem = editorError('listing_editor.tag_duplicate');
      } else if (tag.length > MAX_TAG_LENGTH) {
        problem = issueError('tag_invalid' satisfies IssueCode);
        kept.push(tag);
      } else if (next.length >= MAX_TAGS) {
        problem = issueError('too_many_tags' satisfies IssueCode);
      } else {
        next.push(tag);
      }
    }
    setDraftError(problem);
    if (next.length !== tags.length) onChange(next);
    return kept.join(', ');
  };

  const remove = (tag: string) => {
    onChange(tags.filter((item) => item !== tag));
    setDraftError(undefined);
    setFocusInput(true);
  };

  return (
    <FormField
      field="tags"
      label={t('listing_editor.tags')}
      hint={t('listing_editor.tags_hint', { max: MAX_TAGS })}
      error={shownError}
      className="editor-tags"
    >
      {(control) => (
        <>
          {tags.length > 0 && (
            <ul
              className="editor-tags__list"
              aria-label={t('listing_editor.tags_list', { current: tags.length, max: MAX_TAGS })}
            >
              {tags.map((tag) => (
                <li key={tag} className="editor-tag">
                  <span>{tag}</span>
                  <button
                    type="button"
                    className="editor-tag__remove"
                    aria-label={t('listing_editor.remove_tag', { tag })}
                    title={t('listing_editor.remove_tag', { tag })}
                    onClick={() => remove(tag)}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {full ? (
            <p ref={fullNote} tabIndex={-1} className="field__hint editor-tags__full">
              {t('listing_editor.tags_full', { max: MAX_TAGS })}
            </p>
          ) : (
            <div className="editor-tags__entry">
              <input
                ref={inputRef}
                {...control}
                className="input"
                value={draft}
                placeholder={t('listing_editor.tags_placeholder')}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraftError(undefined);
                  // A comma closes the tag typed before it; what follows stays in the input.
                  if (value.includes(',')) {
                    const comma = value.lastIndexOf(',');
                    const kept = addFrom(value.slice(0, comma));
                    const rest = value.slice(comma + 1).trimStart();
                    setDraft([kept, rest].filter(Boolean).join(', '));
                  } else {
                    setDraft(value);
                  }
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  // Enter adds the tag; it does not submit the form.
                  event.preventDefault();
                  setDraft(addFrom(draft));
                }}
                onBlur={() => {
                  if (draft.trim() !== '') setDraft(addFrom(draft));
                }}
              />
              <Button
                variant="secondary"
                onClick={() => {
                  if (draft.trim() !== '') setDraft(addFrom(draft));
                  else inputRef.current?.focus();
                }}
              >
                <Plus size={18} aria-hidden="true" />
                {t('listing_editor.add_tag')}
              </Button>
            </div>
          )}
        </>
      )}
    </FormField>
  );
}
