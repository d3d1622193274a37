// Grey placeholder blocks standing in for content that is not there yet, and the busy region around them that
// tells a screen reader the page is loading.
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

export function Skeleton({ width = '100%', height = '1rem', className }: SkeletonProps) {
  return (
    <span
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/** A page part on its way: marked busy, and announced as loading. */
export function LoadingRegion({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      {children}
    </div>
  );
}

/** A card of photos on their way: a heading or main photo, then a row of three tiles. */
export function SkeletonPhotoCard({
  lead,
  rowClassName,
  tileHeight,
}: {
  lead: SkeletonProps;
  rowClassName: string;
  tileHeight: CSSProperties['height'];
}) {
  return (
    <div className="card">
      <Skeleton {...lead} />
      <div className={rowClassName}>
        {[0, 1, 2].map((tile) => (
          <Skeleton key={tile} height={tileHeight} />
        ))}
      </div>
    </div>
  );
}

/** Cards of placeholder lines, each card with the same lines. */
export function SkeletonCards({ count, lines }: { count: number; lines: readonly SkeletonProps[] }) {
  const cards = Array.from({ length: count }, (_, card) => card);
  return cards.map((card) => (
    <div key={card} className="card">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, their place is their identity
        <Skeleton key={index} {...line} />
      ))}
    </div>
  ));
}
