// What the editor shows while the listing it starts from is on its way.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

export function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="listing-editor__form" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <Skeleton height="56px" />
      <div className="card">
        <Skeleton width="25%" />
        <div className="editor-photos__grid">
          <Skeleton height="120px" />
          <Skeleton height="120px" />
          <Skeleton height="120px" />
        </div>
      </div>
      {[0, 1].map((item) => (
        <div key={item} className="card">
          <Skeleton width="20%" />
          <Skeleton height="46px" />
          <Skeleton width="20%" />
          <Skeleton height="120px" />
        </div>
      ))}
    </div>
  );
}
