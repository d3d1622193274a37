// What the details page shows while the listing is on its way.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

export function ListingDetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="listing-details__layout" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className="card">
        <Skeleton height="280px" />
        <div className="listing-details__skeleton-thumbs">
          <Skeleton height="72px" />
          <Skeleton height="72px" />
          <Skeleton height="72px" />
        </div>
      </div>
      <div className="listing-details__fields">
        {[0, 1, 2].map((item) => (
          <div key={item} className="card">
            <Skeleton width="30%" height="1rem" />
            <Skeleton height="1.4rem" />
            <Skeleton width="70%" height="1rem" />
          </div>
        ))}
      </div>
    </div>
  );
}
