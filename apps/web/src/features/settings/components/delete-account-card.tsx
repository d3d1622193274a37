// The danger zone (decision 043): deleting the account for good. The dialog says what goes and asks for the
// account's e-mail, typed: the same in every language, and never typed by accident; and its password, so a
// session left open somewhere cannot delete it (an account made with Google or Apple has none: the server asks
// for a recent sign-in instead, decision 053). The server checks both again. Afterwards the session is already
// gone on the server, so the browser only forgets it and goes home.
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { failureText } from '../account-failure';
import { useDeleteAccount } from '../api/delete-account';
import { FormAlert } from './form-alert';

/** The payment provider could not cancel the subscription, so the server deleted nothing. */
const HTTP_BAD_GATEWAY = 502;
const DONE_TOAST_MS = 6000;

/** What the seller typed is their account's address: spaces around and letter case aside, as the server does. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

export function DeleteAccountCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <TitledCard titleId="settings-delete" className="settings__danger" title={t('settings.delete_title')}>
      <p className="muted">{t('settings.delete_text')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 size={18} aria-hidden="true" />
        {t('settings.delete_open')}
      </Button>
      {open && <DeleteAccountDialog email={email} hasPassword={hasPassword} onClose={() => setOpen(false)} />}
    </TitledCard>
  );
}

function DeleteAccountDialog({
  email,
  hasPassword,
  onClose,
}: {
  email: string;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = confirmsEmail(typed, email) && (!hasPassword || password !== '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed || deleteAccount.isPending) return;
    setFailure(null);
    try {
      // Addresses are kept in lower case; the seller may have typed capitals.
      await deleteAccount.mutateAsync({
        confirmation: typed.trim().toLowerCase(),
        ...(hasPassword && { currentPassword: password }),
      });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === HTTP_BAD_GATEWAY
          ? t('settings.delete_payment_unreachable')
          : failureText(error, t),
      );
      return;
    }
    toast.success(t('settings.delete_done'), { duration: DONE_TOAST_MS });
    await navigate(paths.home, { replace: true });
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        // A deletion on its way is not interrupted by Escape or a click outside.
        if (!next && !deleteAccount.isPending) onClose();
      }}
      title={t('settings.delete_dialog_title')}
      description={t('settings.delete_dialog_intro')}
      className="settings-delete-dialog"
    >
      <ul className="settings-delete-dialog__list">
        <li>{t('settings.delete_goes_listings')}</li>
        <li>{t('settings.delete_goes_marketplaces')}</li>
        <li>{t('settings.delete_goes_subscription')}</li>
      </ul>
      <p className="settings-delete-dialog__final">{t('settings.delete_cannot_undo')}</p>
      <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        <InputField
          id={`${id}-confirmation`}
          label={t('settings.delete_type_email', { email })}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {hasPassword && (
          <InputField
            id={`${id}-password`}
            label={t('settings.password_current')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <div className="settings-delete-dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={deleteAccount.isPending}>
            {t('settings.delete_cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            className="settings-delete-dialog__submit"
            disabled={!confirmed || deleteAccount.isPending}
          >
            {deleteAccount.isPending ? <Spinner size="sm" /> : <Trash2 size={18} aria-hidden="true" />}
            {deleteAccount.isPending ? t('settings.delete_deleting') : t('settings.delete_submit')}
          </Button>
        </div>
        {failure && <FormAlert message={failure} />}
      </form>
    </Dialog>
  );
}
