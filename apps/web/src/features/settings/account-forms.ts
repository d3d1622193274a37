// The Settings account forms' model (decision 042): the values as the seller types them, and react-hook-form
// resolvers that check them with the contract's own request schemas, as the listing editor does (decision
// 025): the browser refuses exactly what the server would, and every message is an issue code, the browser's
// or the server's (a 400's details), shown with issueText. The current password is asked for only when the
// account has one: an account made with Google or Apple sets its first password without it.

import { toNestErrors } from '@hookform/resolvers';
import {
  type ChangeEmailRequest,
  ChangeEmailRequestSchema,
  type ChangePasswordRequest,
  ChangePasswordRequestSchema,
  type ErrorCode,
  type FieldIssue,
  type IssueCode,
  isErrorCode,
  isIssueCode,
  type Language,
  normaliseEmail,
} from '@snaplist/contract';
import type { TFunction } from 'i18next';
import type {
  FieldError,
  FieldValues,
  Path,
  Resolver,
  ResolverOptions,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { issueText } from '@/lib/errors';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

export interface EmailValues {
  email: string;
  currentPassword: string;
}

export const EMPTY_PASSWORD_VALUES: PasswordValues = { currentPassword: '', newPassword: '' };
export const EMPTY_EMAIL_VALUES: EmailValues = { email: '', currentPassword: '' };

/** A field's message: the contract's issue code, shown with issueText. */
export function issueError(code: string): FieldError {
  return { type: 'issue', message: isIssueCode(code) ? code : 'invalid_value' };
}

/** A refusal of the server's about one field (a wrong current password, a taken address), by its code. */
export function refusalError(code: ErrorCode): FieldError {
  return { type: 'refusal', message: code };
}

/**
 * A field's (or the form's) message in the seller's language: a server refusal's code, or the contract's
 * issue code.
 */
export function fieldErrorText(error: { type?: string | number; message?: string }, t: TFunction): string {
  const code = error.message ?? '';
  if (error.type === 'refusal' && isErrorCode(code)) return t(`errors.${code}`);
  return issueText({ code }, t);
}

/** An account form's field wired for InputField: registered with the form, its message announced when it comes. */
export function accountFieldProps<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  name: Path<Values>,
  t: TFunction,
) {
  const { error } = form.getFieldState(name, form.formState);
  return { ...form.register(name), error: error && fieldErrorText(error, t), announce: true };
}

/** The account's password, or nothing when it has none: the schema then does not ask for it. */
function currentPasswordOf(values: { currentPassword: string }, hasPassword: boolean): string | undefined {
  return hasPassword ? values.currentPassword : undefined;
}

export function toPasswordRequest(values: PasswordValues, hasPassword: boolean): ChangePasswordRequest {
  return {
    currentPassword: currentPasswordOf(values, hasPassword),
    newPassword: values.newPassword,
  };
}

export function toEmailRequest(
  values: EmailValues,
  hasPassword: boolean,
  language: Language,
): ChangeEmailRequest {
  return { email: values.email, currentPassword: currentPasswordOf(values, hasPassword), language };
}

/**
 * The form's values checked by a contract schema; the checked request is the form's output. Each issue lands
 * on the field named by its path's first segment, the first issue of a field winning (an empty new password
 * breaks both minimums: "enter a password" is the one to explain); an issue about no field of the form goes
 * on the form as a whole.
 */
function contractResolver<Values extends FieldValues, Output>(
  check: (values: Values) => z.ZodSafeParseResult<Output>,
  fields: readonly Path<Values>[],
): Resolver<Values, unknown, Output> {
  return (values, _context, options: ResolverOptions<Values>) => {
    const result = check(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fields.find((name) => name === issue.path[0]) ?? 'root';
      errors[field] ??= issueError(issue.message);
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

export function passwordResolver(hasPassword: boolean) {
  return contractResolver<PasswordValues, z.output<typeof ChangePasswordRequestSchema>>(
    (values) => ChangePasswordRequestSchema.safeParse(toPasswordRequest(values, hasPassword)),
    ['currentPassword', 'newPassword'],
  );
}

/** The server refuses the account's own address as the new one; so does the browser, before sending it. */
export function emailResolver(hasPassword: boolean, language: Language, currentEmail: string) {
  const schema = ChangeEmailRequestSchema.refine(
    (request) => request.email !== normaliseEmail(currentEmail),
    {
      path: ['email'],
      error: 'email_unchanged' satisfies IssueCode,
    },
  );
  return contractResolver<EmailValues, z.output<typeof ChangeEmailRequestSchema>>(
    (values) => schema.safeParse(toEmailRequest(values, hasPassword, language)),
    ['email', 'currentPassword'],
  );
}

/** The server's validation_failed details on the form's fields (the first for each); the others apart. */
export function placeServerIssues<Field extends string>(
  details: readonly FieldIssue[],
  fields: readonly Field[],
): { placed: Map<Field, FieldIssue>; unplaced: FieldIssue[] } {
  const placed = new Map<Field, FieldIssue>();
  const unplaced: FieldIssue[] = [];
  for (const issue of details) {
    const field = fields.find((name) => name === issue.field.split('.')[0]);
    if (field === undefined) unplaced.push(issue);
    else if (!placed.has(field)) placed.set(field, issue);
  }
  return { placed, unplaced };
}
