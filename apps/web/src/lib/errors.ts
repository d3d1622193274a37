// Turns any thrown error into text a person can read in their language: known server codes and the
// contract's known messages are translated; anything else shows the server's own message.
import { AuthMessages, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

const CODE_KEYS: Record<string, string> = {
  invalid_credentials: 'errors.invalid_credentials',
  email_taken: 'errors.email_taken',
  rate_limited: 'errors.rate_limited',
};

const MESSAGE_KEYS: Record<string, string> = {
  [AuthMessages.invalidEmail]: 'auth.invalid_email',
  [AuthMessages.missingPassword]: 'auth.missing_password',
  [AuthMessages.shortPassword]: 'auth.short_password',
  [AuthMessages.longPassword]: 'auth.long_password',
};

/** The raw message, for rules that look at what the server said (e.g. "contains 'unauthorized'"). */
export function rawErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

export function isUnauthorizedMessage(message: string): boolean {
  return message.toLowerCase().includes('unauthorized');
}

export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const codeKey = error.code ? CODE_KEYS[error.code] : undefined;
    if (codeKey) return t(codeKey);
    const firstIssue = error.details?.[0]?.message;
    const messageKey = MESSAGE_KEYS[firstIssue ?? error.message];
    if (messageKey) return t(messageKey, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
    if (firstIssue) return firstIssue;
  }
  const message = rawErrorMessage(error);
  return message || t('errors.unknown');
}
