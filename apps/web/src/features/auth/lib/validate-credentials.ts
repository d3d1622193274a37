// The form's checks before anything is sent (SPEC section 5), made with the contract's own request schemas:
// the browser refuses exactly what the server would, so a sign-up cannot send a password the server rejects.
import { LoginRequestSchema, MIN_PASSWORD_LENGTH, SignupRequestSchema } from '@snaplist/contract';
import type { AuthMode, Credentials } from '../api/sign-in';

export type CredentialProblemKey =
  | 'auth.invalid_email'
  | 'auth.missing_password'
  | 'auth.short_password'
  | 'auth.long_password';

/** The i18n key of what is wrong with each field; empty when the credentials may be sent. */
export type CredentialProblems = Partial<Record<keyof Credentials, CredentialProblemKey>>;

type RequestIssue = NonNullable<ReturnType<typeof SignupRequestSchema.safeParse>['error']>['issues'][number];

export function validateCredentials(mode: AuthMode, credentials: Credentials): CredentialProblems {
  const schema = mode === 'sign-up' ? SignupRequestSchema : LoginRequestSchema;
  const result = schema.safeParse(credentials);
  const problems: CredentialProblems = {};
  // An empty sign-up password breaks both minimums; the first issue (non-empty) is the one to explain.
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'email') problems.email ??= 'auth.invalid_email';
    if (field === 'password') problems.password ??= passwordProblem(issue);
  }
  return problems;
}

/** Keyed by the zod issue, never by its English message, so a reworded message cannot break it. */
function passwordProblem(issue: RequestIssue): CredentialProblemKey {
  if (issue.code === 'too_big') return 'auth.long_password';
  if (issue.code === 'too_small' && issue.minimum === MIN_PASSWORD_LENGTH) return 'auth.short_password';
  return 'auth.missing_password';
}
