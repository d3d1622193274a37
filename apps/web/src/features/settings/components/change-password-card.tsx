// Change password, or "Set a password" for an account made with Google or Apple (decision 042). The new token
// the server answers with replaces the stored one, since every other session, this one's old token included,
// has ended. A wrong current password is said on its field.
import { type ChangePasswordRequest, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { ApiError } from '@/lib/api-client';
import { failureText } from '../account-failure';
import {
  accountFieldProps,
  EMPTY_PASSWORD_VALUES,
  fieldErrorText,
  issueError,
  type PasswordValues,
  passwordResolver,
  placeServerIssues,
  refusalError,
} from '../account-forms';
import { useChangePassword } from '../api/change-password';
import { FormAlert } from './form-alert';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;
const DONE_TOAST_MS = 6000;

/** The page keys it by `hasPassword`: setting a first password turns it into the change form. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const changePassword = useChangePassword();
  const [resolver] = useState(() => passwordResolver(hasPassword));
  const form = useForm<PasswordValues, unknown, ChangePasswordRequest>({
    defaultValues: EMPTY_PASSWORD_VALUES,
    resolver,
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'wrong_password' && hasPassword) {
      form.setError('currentPassword', refusalError('wrong_password'), { shouldFocus: true });
      return;
    }
    if (error instanceof ApiError && error.code === 'validation_failed') {
      const { placed, unplaced } = placeServerIssues(error.details ?? [], PASSWORD_FIELDS);
      for (const [field, issue] of placed)
        form.setError(field, issueError(issue.code), { shouldFocus: true });
      if (placed.size > 0 && unplaced.length === 0) return;
    }
    setFailure(failureText(error, t));
  };

  const submit = form.handleSubmit(async (request) => {
    if (changePassword.isPending) return;
    setFailure(null);
    try {
      await changePassword.mutateAsync(request);
    } catch (error) {
      onFailure(error);
      return;
    }
    form.reset(EMPTY_PASSWORD_VALUES);
    toast.success(t(hasPassword ? 'settings.password_changed' : 'settings.password_set'), {
      duration: DONE_TOAST_MS,
    });
  });

  const titleId = `${id}-title`;
  return (
    <TitledCard
      titleId={titleId}
      className="settings__section"
      title={t(hasPassword ? 'settings.password_title' : 'settings.password_set_title')}
    >
      {!hasPassword && <p className="muted">{t('settings.password_set_intro')}</p>}
      <form
        className="settings-form"
        aria-labelledby={titleId}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        {hasPassword && (
          <InputField
            id={`${id}-current`}
            label={t('settings.password_current')}
            type="password"
            autoComplete="current-password"
            {...accountFieldProps(form, 'currentPassword', t)}
          />
        )}
        <InputField
          id={`${id}-new`}
          label={t('settings.password_new')}
          hint={t('settings.password_hint', { min: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          {...accountFieldProps(form, 'newPassword', t)}
        />
        <Button type="submit" aria-disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner size="sm" /> : <KeyRound size={18} aria-hidden="true" />}
          {form.formState.isSubmitting
            ? t('settings.password_saving')
            : t(hasPassword ? 'settings.password_submit' : 'settings.password_set_submit')}
        </Button>
        {errors.root && <FormAlert message={fieldErrorText(errors.root, t)} />}
        {failure && <FormAlert message={failure} />}
      </form>
    </TitledCard>
  );
}
