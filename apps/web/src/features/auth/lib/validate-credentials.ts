// The forms' checks before anything is sent (decision 022), made with the contract's own request schemas:
// the browser refuses what the server's schemas would. Only the list of common passwords stays on the server
// (decision 052); its refusal comes back as a field issue the forms show the same way. Each refusal is the
// schema's issue code, shown with issueText like the server's own (decision 024).
import {
  type IssueCode,
  isIssueCode,
  LoginRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SignupRequestSchema,
} from '@snaplist/contract';
import type { z } from 'zod';
import type { AuthMode, Credentials } from '../api/sign-in';

/** The issue code of what is wrong with each field; empty when the credentials may be sent. */
export type CredentialProblems = Partial<Record<keyof Credentials, IssueCode>>;

export function validateCredentials(mode: AuthMode, credentials: Credentials): CredentialProblems {
  const schema = mode === 'sign-up' ? SignupRequestSchema : LoginRequestSchema;
  return firstIssueOf(schema.safeParse(credentials).error, ['email', 'password']);
}

/** What is wrong with the address a reset link is asked for; undefined when it may be sent. */
export function validateResetEmail(email: string): IssueCode | undefined {
  return firstIssueOf(PasswordResetRequestSchema.safeParse({ email }).error, ['email']).email;
}

/** What is wrong with a new password chosen from a reset link; undefined when it may be sent. */
export function validateNewPassword(token: string, password: string): IssueCode | undefined {
  return firstIssueOf(PasswordResetConfirmSchema.safeParse({ token, password }).error, ['password']).password;
}

function firstIssueOf<Field extends string>(
  error: z.ZodError | undefined,
  fields: readonly Field[],
): Partial<Record<Field, IssueCode>> {
  const problems: Partial<Record<Field, IssueCode>> = {};
  // An empty new password breaks both minimums; the first issue (non-empty) is the one to explain.
  for (const issue of error?.issues ?? []) {
    const field = fields.find((name) => name === issue.path[0]);
    const code = isIssueCode(issue.message) ? issue.message : 'invalid_value';
    if (field !== undefined) problems[field] ??= code;
  }
  return problems;
}
