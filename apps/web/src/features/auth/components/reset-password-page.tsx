// /reset-password?token=...: where a password reset e-mail leads (decision 040). The seller chooses a new
// password and is signed in, as after a log-in. The token is read once and taken out of the address at once,
// so it stays out of the history, of a copied address and of any Referer (the server also sends
// `Referrer-Policy: no-referrer`). A link that is missing, expired or used says so, and offers a new one.
import { type IssueCode, MIN_PASSWORD_LENGTH, PasswordResetConfirmSchema } from '@snaplist/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { OutcomePageCard } from '@/components/page-card';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { issueText } from '@/lib/errors';
import { useAuthStore } from '@/stores/auth';
import { useConfirmPasswordReset } from '../api/password-reset';
import { type AuthFailure, describeAccountFailure, serverFieldIssue } from '../lib/auth-failure';
import { useSignInFromLink } from '../lib/use-sign-in-from-link';
import { validateNewPassword } from '../lib/validate-credentials';
import { FailureAlert } from './failure-alert';
// The auth forms' error message, shared with the modal.
import './auth-modal.css';
import './auth-page.css';

const TOKEN_PARAM = 'token';
const HTTP_GONE = 410;

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Kept from the first render: the address loses the token right after.
  const [token] = useState(() => search.get(TOKEN_PARAM) ?? '');
  const [linkInvalid, setLinkInvalid] = useState(
    () => !PasswordResetConfirmSchema.shape.token.safeParse(token).success,
  );

  useEffect(() => {
    if (search.has(TOKEN_PARAM)) void navigate(pathname, { replace: true });
  }, [search, pathname, navigate]);

  return linkInvalid ? (
    <LinkInvalid />
  ) : (
    <NewPasswordForm token={token} onLinkInvalid={() => setLinkInvalid(true)} />
  );
}

interface NewPasswordFormProps {
  token: string;
  onLinkInvalid: () => void;
}

function NewPasswordForm({ token, onLinkInvalid }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const signIn = useSignInFromLink();
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<IssueCode | undefined>();
  const [failure, setFailure] = useState<AuthFailure | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const problem = validateNewPassword(token, password);
    setPasswordProblem(problem);
    setFailure(undefined);
    if (problem) return;
    try {
      await signIn(await confirm.mutateAsync({ token, password }), t('reset_password.done'));
    } catch (caught) {
      if (isLinkRefused(caught)) {
        onLinkInvalid();
        return;
      }
      const passwordIssue = serverFieldIssue(caught, 'password');
      if (passwordIssue) setPasswordProblem(passwordIssue);
      else setFailure(describeAccountFailure(caught, t('reset_password.failed'), t));
    }
  };

  return (
    <section className="card auth-page">
      <h1 className="card__title">{t('reset_password.title')}</h1>
      <p className="auth-page__intro">{t('reset_password.intro')}</p>
      <form className="auth-page__form" onSubmit={onSubmit} noValidate>
        <InputField
          id={`${id}-password`}
          label={t('reset_password.password_label')}
          hint={t('auth.password_hint', { min: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordProblem && issueText({ code: passwordProblem }, t)}
        />
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending && <Spinner size="sm" />}
          {confirm.isPending ? t('reset_password.saving') : t('reset_password.submit')}
        </Button>
        {failure && <FailureAlert {...failure} />}
      </form>
    </section>
  );
}

function LinkInvalid() {
  const { t } = useTranslation();
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  return (
    <OutcomePageCard
      outcome="failed"
      className="auth-page"
      title={t('reset_password.link_invalid_title')}
      text={t('errors.reset_link_invalid')}
      action={
        <Button onClick={() => openAuthModal('home', 'password-reset')}>
          {t('reset_password.request_new_link')}
        </Button>
      }
    />
  );
}

/** The link is unknown, expired or used (410), or its token is not one the server would ever have made. */
function isLinkRefused(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === HTTP_GONE || error.code === 'reset_link_invalid') return true;
  return error.details?.some((issue) => issue.field === 'token') ?? false;
}
