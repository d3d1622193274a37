// What the auth forms say when a sign-up, a log-in, a password reset or a Google or Apple sign-in fails:
// one message in the seller's language, chosen by the server's error code or by what kind of
// failure it was, never by English text.
import type { ErrorCode, IssueCode } from '@snaplist/contract';
import { ACCOUNT_LINK_ERROR_CODES } from '@snaplist/contract/constants';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText, isUnauthorized } from '@/lib/errors';
import type { AuthMode } from '../api/sign-in';

export interface AuthFailure {
  /** The message under the form. */
  message: string;
  /** What the server refused, on a second line, when the message is the generic one. */
  detail?: string;
}

/** Refusals with a message of their own; any other code gets the generic message and itself as the detail. */
const EXPLAINED_CODES: ReadonlySet<ErrorCode> = new Set([
  'invalid_credentials',
  'email_taken',
  'rate_limited',
  ...ACCOUNT_LINK_ERROR_CODES,
]);

const HTTP_TOO_MANY_REQUESTS = 429;

export function describeAuthFailure(error: unknown, mode: AuthMode, t: TFunction): AuthFailure {
  return describeAccountFailure(
    error,
    t(mode === 'sign-up' ? 'auth.sign_up_failed' : 'auth.sign_in_failed'),
    t,
  );
}

/** The message for any failed account request; `generic` when nothing more specific can be said. */
export function describeAccountFailure(error: unknown, generic: string, t: TFunction): AuthFailure {
  // fetch rejects with a TypeError when no answer came at all: offline, DNS, the server down.
  if (error instanceof TypeError) return { message: t('auth.network_error') };
  if (!(error instanceof ApiError)) return { message: generic };

  if (error.code && EXPLAINED_CODES.has(error.code)) return { message: errorText(error, t) };
  // A proxy in front may refuse or fail without our error body.
  if (error.status === HTTP_TOO_MANY_REQUESTS) return { message: t('errors.rate_limited') };
  if (error.status >= 500) return { message: t('auth.server_error') };
  return isUnauthorized(error) ? { message: generic } : { message: generic, detail: errorText(error, t) };
}

/**
 * The server's refusal of one field (a common password at sign-up or reset), when the browser's own check let
 * it through: the form shows it on that field.
 */
export function serverFieldIssue(error: unknown, field: string): IssueCode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.details?.find((issue) => issue.field === field)?.code;
}
