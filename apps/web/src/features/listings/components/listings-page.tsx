// /dashboard/listings (SPEC section 2). The page frame; the Generations and Inventory tabs arrive with a later issue.
import { useTranslation } from 'react-i18next';

export function ListingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{t('listings.title')}</h1>
      </header>
    </div>
  );
}
