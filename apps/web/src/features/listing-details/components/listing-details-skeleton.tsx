// What the details page shows while the listing is on its way.
import { LoadingRegion, SkeletonCards, SkeletonPhotoCard } from '@/components/ui/skeleton';

const FIELD_LINES = [
  { width: '30%', height: '1rem' },
  { height: '1.4rem' },
  { width: '70%', height: '1rem' },
];

export function ListingDetailsSkeleton() {
  return (
    <LoadingRegion className="listing-details__layout">
      <SkeletonPhotoCard
        lead={{ height: '280px' }}
        rowClassName="listing-details__skeleton-thumbs"
        tileHeight="72px"
      />
      <div className="listing-details__fields">
        <SkeletonCards count={3} lines={FIELD_LINES} />
      </div>
    </LoadingRegion>
  );
}
