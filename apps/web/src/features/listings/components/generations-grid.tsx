// The Generations tab: one card per generated listing with its photo, its title, View (the
// listing details) and List Item (a new inventory listing prefilled from it).
import type { ListingSummary } from '@snaplist/contract';
import { Eye, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { guardCreateListing } from '@/lib/paywall';
import { listItemPath } from '../listings-url';
import { ListingThumbnail } from './listing-thumbnail';

export function GenerationsGrid({ listings }: { listings: readonly ListingSummary[] }) {
  return (
    <ul className="listing-grid">
      {listings.map((listing) => (
        <li key={listing.listingId}>
          <GenerationCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}

function GenerationCard({ listing }: { listing: ListingSummary }) {
  const { t } = useTranslation();
  const title = listing.title || t('listings.untitled');
  const titleId = `listing-card-${listing.listingId}`;
  return (
    <article className="listing-card" aria-labelledby={titleId}>
      <ListingThumbnail url={listing.thumbnailUrl} className="listing-card__photo" />
      <div className="listing-card__body">
        <h2 id={titleId} className="listing-card__title">
          {title}
        </h2>
        <div className="listing-card__actions">
          <Link to={paths.dashboard.listing(listing.listingId)} className={buttonClass('secondary', 'sm')}>
            <Eye size={16} aria-hidden="true" />
            {t('listings.view')} <span className="visually-hidden">{title}</span>
          </Link>
          <Link
            to={listItemPath(listing.listingId)}
            className={buttonClass('primary', 'sm')}
            onClick={guardCreateListing}
          >
            <Store size={16} aria-hidden="true" />
            {t('listings.list_item')} <span className="visually-hidden">{title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
