// A new password must not be one that guessers try first (ASVS 2.1.7): the 49,233 most common passwords of
// zxcvbn-ts's common dictionary (MIT), shipped in its npm package and read once at start, never fetched. A
// password also counts as common when it is one of those with digits, symbols or spaces put before or after it,
// and case does not matter: "Password1!" is "password" to a guesser (decision 052).
import { fieldIssue } from '@snaplist/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../errors';

/** The list is lower case, so a password is compared lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Whatever is not a letter at either end: what people add to a word to pass a "digit and symbol" rule. */
const DECORATION = /^\P{L}+|\P{L}+$/gu;

export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  return COMMON_PASSWORDS.has(lowered) || COMMON_PASSWORDS.has(lowered.replace(DECORATION, ''));
}

/**
 * Refuses a common new password on `field` (its name in the request) with the 400 a schema refusal gets: the
 * contract's schema checks the length, this adds the look-up the browser cannot make without the list.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const issue = fieldIssue(field, 'password_too_common');
  throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
}
