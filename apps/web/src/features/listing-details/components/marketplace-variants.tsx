// The listing rewritten for each marketplace's limits (eBay 80-character titles, Depop's 5 hashtags...):
// one tab per marketplace the engine wrote for, each part with its own copy button.
import {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  type Marketplace,
  type MarketplaceVariant,
} from '@snaplist/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { CopyButton } from './copy-button';

export function MarketplaceVariants({
  variants,
}: {
  variants: Partial<Record<Marketplace, MarketplaceVariant>>;
}) {
  const { t } = useTranslation();
  const present = MARKETPLACES.filter((marketplace) => variants[marketplace] !== undefined);
  const [selected, setSelected] = useState<Marketplace | undefined>(present[0]);
  const active = selected && present.includes(selected) ? selected : present[0];
  if (!active) return null;
  const variant = variants[active];
  if (!variant) return null;
  const name = MARKETPLACE_NAMES[active];

  return (
    <section className="card variants" aria-labelledby="variants-heading">
      <div className="variants__head">
        <h2 id="variants-heading" className="card__title">
          {t('listing_details.variants_heading')}
        </h2>
        <p className="variants__intro">{t('listing_details.variants_intro')}</p>
      </div>
      <Tabs
        label={t('listing_details.variants_heading')}
        items={present.map((marketplace) => ({ value: marketplace, label: MARKETPLACE_NAMES[marketplace] }))}
        value={active}
        onValueChange={setSelected}
      >
        <div className="variant">
          <VariantPart label={t('listing_details.title_label')} copyText={variant.title} marketplace={name}>
            <p className="variant__title">{variant.title}</p>
            <p className="variant__meta">
              {t('listing_details.characters', { count: variant.title.length })}
            </p>
          </VariantPart>
          <VariantPart
            label={t('listing_details.description_label')}
            copyText={variant.description}
            marketplace={name}
          >
            <p className="variant__description">{variant.description}</p>
          </VariantPart>
          {variant.tags.length > 0 && (
            <VariantPart
              label={t('listing_details.tags_label')}
              copyText={variant.tags.join(', ')}
              marketplace={name}
            >
              <ul className="chips chips--static">
                {variant.tags.map((tag) => (
                  <li key={tag} className="chip chip--static">
                    {tag}
                  </li>
                ))}
              </ul>
            </VariantPart>
          )}
        </div>
      </Tabs>
    </section>
  );
}

interface VariantPartProps {
  label: string;
  copyText: string;
  marketplace: string;
  children: ReactNode;
}

function VariantPart({ label, copyText, marketplace, children }: VariantPartProps) {
  const { t } = useTranslation();
  return (
    <div className="variant__part">
      <div className="variant__part-head">
        <h3>{label}</h3>
        <CopyButton
          text={copyText}
          label={t('listing_details.copy_variant_part', { part: label, marketplace })}
        />
      </div>
      {children}
    </div>
  );
}
