// The auth modal (SPEC sections 2, 4, 5 and 8): sign up or log in with e-mail and password, from the
// landing page, the dashboard or the end of a photo upload; from log-in, a seller who forgot their password asks
// for a reset link (issue 18). Google and Apple are shown but not offered yet.
import { MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { checkAuth } from '@/lib/auth';
import { issueText } from '@/lib/errors';
import { sleep } from '@/lib/sleep';
import { type AuthModalContext, type AuthModalView, useAuthStore } from '@/stores/auth';
import { openOnboardingIfDue } from '@/stores/onboarding';
import { type AuthMode, useSignIn } from '../api/sign-in';
import { describeAuthFailure } from '../lib/auth-failure';
import { type CredentialProblems, validateCredentials } from '../lib/validate-credentials';
import { EmailField } from './email-field';
import { FailureAlert } from './failure-alert';
import { PasswordResetRequest } from './password-reset-request';
import './auth-modal.css';

/** SPEC section 9: the pauses of the post-auth sequence, in milliseconds. */
export const AUTH_WAITS = { beforeCheck: 1000, afterToast: 500, beforeClose: 100 };
const AUTH_TOAST_MS = 3000;

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
    setCarriedEmail(email);
    setSwitchedView(true);
    setView(next);
    if (next === 'credentials') setMode('login');
    // A failed log-in's message is not about the view the seller goes to, nor the one they come back to.
    useAuthStore.getState().setError(null);
  };

  const title =
    view === 'password-reset'
      ? t('auth.title_reset')
      : context === 'photo-upload'
        ? t('auth.title_listing_ready')
        : mode === 'sign-up'
          ? t('auth.title_sign_up')
          : t('auth.title_login');
  const description =
    view === 'password-reset'
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
      {view === 'password-reset' ? (
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
        />
      )}
    </Dialog>
  );
}

/** What both views of the modal take. */
export interface ViewProps {
  /** The address typed in the other view; empty when the modal opened on this one. */
  initialEmail: string;
  /**
   * Focus the first field when shown: a view that replaces the other one removed the element that had the
   * focus. Not when the modal opens, where the dialog focuses it and remembers what to return the focus to.
   */
  focusOnMount: boolean;
}

interface AuthFormProps extends ViewProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  context: AuthModalContext;
  onForgotPassword: (email: string) => void;
}

function AuthForm({
  mode,
  onModeChange,
  context,
  initialEmail,
  focusOnMount,
  onForgotPassword,
}: AuthFormProps) {
  const { t } = useTranslation();
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
      const result = await signIn.mutateAsync({ mode, credentials: { email: email.trim(), password } });
      auth.setToken(result.jwtToken);
      await sleep(AUTH_WAITS.beforeCheck);
      const user = await checkAuth();
      toast.success(mode === 'login' ? t('auth.toast_welcome_back') : t('auth.toast_welcome'), {
        duration: AUTH_TOAST_MS,
        position: 'top-center',
      });
      await sleep(AUTH_WAITS.afterToast);
      // New users who have not seen onboarding (here or on another device) get it after signing in from home.
      if (context === 'home') openOnboardingIfDue(user, 'home');
      await sleep(AUTH_WAITS.beforeClose);
      useAuthStore.getState().closeAuthModal();
    } catch (caught) {
      const failure = describeAuthFailure(caught, mode, t);
      setError(failure.message);
      setFailureDetail(failure.detail);
    } finally {
      setSubmitting(false);
    }
  };

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const passwordHintId = `${id}-password-hint`;
  const comingSoonId = `${id}-coming-soon`;

  return (
    <div className="auth-form">
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          id={emailId}
          value={email}
          onChange={setEmail}
          issue={fieldErrors.email}
          inputRef={emailInput}
        />
        <div className="field">
          <label htmlFor={passwordId} className="field__label">
            {t('auth.password_label')}
          </label>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={
              [fieldErrors.password ? `${passwordId}-error` : '', mode === 'sign-up' ? passwordHintId : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {fieldErrors.password && (
            <p id={`${passwordId}-error`} className="field__error">
              {issueText({ code: fieldErrors.password }, t)}
            </p>
          )}
          {mode === 'sign-up' && (
            <p id={passwordHintId} className="field__hint">
              {t('auth.password_hint', { min: MIN_PASSWORD_LENGTH })}
            </p>
          )}
          {/* After the password in the page's order: Tab goes from the e-mail to the password, as people expect. */}
          {mode === 'login' && (
            <p className="auth-form__forgot">
              <button type="button" className="link-button" onClick={() => onForgotPassword(email.trim())}>
                {t('auth.forgot_password')}
              </button>
            </p>
          )}
        </div>
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

      <div className="auth-form__divider">
        <span>{t('auth.or')}</span>
      </div>
      <div className="auth-form__providers">
        {SIGN_IN_PROVIDERS.map(({ labelKey, Icon }) => (
          <Button
            key={labelKey}
            variant="secondary"
            size="lg"
            disabled
            aria-describedby={comingSoonId}
            title={t('common.coming_soon')}
          >
            <Icon />
            {t(labelKey)}
          </Button>
        ))}
        <p id={comingSoonId} className="auth-form__note">
          {t('auth.providers_coming_soon')}
        </p>
      </div>

      <p className="auth-form__switch">
        {mode === 'login' ? t('auth.no_account') : t('auth.have_account')}{' '}
        <button type="button" className="link-button" onClick={toggleMode}>
          {mode === 'login' ? t('auth.switch_to_sign_up') : t('auth.switch_to_login')}
        </button>
      </p>
    </div>
  );
}

// Shown, as the spec's copy offers them, but not yet wired: OpenID Connect sign-in arrives with scale-out.
const SIGN_IN_PROVIDERS = [
  { labelKey: 'auth.continue_with_google', Icon: GoogleIcon },
  { labelKey: 'auth.continue_with_apple', Icon: AppleIcon },
] as const;

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84Z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06L5.84 9.9C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.37 12.78c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.78-3.32-1.8-1.41-.14-2.76.83-3.48.83-.72 0-1.82-.81-3-.79a4.44 4.44 0 0 0-3.75 2.28c-1.6 2.78-.41 6.9 1.15 9.16.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23a9.9 9.9 0 0 0 1.25-2.57 3.98 3.98 0 0 1-2.38-3.7ZM14.1 6.02c.63-.77 1.06-1.83.94-2.9-.91.04-2.01.61-2.67 1.38-.58.67-1.1 1.76-.96 2.8 1.02.08 2.06-.52 2.69-1.28Z"
      />
    </svg>
  );
}
