// What the auth form says when a sign-up or log-in fails (SPEC section 8): one message in the seller's
// language, chosen by the server's error code or by what kind of failure it was, never by English text.
import type { ErrorCode } from '@snaplist/contract';
import { ApiError } from '@/lib/api-client';
import { isUnauthorizedMessage } from '@/lib/errors';
import type { AuthMode } from '../api/sign-in';

export interface AuthFailure {
  /** i18n key of the message under the form. */
  key: string;
  /** The server's own words, shown beside the message only when no translated message covers them. */
  detail?: string;
}

const FAILURE_KEYS: Partial<Record<ErrorCode, string>> = {
  invalid_credentials: 'errors.invalid_credentials',
  email_taken: 'errors.email_taken',
  rate_limited: 'errors.rate_limited',
};

const HTTP_TOO_MANY_REQUESTS = 429;

export function describeAuthFailure(error: unknown, mode: AuthMode): AuthFailure {
  const generic = mode === 'sign-up' ? 'auth.sign_up_failed' : 'auth.sign_in_failed';
  // fetch rejects with a TypeError when no answer came at all: offline, DNS, the server down.
  if (error instanceof TypeError) return { key: 'auth.network_error' };
  if (!(error instanceof ApiError)) return { key: generic };

  const codeKey = error.code && FAILURE_KEYS[error.code as ErrorCode];
  if (codeKey) return { key: codeKey };
  // A proxy in front may refuse or fail without our error body.
  if (error.status === HTTP_TOO_MANY_REQUESTS) return { key: 'errors.rate_limited' };
  if (error.status >= 500) return { key: 'auth.server_error' };

  const detail = error.details?.[0]?.message ?? error.message;
  return isUnauthorizedMessage(detail) ? { key: generic } : { key: generic, detail };
}
