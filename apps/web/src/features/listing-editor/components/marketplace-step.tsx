// Step 2, Marketplace Details (SPEC sections 2 and 3): per marketplace a switch; when on, 'Already listed?'.
// Yes asks for the listing's URL on that marketplace's own site; No offers 'List on {marketplace}', which
// opens its new-listing page in a new tab and copies that marketplace's version of the text to paste there.
import {
  DEFAULT_LANGUAGE,
  isMarketplaceUrl,
  type Language,
  MARKETPLACE_NAMES,
  MARKETPLACES,
  type Marketplace,
  marketplaceVariants,
  newListingUrl,
  variantAsText,
} from '@snaplist/contract';
import { ExternalLink } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { copyText } from '@/lib/clipboard';
import { isLanguage } from '@/lib/i18n';
import { type EditorValues, type FieldErrors, fieldId, type MarketplaceSelection } from '../editor-form';
import { describedBy, FieldMessage } from './form-field';

interface MarketplaceStepProps {
  values: EditorValues;
  errors: FieldErrors;
  onChange: (marketplace: Marketplace, selection: Partial<MarketplaceSelection>) => void;
  /** Sets or clears the URL message (checked when the seller leaves the input). */
  onUrlChecked: (marketplace: Marketplace, valid: boolean) => void;
}

export function MarketplaceStep({ values, errors, onChange, onUrlChecked }: MarketplaceStepProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  const listOn = async (marketplace: Marketplace) => {
    const variant = marketplaceVariants({
      title: values.title.trim(),
      description: values.description.trim(),
      tags: values.tags,
    })[marketplace];
    // Copy first, while this page still has focus (browsers refuse the clipboard to a page in the background).
    const copied = await copyText(variantAsText(variant, marketplace));
    window.open(newListingUrl(marketplace, language), '_blank', 'noopener');
    if (copied) toast.success(t('listing_editor.copied'));
    else toast.error(t('listing_editor.copy_failed'));
  };

  return (
    <ul className="editor-marketplaces">
      {MARKETPLACES.map((marketplace) => {
        const selection = values.marketplaces[marketplace];
        const name = MARKETPLACE_NAMES[marketplace];
        const field = `listedOn.${marketplace}` as const;
        const error = errors[field];
        const urlId = fieldId(field);
        return (
          <li
            key={marketplace}
            className={['card', 'editor-marketplace', selection.selected ? 'editor-marketplace--on' : '']
              .filter(Boolean)
              .join(' ')}
          >
            <Switch
              checked={selection.selected}
              onCheckedChange={(selected) => onChange(marketplace, { selected })}
              label={name}
              hint={
                selection.selected && selection.isListed && selection.listingUrl !== '' && !error
                  ? t('listing_editor.listed_hint')
                  : undefined
              }
            />
            {selection.selected && (
              <div className="editor-marketplace__body">
                <fieldset
                  className="editor-choice"
                  aria-label={t('listing_editor.already_listed_on', { marketplace: name })}
                >
                  <legend className="field__label">{t('listing_editor.already_listed')}</legend>
                  <div className="editor-choice__options">
                    <label className="editor-choice__option">
                      <input
                        type="radio"
                        name={`listing-editor-${marketplace}-listed`}
                        checked={selection.isListed}
                        onChange={() => onChange(marketplace, { isListed: true })}
                      />
                      {t('listing_editor.yes')}
                    </label>
                    <label className="editor-choice__option">
                      <input
                        type="radio"
                        name={`listing-editor-${marketplace}-listed`}
                        checked={!selection.isListed}
                        onChange={() => onChange(marketplace, { isListed: false })}
                      />
                      {t('listing_editor.no')}
                    </label>
                  </div>
                </fieldset>
                {selection.isListed ? (
                  <div className="field editor-field">
                    <label htmlFor={urlId} className="field__label">
                      {t('listing_editor.listing_url', { marketplace: name })}
                    </label>
                    <input
                      id={urlId}
                      className="input"
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={urlPlaceholder(marketplace, language)}
                      value={selection.listingUrl}
                      aria-invalid={error !== undefined}
                      aria-describedby={describedBy(field, false, error !== undefined)}
                      onChange={(event) => onChange(marketplace, { listingUrl: event.currentTarget.value })}
                      onBlur={(event) => {
                        const url = event.currentTarget.value.trim();
                        if (url !== '') onUrlChecked(marketplace, isMarketplaceUrl(marketplace, url));
                      }}
                    />
                    <FieldMessage field={field} error={error} />
                  </div>
                ) : (
                  <div className="editor-marketplace__list-on">
                    <Button variant="secondary" onClick={() => void listOn(marketplace)}>
                      <ExternalLink size={18} aria-hidden="true" />
                      {t('listing_editor.list_on', { marketplace: name })}
                    </Button>
                    <p className="field__hint">{t('listing_editor.list_on_hint', { marketplace: name })}</p>
                  </div>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** 'https://www.vinted.fr/…': the marketplace's own site, which the URL check wants. */
function urlPlaceholder(marketplace: Marketplace, language: Language): string {
  // Shopify shops live on their own domains.
  if (marketplace === 'shopify') return 'https://…';
  return `https://${new URL(newListingUrl(marketplace, language)).host}/…`;
}
