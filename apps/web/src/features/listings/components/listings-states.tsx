// What the listings panel shows when there are no rows to show: the first load, nothing at all, nothing
// matching a search, or a first page that could not be loaded.
import type { ListingType } from '@snaplist/contract';
import { PackageOpen, RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { guardCreateListing } from '@/lib/paywall';

const SKELETON_CARDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];

export function ListingsSkeleton({ type }: { type: ListingType }) {
  const { t } = useTranslation();
  return (
    <div className="listings-skeleton">
      <span role="status" className="visually-hidden">
        {t('listings.loading')}
      </span>
      {type === 'generations' ? (
        <div className="listing-grid" aria-hidden="true">
          {SKELETON_CARDS.map((key) => (
            <div key={key} className="listing-card">
              <Skeleton className="listing-card__photo" height="auto" />
              <div className="listing-card__body">
                <Skeleton height="1.1rem" />
                <Skeleton height="1.1rem" width="60%" />
                <Skeleton height="36px" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <div className="inventory inventory--skeleton" aria-hidden="true">
          {SKELETON_ROWS.map((key) => (
            <div key={key} className="inventory-skeleton__row">
              <Skeleton width="20px" height="20px" />
              <Skeleton className="inventory__photo" width="56px" height="56px" />
              <Skeleton height="1rem" width="min(360px, 60%)" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

interface StateCardProps {
  icon: ReactNode;
  /** The icon in the danger colour: something failed. */
  danger?: boolean;
  title: string;
  text?: string;
  /** The way on. */
  children: ReactNode;
}

/** A card standing in for the listings: an icon, what is going on, and the way on. */
function StateCard({ icon, danger, title, text, children }: StateCardProps) {
  return (
    <section className="card listings-empty">
      <span
        className={['listings-empty__icon', danger ? 'listings-empty__icon--danger' : '']
          .filter(Boolean)
          .join(' ')}
      >
        {icon}
      </span>
      <h2 className="card__title">{title}</h2>
      {text && <p className="muted">{text}</p>}
      {children}
    </section>
  );
}

interface EmptyListingsProps {
  search: string;
  onClearSearch: () => void;
}

export function EmptyListings({ search, onClearSearch }: EmptyListingsProps) {
  const { t } = useTranslation();
  if (search !== '') {
    return (
      <StateCard
        icon={<SearchX size={28} aria-hidden="true" />}
        title={t('listings.no_match_title', { search })}
        text={t('listings.no_match_text')}
      >
        <Button variant="secondary" onClick={onClearSearch}>
          {t('listings.clear_search')}
        </Button>
      </StateCard>
    );
  }
  return (
    <StateCard
      icon={<PackageOpen size={28} aria-hidden="true" />}
      title={t('listings.empty_title')}
      text={t('listings.empty_text')}
    >
      <Link
        to={paths.dashboard.createListing}
        className={buttonClass('primary', 'md')}
        onClick={guardCreateListing}
      >
        {t('listings.create_new')}
      </Link>
    </StateCard>
  );
}

export function ListingsLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <StateCard danger icon={<TriangleAlert size={28} aria-hidden="true" />} title={t('listings.load_failed')}>
      <Button variant="secondary" aria-disabled={retrying} onClick={() => !retrying && onRetry()}>
        <RotateCcw size={16} aria-hidden="true" />
        {retrying ? t('common.loading') : t('listings.try_again')}
      </Button>
    </StateCard>
  );
}
