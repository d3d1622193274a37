// What the editor shows while the listing it starts from is on its way.
import { LoadingRegion, Skeleton, SkeletonCards, SkeletonPhotoCard } from '@/components/ui/skeleton';

const FIELD_LINES = [{ width: '20%' }, { height: '46px' }, { width: '20%' }, { height: '120px' }];

export function EditorSkeleton() {
  return (
    <LoadingRegion className="listing-editor__form">
      <Skeleton height="56px" />
      <SkeletonPhotoCard lead={{ width: '25%' }} rowClassName="editor-photos__grid" tileHeight="120px" />
      <SkeletonCards count={2} lines={FIELD_LINES} />
    </LoadingRegion>
  );
}
