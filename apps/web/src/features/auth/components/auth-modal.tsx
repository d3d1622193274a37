// The auth modal (decision 022): sign up or log in with e-mail and password, or with Google or
// Apple where the server offers them, from the landing page, the dashboard or the end of a photo upload; from
// log-in, a seller who forgot their password asks for a reset link (decision 040). A provider whose e-mail
// belongs to an existing password account leads to the view that links the two.

import { type AuthResponse, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { issueText } from '@/lib/errors';
import { pageLanguage } from '@/lib/i18n';
import { type AuthModalContext, type AuthModalView, useAuthStore } from '@/stores/auth';
import { type AuthMode, useSignIn } from '../api/sign-in';
import { describeAuthFailure, serverFieldIssue } from '../lib/auth-failure';
import { finishSignIn } from '../lib/finish-sign-in';
import { PROVIDER_NAMES } from '../lib/providers';
import { type ProviderSignIn, useProviderSignIn } from '../lib/use-provider-sign-in';
import { type CredentialProblems, validateCredentials } from '../lib/validate-credentials';
import { EmailField } from './email-field';
import { FailureAlert } from './failure-alert';
import { LinkAccountView } from './link-account-view';
import { PasswordResetRequest } from './password-reset-request';
import { ProviderButtons } from './provider-buttons';
import type { ViewProps } from './view-props';
import './auth-modal.css';

export function AuthModal() {
  const { t } = useTranslation();
  const { isOpen, context, view: requestedView = 'credentials' } = useAuthStore((state) => state.authModal);
  const closeAuthModal = useAuthStore((state) => state.closeAuthModal);
  const initialMode: AuthMode = context === 'photo-upload' ? 'sign-up' : 'login';
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [view, setView] = useState<AuthModalView>(requestedView);
  // The address typed in one view, carried to the other.
  const [carriedEmail, setCarriedEmail] = useState('');
  // Whether the seller moved between views since the modal opened (see ViewProps.focusOnMount).
  const [switchedView, setSwitchedView] = useState(false);
  const [openedFor, setOpenedFor] = useState({ isOpen, context, requestedView });
  const providerSignIn = useProviderSignIn(context, isOpen);
  const { linkRequest, cancelLink } = providerSignIn;

  // Each time the modal opens it starts in the view asked for and the mode its context suggests.
  if (
    openedFor.isOpen !== isOpen ||
    openedFor.context !== context ||
    openedFor.requestedView !== requestedView
  ) {
    setOpenedFor({ isOpen, context, requestedView });
    if (isOpen) {
      setMode(initialMode);
      setView(requestedView);
      setCarriedEmail('');
      setSwitchedView(false);
    }
  }

  const switchView = (next: AuthModalView, email: string) => {
    cancelLink();
    setCarriedEmail(email);
    setSwitchedView(true);
    setView(next);
    if (next === 'credentials') setMode('login');
    // A failed log-in's message is not about the view the seller goes to, nor the one they come back to.
    useAuthStore.getState().setError(null);
  };

  const onLinked = async ({ jwtToken }: AuthResponse) => {
    await finishSignIn({ jwtToken, welcome: 'welcome_back', context }, t);
    useAuthStore.getState().closeAuthModal();
  };

  const title = linkRequest
    ? t('link_account.title', { provider: PROVIDER_NAMES[linkRequest.provider] })
    : view === 'password-reset'
      ? t('auth.title_reset')
      : context === 'photo-upload'
        ? t('auth.title_listing_ready')
        : mode === 'sign-up'
          ? t('auth.title_sign_up')
          : t('auth.title_login');
  const description = linkRequest
    ? t('link_account.subtitle')
    : view === 'password-reset'
      ? t('auth.subtitle_reset')
      : mode === 'sign-up'
        ? t('auth.subtitle_sign_up')
        : t('auth.subtitle_login');

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => !open && closeAuthModal()}
      title={title}
      description={description}
      className="auth-modal"
    >
      {linkRequest ? (
        <LinkAccountView
          request={linkRequest}
          onLinked={onLinked}
          onBack={(email) => switchView('credentials', email)}
        />
      ) : view === 'password-reset' ? (
        <PasswordResetRequest
          initialEmail={carriedEmail}
          focusOnMount={switchedView}
          onBack={(email) => switchView('credentials', email)}
        />
      ) : (
        <AuthForm
          mode={mode}
          onModeChange={setMode}
          context={context}
          initialEmail={carriedEmail}
          focusOnMount={switchedView}
          onForgotPassword={(email) => switchView('password-reset', email)}
          providerSignIn={providerSignIn}
        />
      )}
    </Dialog>
  );
}

