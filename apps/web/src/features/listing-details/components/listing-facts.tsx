// The item's details (brand, size, colours, category, condition, composition), each with its evidence.
import type { EvidenceField, Listing } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { enumKey } from '@/lib/i18n';
import { emptyFieldText } from '../empty-field-text';
import { EvidenceNote } from './evidence-note';

export function ListingFacts({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const emptyValue = emptyFieldText(listing, 'detected', t);
  const facts: Array<{ field: EvidenceField; label: string; value: string | null }> = [
    { field: 'brand', label: t('listing_details.brand'), value: listing.brand },
    { field: 'size', label: t('listing_details.size'), value: listing.size },
    {
      field: 'colours',
      label: t('listing_details.colours'),
      value:
        listing.colours.length > 0
          ? listing.colours.map((colour) => t(`colour.${enumKey(colour)}`)).join(', ')
          : null,
    },
    {
      field: 'category',
      label: t('listing_details.category'),
      value: listing.category ? t(`category.${enumKey(listing.category)}`) : null,
    },
    {
      field: 'condition',
      label: t('listing_details.condition'),
      value: conditionText(listing, t),
    },
    {
      field: 'composition',
      label: t('listing_details.composition'),
      value:
        listing.composition.length > 0
          ? listing.composition
              .map(
                ({ fibre, percent: share }) =>
                  `${percent.format(share / 100)} ${t(`fibre.${enumKey(fibre)}`, { defaultValue: fibre })}`,
              )
              .join(', ')
          : null,
    },
  ];

  return (
    <section className="card field-card" aria-labelledby="listing-facts">
      {/* Focused once the last question above is answered (suggestion-questions.tsx). */}
      <h2 id="listing-facts" className="field-card__title" tabIndex={-1}>
        {t('listing_details.details_heading')}
      </h2>
      <dl className="facts">
        {facts.map(({ field, label, value }) => (
          <div key={field} className="facts__row">
            <dt>{label}</dt>
            <dd>
              {value ? <span>{value}</span> : <span className="muted">{emptyValue}</span>}
              {value && <EvidenceNote evidence={listing.evidence[field]} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The listing grade, or what the seller said when they chose "Used" on upload: that choice has no single
 * grade (decision 007), but it is still the seller's word and beats "Not detected".
 */
function conditionText(listing: Listing, t: TFunction): string | null {
  if (listing.condition) return t(`listing_condition.${enumKey(listing.condition)}`);
  const saidUsed = listing.evidence.condition?.some(
    (entry) => entry.source === 'seller_hint' && entry.rule === 'condition.used',
  );
  return saidUsed ? t('photo_upload.condition_used') : null;
}
