// Where an inventory item is listed: one link per marketplace in listedOn, named after the marketplace and
// opening that listing in a new tab, then any publication badges crosslisting lends (a copy on its way or
// failed). Only web addresses become links, whatever the stored value holds. Shown in the inventory's rows and
// on the listing's page.
import { type ListedOn, MARKETPLACE_NAMES, MARKETPLACES, type Marketplace } from '@snaplist/contract';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '@/components/ui/external-link';
import './listed-on-links.css';

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function ListedOnLinks({ listedOn, badges = null }: { listedOn: ListedOn; badges?: ReactNode }) {
  const { t } = useTranslation();
  const places = MARKETPLACES.flatMap((marketplace) => {
    const link = listedOn[marketplace];
    return link ? [{ marketplace, url: link.url }] : [];
  });
  if (places.length === 0 && badges === null)
    return <span className="muted">{t('listings.not_listed')}</span>;
  return (
    <>
      {places.length > 0 && <ListedOnList places={places} />}
      {badges}
    </>
  );
}

function ListedOnList({ places }: { places: Array<{ marketplace: Marketplace; url: string }> }) {
  return (
    <ul className="listed-on">
      {places.map(({ marketplace, url }) => (
        <li key={marketplace}>
          {isWebAddress(url) ? (
            <ExternalLink href={url} className="listed-on__link">
              {MARKETPLACE_NAMES[marketplace]}
              <ExternalLinkIcon size={14} aria-hidden="true" />
            </ExternalLink>
          ) : (
            <span className="listed-on__link listed-on__link--plain">{MARKETPLACE_NAMES[marketplace]}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
