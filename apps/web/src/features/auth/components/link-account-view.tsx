// "Link Google to your account" (decision 044): Google or Apple vouched for an e-mail that already has a
// Snaplist account with a password. The address alone does not let anyone in: the seller proves the account
// is theirs with its password, or with a link e-mailed to that address, and the provider is linked to it.
// Shown in the auth modal, and on the callback page when the sign-in left the tab (no popup).
import type { AuthResponse, IssueCode } from '@snaplist/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { issueText } from '@/lib/errors';
import { pageLanguage } from '@/lib/i18n';
import { useLinkProviderWithPassword, useSendProviderLinkEmail } from '../api/oidc';
import { type AuthFailure, describeAccountFailure } from '../lib/auth-failure';
import { PROVIDER_NAMES } from '../lib/providers';
import type { LinkRequest } from '../lib/use-provider-sign-in';
import { FailureAlert } from './failure-alert';
import { SentNotice } from './sent-notice';

const HTTP_UNAUTHORIZED = 401;

interface LinkAccountViewProps {
  request: LinkRequest;
  /** Signs in with the answer: the rest of the post-sign-in sequence, then wherever the seller goes next. */
  onLinked: (result: AuthResponse) => Promise<void>;
  /** Back to the log-in form, with the account's address. */
  onBack: (email: string) => void;
}

export function LinkAccountView({ request, onLinked, onBack }: LinkAccountViewProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { provider, email, state, browserKey } = request;
  const name = PROVIDER_NAMES[provider];
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<IssueCode | undefined>();
  const [failure, setFailure] = useState<AuthFailure | undefined>();
  const [signingIn, setSigningIn] = useState(false);
  const [sent, setSent] = useState(false);
  const link = useLinkProviderWithPassword();
  const sendEmail = useSendProviderLinkEmail();
  const passwordInput = useRef<HTMLInputElement>(null);

  // This view replaced the one that had the focus.
  useEffect(() => {
    passwordInput.current?.focus();
  }, []);

  const busy = signingIn || sendEmail.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    if (password === '') {
      setPasswordProblem('password_required');
      return;
    }
    setPasswordProblem(undefined);
    setSigningIn(true);
    try {
      const result = await link.mutateAsync({ provider, request: { state, browserKey, password } });
      await onLinked(result);
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.status === HTTP_UNAUTHORIZED
          ? { message: t('link_account.wrong_password') }
          : describeAccountFailure(caught, t('link_account.failed', { provider: name }), t),
      );
    } finally {
      setSigningIn(false);
    }
  };

  const onEmailLink = async () => {
    if (busy) return;
    setFailure(undefined);
    try {
      await sendEmail.mutateAsync({ provider, request: { state, browserKey, language: pageLanguage(i18n) } });
      setSent(true);
    } catch (caught) {
      setFailure(describeAccountFailure(caught, t('link_account.email_failed'), t));
    }
  };

  if (sent) {
    return (
      <SentNotice onBack={() => onBack(email)}>
        <div role="status" className="auth-form__sent">
          <p className="auth-form__sent-title">{t('link_account.sent_title')}</p>
          <p>{t('link_account.sent', { email, provider: name })}</p>
        </div>
      </SentNotice>
    );
  }

  return (
    <div className="auth-form">
      <p className="auth-form__intro">{t('link_account.intro', { email, provider: name })}</p>
      <form onSubmit={onSubmit} noValidate>
        {/* The account's address, for password managers: they fill the password of the right account. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <InputField
          ref={passwordInput}
          id={`${id}-password`}
          label={t('link_account.password_label')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordProblem && issueText({ code: passwordProblem }, t)}
        />
        <Button type="submit" size="lg" className="auth-form__submit" disabled={busy}>
          {signingIn && <Spinner size="sm" />}
          {signingIn ? t('link_account.linking') : t('link_account.continue')}
        </Button>
        {failure && <FailureAlert {...failure} />}
      </form>
      <Button variant="secondary" size="lg" onClick={() => void onEmailLink()} disabled={busy}>
        {sendEmail.isPending && <Spinner size="sm" />}
        {sendEmail.isPending ? t('auth.sending_link') : t('link_account.email_instead')}
      </Button>
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={() => onBack(email)}>
          {t('auth.back_to_login')}
        </button>
      </p>
    </div>
  );
}