/** What both views of the modal take. */

interface AuthFormProps extends ViewProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  context: AuthModalContext;
  onForgotPassword: (email: string) => void;
  providerSignIn: ProviderSignIn;
}

function AuthForm({
  mode,
  onModeChange,
  context,
  initialEmail,
  focusOnMount,
  onForgotPassword,
  providerSignIn,
}: AuthFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const emailInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<CredentialProblems>({});
  const [failureDetail, setFailureDetail] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const error = useAuthStore((state) => state.error);
  const setError = useAuthStore((state) => state.setError);
  const signIn = useSignIn();

  const focusEmailOnMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusEmailOnMount.current) emailInput.current?.focus();
  }, []);

  const toggleMode = () => {
    onModeChange(mode === 'login' ? 'sign-up' : 'login');
    setEmail('');
    setPassword('');
    setFieldErrors({});
    setError(null);
    setFailureDetail(undefined);
  };

  const validate = () => {
    const problems = validateCredentials(mode, { email, password });
    setFieldErrors(problems);
    return Object.keys(problems).length === 0;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !validate()) return;
    setSubmitting(true);
    setError(null);
    setFailureDetail(undefined);
    const auth = useAuthStore.getState();
    auth.setLoading(true);
    try {
      const result = await signIn.mutateAsync({
        mode,
        credentials: { email: email.trim(), password },
        language: pageLanguage(i18n),
      });
      const welcome = mode === 'login' ? 'welcome_back' : 'welcome';
      await finishSignIn({ jwtToken: result.jwtToken, welcome, context }, t);
      useAuthStore.getState().closeAuthModal();
    } catch (caught) {
      const passwordIssue = mode === 'sign-up' ? serverFieldIssue(caught, 'password') : undefined;
      if (passwordIssue) {
        // On its field, like the browser's own refusals (a common password only the server can tell).
        setError(null);
        setFieldErrors({ password: passwordIssue });
        return;
      }
      const failure = describeAuthFailure(caught, mode, t);
      setError(failure.message);
      setFailureDetail(failure.detail);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-form">
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          id={`${id}-email`}
          value={email}
          onChange={setEmail}
          issue={fieldErrors.email}
          inputRef={emailInput}
        />
        <InputField
          id={`${id}-password`}
          label={t('auth.password_label')}
          hint={mode === 'sign-up' && t('auth.password_hint', { min: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password && issueText({ code: fieldErrors.password }, t)}
          footer={
            // After the password in the page's order: Tab goes from the e-mail to the password, as people expect.
            mode === 'login' && (
              <p className="auth-form__forgot">
                <button type="button" className="link-button" onClick={() => onForgotPassword(email.trim())}>
                  {t('auth.forgot_password')}
                </button>
              </p>
            )
          }
        />
        <Button type="submit" size="lg" className="auth-form__submit" disabled={submitting}>
          {submitting && <Spinner size="sm" />}
          {submitting
            ? mode === 'login'
              ? t('auth.logging_in')
              : t('auth.signing_up')
            : t('auth.continue_with_email')}
        </Button>
        {error && <FailureAlert message={error} detail={failureDetail} />}
      </form>

      <ProviderButtons
        onStart={providerSignIn.start}
        busyProvider={providerSignIn.busyProvider}
        failure={providerSignIn.failure}
      />

      <p className="auth-form__switch">
        {mode === 'login' ? t('auth.no_account') : t('auth.have_account')}{' '}
        <button type="button" className="link-button" onClick={toggleMode}>
          {mode === 'login' ? t('auth.switch_to_sign_up') : t('auth.switch_to_login')}
        </button>
      </p>
    </div>
  );
}
