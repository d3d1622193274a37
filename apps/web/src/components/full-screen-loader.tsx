// The full-screen loading view (logo and spinner) shown while the first auth check runs.
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';
import { Spinner } from './ui/spinner';

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-screen-loader">
      <LogoMark size={56} />
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}
