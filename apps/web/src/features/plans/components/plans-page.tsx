// /plans and /dashboard/plans (SPEC section 2). The frame; tiers and checkout arrive with a later issue.
import { useTranslation } from 'react-i18next';

export function PlansPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{t('plans.title')}</h1>
      </header>
    </div>
  );
}
