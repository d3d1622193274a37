// Shows the first queued alert (stores/alert.ts) as an accessible alert dialog with one OK button.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useAlertStore } from '@/stores/alert';
import { useReturnFocus } from './use-return-focus';

export function AlertDialogHost() {
  const { t } = useTranslation();
  const message = useAlertStore((state) => state.queue[0]);
  const dismissAlert = useAlertStore((state) => state.dismissAlert);
  const returnFocus = useReturnFocus();

  return (
    <RadixDialog.Root open={message !== undefined} onOpenChange={(open) => !open && dismissAlert()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay dialog-overlay--alert" />
        <RadixDialog.Content role="alertdialog" className="dialog dialog--alert" {...returnFocus}>
          <RadixDialog.Title className="dialog__title">{t('alert.title')}</RadixDialog.Title>
          <RadixDialog.Description className="dialog__message">{message}</RadixDialog.Description>
          <div className="dialog__actions">
            <RadixDialog.Close className="btn btn--primary btn--md">{t('common.ok')}</RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
