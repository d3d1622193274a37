// The form's checks before anything is sent (SPEC section 5), made with the contract's own request schemas:
// the browser refuses exactly what the server would, so a sign-up cannot send a password the server rejects.
// Each refusal is the schema's issue code, shown with issueText like the server's own (decision 024).
import { type IssueCode, isIssueCode, LoginRequestSchema, SignupRequestSchema } from '@snaplist/contract';
import type { AuthMode, Credentials } from '../api/sign-in';

/** The issue code of what is wrong with each field; empty when the credentials may be sent. */
export type CredentialProblems = Partial<Record<keyof Credentials, IssueCode>>;

export function validateCredentials(mode: AuthMode, credentials: Credentials): CredentialProblems {
  const schema = mode === 'sign-up' ? SignupRequestSchema : LoginRequestSchema;
  const result = schema.safeParse(credentials);
  const problems: CredentialProblems = {};
  // An empty sign-up password breaks both minimums; the first issue (non-empty) is the one to explain.
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    const code = isIssueCode(issue.message) ? issue.message : 'invalid_value';
    if (field === 'email' || field === 'password') problems[field] ??= code;
  }
  return problems;
}
