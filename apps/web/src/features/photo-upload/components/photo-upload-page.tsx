// /photo-upload (SPEC section 2). The page frame; choosing photos and generating arrive with a later issue.
import { useTranslation } from 'react-i18next';

export function PhotoUploadPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1 className="page__title">{t('photo_upload.title')}</h1>
        <p className="page__subtitle">{t('photo_upload.subtitle')}</p>
      </header>
    </div>
  );
}
