// Getting back into an account (issue 18): a seller who forgot their password asks for a link by e-mail and
// chooses a new password from it. The request answers the same whether or not the address has an account, so
// nobody can learn who uses Snaplist; the link holds a single-use token, stored hashed, that expires in an hour;
// a new password ends every other session.
import { z } from 'zod';
import { EMAIL_PATTERN, normaliseEmail } from './auth';
import { refusal } from './common/issues';
import { LANGUAGES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The English `message` of the refusals, for API users; the web app translates their codes. */
export const AccountMessages = {
  resetLinkInvalid: 'This password reset link has expired or was already used. Ask for a new one.',
} as const;

export const PasswordResetRequestSchema = z
  .object({
    email: z
      .string(refusal('email_invalid'))
      .trim()
      .max(254, refusal('email_invalid'))
      .regex(EMAIL_PATTERN, refusal('email_invalid'))
      .transform(normaliseEmail),
    /** The language the e-mail is written in: the page's, since the account may not exist. */
    language: z.enum(LANGUAGES).default('en'),
  })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

export const PasswordResetRequestedSchema = z.object({ ok: z.literal(true) }).meta({
  id: 'PasswordResetRequested',
  description: 'The same answer whether or not the address has an account',
});

export const PasswordResetConfirmSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z
      .string(refusal('password_required'))
      .min(1, refusal('password_required'))
      .min(MIN_PASSWORD_LENGTH, refusal('password_too_short'))
      .max(MAX_PASSWORD_LENGTH, refusal('password_too_long')),
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;
