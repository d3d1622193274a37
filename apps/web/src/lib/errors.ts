// Turns a refusal into text a person reads in their language, by code only (decision 024): `errors.<code>`
// for the server's error codes, `issues.<code>` for a refused field (from the server or from the contract's
// schema run in the browser). The server's English `message` is never parsed.
import { ERROR_PARAMS, ISSUE_PARAMS, isErrorCode, isIssueCode } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** A refused field: the server's FieldIssue, or a form resolver's error whose message is the code. */
export interface IssueLike {
  code: string;
  params?: Record<string, unknown>;
}

const HTTP_UNAUTHORIZED = 401;

/** What is wrong with one field; a code this build does not know reads as a generic "not valid". */
export function issueText(issue: IssueLike, t: TFunction): string {
  if (!isIssueCode(issue.code)) return t('issues.invalid_value');
  return t(`issues.${issue.code}`, { ...ISSUE_PARAMS[issue.code], ...issue.params });
}

/** The text for any thrown error: a known code translated, else the error's own words, else a generic text. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const firstIssue = error.details?.[0];
    if (error.code === 'validation_failed' && firstIssue) return issueText(firstIssue, t);
    if (isErrorCode(error.code)) return t(`errors.${error.code}`, ERROR_PARAMS[error.code]);
  }
  const message = error instanceof Error ? error.message : '';
  return message || t('errors.unknown');
}

/** The token was refused (signed out elsewhere, expired): told by status and code, never by the words. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && (error.status === HTTP_UNAUTHORIZED || error.code === 'unauthorized');
}
