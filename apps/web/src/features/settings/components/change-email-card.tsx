// Change e-mail (decision 042): the link goes to the new address, and the account keeps its address until
// the link is followed (/confirm-email), so a typo cannot lock the seller out. The card says where it went.
import type { ChangeEmailRequest, ErrorCode } from '@snaplist/contract';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { ApiError } from '@/lib/api-client';
import { pageLanguage } from '@/lib/i18n';
import { failureText } from '../account-failure';
import {
  accountFieldProps,
  EMPTY_EMAIL_VALUES,
  type EmailValues,
  emailResolver,
  fieldErrorText,
  issueError,
  placeServerIssues,
  refusalError,
} from '../account-forms';
import { useChangeEmail } from '../api/account-email';
import { FormAlert } from './form-alert';

const EMAIL_FIELDS = ['email', 'currentPassword'] as const;

/** The server's refusals that are about one field, and the field. */
const FIELD_REFUSALS: Partial<Record<ErrorCode, (typeof EMAIL_FIELDS)[number]>> = {
  email_taken: 'email',
  wrong_password: 'currentPassword',
};

interface ChangeEmailCardProps {
  currentEmail: string;
  hasPassword: boolean;
}

export function ChangeEmailCard({ currentEmail, hasPassword }: ChangeEmailCardProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = pageLanguage(i18n);
  const changeEmail = useChangeEmail();
  // The page keys this card by hasPassword; the language and the current address are those of the moment the
  // form is sent.
  const form = useForm<EmailValues, unknown, ChangeEmailRequest>({
    defaultValues: EMPTY_EMAIL_VALUES,
    resolver: emailResolver(hasPassword, language, currentEmail),
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code) {
      const field = FIELD_REFUSALS[error.code];
      // Without a password there is no field for a wrong one: the refusal is said under the form.
      if (field && (field === 'email' || hasPassword)) {
        form.setError(field, refusalError(error.code), { shouldFocus: true });
        return;
      }
    }
    if (error instanceof ApiError && error.code === 'validation_failed') {
      const { placed, unplaced } = placeServerIssues(error.details ?? [], EMAIL_FIELDS);
      for (const [name, issue] of placed) form.setError(name, issueError(issue.code), { shouldFocus: true });
      if (placed.size > 0 && unplaced.length === 0) return;
    }
    setFailure(failureText(error, t));
  };

  const submit = form.handleSubmit(async (request) => {
    if (changeEmail.isPending) return;
    setFailure(null);
    setPendingEmail(null);
    try {
      const answer = await changeEmail.mutateAsync(request);
      setPendingEmail(answer.pendingEmail);
      form.reset(EMPTY_EMAIL_VALUES);
    } catch (error) {
      onFailure(error);
    }
  });

  const titleId = `${id}-title`;
  return (
    <TitledCard titleId={titleId} className="settings__section" title={t('settings.email_title')}>
      <p className="muted">{t('settings.email_intro')}</p>
      <form
        className="settings-form"
        aria-labelledby={titleId}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <InputField
          id={`${id}-email`}
          label={t('settings.email_new')}
          type="email"
          autoComplete="email"
          {...accountFieldProps(form, 'email', t)}
        />
        {hasPassword && (
          <InputField
            id={`${id}-password`}
            label={t('settings.email_password')}
            hint={t('settings.email_password_hint')}
            type="password"
            autoComplete="current-password"
            {...accountFieldProps(form, 'currentPassword', t)}
          />
        )}
        <Button type="submit" aria-disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner size="sm" /> : <Mail size={18} aria-hidden="true" />}
          {form.formState.isSubmitting ? t('settings.email_sending') : t('settings.email_submit')}
        </Button>
        {pendingEmail !== null && (
          <p role="status" className="settings-form__done">
            {t('settings.email_link_sent', { pending: pendingEmail, current: currentEmail })}
          </p>
        )}
        {errors.root && <FormAlert message={fieldErrorText(errors.root, t)} />}
        {failure && <FormAlert message={failure} />}
      </form>
    </TitledCard>
  );
}
