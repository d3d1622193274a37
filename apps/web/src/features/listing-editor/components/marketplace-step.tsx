// Step 2, Marketplace Details: per marketplace a switch; when on, 'Already listed?'.
// Yes asks for the listing's URL on that marketplace's own site; No offers 'List on {marketplace}', which
// opens its new-listing page in a new tab and copies that marketplace's version of the text to paste there.
// Where the seller's account is connected (publishing-slot.ts), No also offers "Publish with Snaplist", ticked
// when the marketplace is switched on: the save publishes it there instead of the copy and paste.
import {
  DEFAULT_LANGUAGE,
  type FieldIssue,
  isPublishingMarketplace,
  type Language,
  MARKETPLACE_NAMES,
  MARKETPLACES,
  type Marketplace,
  marketplaceVariants,
  newListingUrl,
  variantAsText,
} from '@snaplist/contract';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Switch } from '@/components/ui/switch';
import { copyText } from '@/lib/clipboard';
import { isLanguage } from '@/lib/i18n';
import type { EditorValues, MarketplaceField, MarketplaceSelection } from '../editor-form';
import type { EditorPublishingTools } from '../publishing-slot';
import { FormField } from './form-field';

interface MarketplaceStepProps {
  publishing?: EditorPublishingTools | undefined;
  /** What the marketplaces said the listing lacks, from the last refused publish (`ebay.price`...). */
  publishIssues?: readonly FieldIssue[];
}

export function MarketplaceStep({ publishing, publishIssues = [] }: MarketplaceStepProps) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (
    <ul className="editor-marketplaces">
      {MARKETPLACES.map((marketplace) => (
        <MarketplaceCard
          key={marketplace}
          marketplace={marketplace}
          language={language}
          publishing={publishing}
          issues={publishIssues.filter((issue) => issue.field.startsWith(`${marketplace}.`))}
        />
      ))}
    </ul>
  );
}

interface MarketplaceCardProps {
  marketplace: Marketplace;
  language: Language;
  publishing: EditorPublishingTools | undefined;
  issues: readonly FieldIssue[];
}

function MarketplaceCard({ marketplace, language, publishing, issues }: MarketplaceCardProps) {
  const { t } = useTranslation();
  const { control, getValues, trigger } = useFormContext<EditorValues>();
  const field: MarketplaceField = `marketplaces.${marketplace}`;
  const { field: selectionField, fieldState } = useController({ control, name: field });
  const selection = selectionField.value;
  const error = fieldState.error;
  const name = MARKETPLACE_NAMES[marketplace];
  const publishId = useId();
  const publishingTo = publishing && isPublishingMarketplace(marketplace) ? marketplace : null;
  const canPublish = publishingTo !== null && publishing?.publishable.includes(publishingTo) === true;
  const publishes = canPublish && selection.publish === true;

  const change = (changes: Partial<MarketplaceSelection>) => {
    selectionField.onChange({ ...selection, ...changes });
    // Once wrong, the choice is checked again on every change: the message goes as soon as it is right.
    if (error) void trigger(field);
  };

  const listOn = async () => {
    const { title, description, tags } = getValues();
    const variant = marketplaceVariants({ title: title.trim(), description: description.trim(), tags })[
      marketplace
    ];
    // Copy first, while this page still has focus (browsers refuse the clipboard to a page in the background).
    const copied = await copyText(variantAsText(variant, marketplace));
    window.open(newListingUrl(marketplace, language), '_blank', 'noopener');
    if (copied) toast.success(t('listing_editor.copied'));
    else toast.error(t('listing_editor.copy_failed'));
  };

  return (
    <li
      className={['card', 'editor-marketplace', selection.selected ? 'editor-marketplace--on' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <Switch
        checked={selection.selected}
        // Switched on where the account is connected: Snaplist publishing it is the first offer.
        onCheckedChange={(selected) =>
          change(
            selected && canPublish && selection.publish === undefined
              ? { selected, publish: true }
              : { selected },
          )
        }
        label={name}
        hint={
          selection.selected && selection.isListed && selection.listingUrl !== '' && !error
            ? t('listing_editor.listed_hint')
            : undefined
        }
      />
      {publishingTo && publishing?.status(publishingTo, issues)}
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
                  onChange={() => change({ isListed: true })}
                />
                {t('listing_editor.yes')}
              </label>
              <label className="editor-choice__option">
                <input
                  type="radio"
                  name={`listing-editor-${marketplace}-listed`}
                  checked={!selection.isListed}
                  onChange={() => change({ isListed: false })}
                />
                {t('listing_editor.no')}
              </label>
            </div>
          </fieldset>
          {selection.isListed ? (
            <FormField
              field={field}
              label={t('listing_editor.listing_url', { marketplace: name })}
              error={error}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={urlPlaceholder(marketplace, language)}
                  value={selection.listingUrl}
                  onChange={(event) => change({ listingUrl: event.currentTarget.value })}
                  onBlur={(event) => {
                    selectionField.onBlur();
                    // The contract's rule (the marketplace's own site) is checked as soon as a URL is there.
                    if (event.currentTarget.value.trim() !== '') void trigger(field);
                  }}
                />
              )}
            </FormField>
          ) : (
            <div className="editor-marketplace__list-on">
              {canPublish && (
                <div className="editor-publish-choice">
                  <span className="editor-publish-choice__control">
                    <Checkbox
                      id={publishId}
                      checked={publishes}
                      onCheckedChange={(publish) => change({ publish })}
                      aria-describedby={`${publishId}-hint`}
                    />
                    <label htmlFor={publishId} className="editor-publish-choice__label">
                      {t('listing_editor.publish_with_snaplist')}
                    </label>
                  </span>
                  <p id={`${publishId}-hint`} className="field__hint">
                    {t('listing_editor.publish_with_snaplist_hint', { marketplace: name })}
                  </p>
                </div>
              )}
              {!publishes && (
                <>
                  <Button variant="secondary" onClick={() => void listOn()}>
                    <ExternalLink size={18} aria-hidden="true" />
                    {t('listing_editor.list_on', { marketplace: name })}
                  </Button>
                  <p className="field__hint">{t('listing_editor.list_on_hint', { marketplace: name })}</p>
                </>
              )}
              {publishingTo && publishing?.connect(publishingTo)}
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** 'https://www.vinted.fr/…': the marketplace's own site, which the URL check wants. */
function urlPlaceholder(marketplace: Marketplace, language: Language): string {
  // Shopify shops live on their own domains.
  if (marketplace === 'shopify') return 'https://…';
  return `https://${new URL(newListingUrl(marketplace, language)).host}/…`;
}
