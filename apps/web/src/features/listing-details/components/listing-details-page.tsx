// /dashboard/listings/:itemId (SPEC section 2). The frame with the back arrow; the listing itself arrives
// with a later issue.
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function ListingDetailsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Link to={paths.dashboard.listings} className="back-link">
        <ArrowLeft size={18} aria-hidden="true" />
        {t('listing_details.back')}
      </Link>
      <header className="page__header">
        <h1 className="page__title">{t('listing_details.title')}</h1>
      </header>
    </div>
  );
}
