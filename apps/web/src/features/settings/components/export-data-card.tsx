// "Your data" (decision 043): everything the seller put into Snaplist, as one zip they keep (listings as JSON
// and CSV, their photos, the account), before leaving or just to have a copy.
import { Download } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { failureText } from '../account-failure';
import { useExportAccount } from '../api/export-account';

export function ExportDataCard() {
  const { t } = useTranslation();
  const exportAccount = useExportAccount();

  const start = () => {
    if (exportAccount.isPending) return;
    exportAccount.mutate(undefined, {
      onSuccess: (fileName) => toast.success(t('settings.export_done', { fileName })),
      onError: (error) => toast.error(t('settings.export_failed', { reason: failureText(error, t) })),
    });
  };

  return (
    <TitledCard titleId="settings-export" className="settings__section" title={t('settings.export_title')}>
      <p className="muted">{t('settings.export_text')}</p>
      <Button variant="secondary" onClick={start} aria-disabled={exportAccount.isPending}>
        {exportAccount.isPending ? <Spinner size="sm" /> : <Download size={18} aria-hidden="true" />}
        {exportAccount.isPending ? t('settings.export_running') : t('settings.export_button')}
      </Button>
    </TitledCard>
  );
}
