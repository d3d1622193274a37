// The auth modal's "Reset your password" view (decision 040): the seller gives their e-mail, gets a link to
// choose a new password. Every accepted request shows the same confirmation, because the server answers the
// same whether or not the address has an account; only a refusal (too many requests, no connection) differs.
import type { IssueCode } from '@snaplist/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { pageLanguage } from '@/lib/i18n';
import { useRequestPasswordReset } from '../api/password-reset';
import { type AuthFailure, describeAccountFailure } from '../lib/auth-failure';
import { validateResetEmail } from '../lib/validate-credentials';
import { EmailField } from './email-field';
import { FailureAlert } from './failure-alert';
import { SentNotice } from './sent-notice';
import type { ViewProps } from './view-props';

interface PasswordResetRequestProps extends ViewProps {
  /** Back to the log-in form, with the address typed here. */
  onBack: (email: string) => void;
}

export function PasswordResetRequest({ initialEmail, focusOnMount, onBack }: PasswordResetRequestProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [emailProblem, setEmailProblem] = useState<IssueCode | undefined>();
  const [failure, setFailure] = useState<AuthFailure | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useRequestPasswordReset();
  const emailInput = useRef<HTMLInputElement>(null);
  // Decided once, on mount: a later render does not take the focus back to the field.
  const focusEmailOnMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusEmailOnMount.current) emailInput.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const problem = validateResetEmail(email);
    setEmailProblem(problem);
    setFailure(undefined);
    if (problem) return;
    // The e-mail is written in the page's language: the account, if there is one, is not known here.
    const language = pageLanguage(i18n);
    try {
      await request.mutateAsync({ email: email.trim(), language });
      setSentTo(email.trim());
    } catch (caught) {
      setFailure(describeAccountFailure(caught, t('auth.reset_request_failed'), t));
    }
  };

  if (sentTo !== undefined) {
    return (
      <SentNotice onBack={() => onBack(sentTo)}>
        <p role="status" className="auth-form__sent">
          {t('auth.reset_sent', { email: sentTo })}
        </p>
      </SentNotice>
    );
  }

  const emailId = `${id}-email`;
  return (
    <div className="auth-form">
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          id={emailId}
          value={email}
          onChange={setEmail}
          issue={emailProblem}
          inputRef={emailInput}
        />
        <Button type="submit" size="lg" className="auth-form__submit" disabled={request.isPending}>
          {request.isPending && <Spinner size="sm" />}
          {request.isPending ? t('auth.sending_link') : t('auth.send_link')}
        </Button>
        {failure && <FailureAlert {...failure} />}
      </form>
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={() => onBack(email.trim())}>
          {t('auth.back_to_login')}
        </button>
      </p>
    </div>
  );
}
