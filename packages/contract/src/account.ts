// Getting back into an account (decision 040): a seller who forgot their password asks for a link by e-mail
// and chooses a new password from it. The request answers the same whether or not the address has an account,
// so nobody can learn who uses Snaplist; the link holds a single-use token, stored hashed, that expires in an
// hour; a new password ends every other session.
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

// E-mail verification, changing the password or the e-mail, and leaving (decisions 042 and 043). A password
// sign-up gets a link to confirm its address; until then the web app shows a banner, and nothing else is held
// back. A new address is used only once the link sent to it is followed. Leaving deletes everything after the
// seller types their account's e-mail address (the same in every language, and never typed by accident).

/** How long an e-mail verification or e-mail change link works. */
export const EMAIL_LINK_TTL_HOURS = 24;

export const AccountChangeMessages = {
  emailLinkInvalid: 'This link has expired or was already used. Ask for a new one from Settings.',
  wrongPassword: 'The current password is not correct.',
  confirmationMismatch: 'Type your account’s email address exactly to confirm.',
} as const;

const NewPasswordSchema = z
  .string(refusal('password_required'))
  .min(1, refusal('password_required'))
  .min(MIN_PASSWORD_LENGTH, refusal('password_too_short'))
  .max(MAX_PASSWORD_LENGTH, refusal('password_too_long'));

const CurrentPasswordSchema = z
  .string(refusal('password_required'))
  .min(1, refusal('password_required'))
  .max(MAX_PASSWORD_LENGTH, refusal('password_too_long'));

const NewEmailSchema = z
  .string(refusal('email_invalid'))
  .trim()
  .max(254, refusal('email_invalid'))
  .regex(EMAIL_PATTERN, refusal('email_invalid'))
  .transform(normaliseEmail);

export const LanguageRequestSchema = z
  .object({ language: z.enum(LANGUAGES).default('en') })
  .meta({ id: 'LanguageRequest', description: 'The language of the e-mail sent' });
export type LanguageRequest = z.input<typeof LanguageRequestSchema>;

export const AcceptedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Accepted' });

export const EmailTokenRequestSchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'EmailTokenRequest' });
export type EmailTokenRequest = z.input<typeof EmailTokenRequestSchema>;

export const EmailConfirmedSchema = z
  .object({ ok: z.literal(true), email: z.string().meta({ description: 'The address now confirmed' }) })
  .meta({ id: 'EmailConfirmed' });
export type EmailConfirmed = z.infer<typeof EmailConfirmedSchema>;

export const ChangePasswordRequestSchema = z
  .object({
    /** Required when the account has a password; an account made with Google or Apple sets its first one. */
    currentPassword: CurrentPasswordSchema.optional(),
    newPassword: NewPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export const ChangeEmailRequestSchema = z
  .object({
    email: NewEmailSchema,
    /** Required when the account has a password. */
    currentPassword: CurrentPasswordSchema.optional(),
    language: z.enum(LANGUAGES).default('en'),
  })
  .meta({ id: 'ChangeEmailRequest' });
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>;

export const EmailChangeRequestedSchema = z
  .object({
    ok: z.literal(true),
    pendingEmail: z
      .string()
      .meta({ description: 'Where the confirmation link went; the account keeps its address until then' }),
  })
  .meta({ id: 'EmailChangeRequested' });
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;

export const DeleteAccountRequestSchema = z
  .object({
    confirmation: z
      .string()
      .trim()
      .min(1)
      .max(254)
      .meta({ description: "The account's e-mail address, typed by the seller" }),
    /**
     * Required when the account has a password. An account without one (made with Google or Apple) needs a
     * sign-in of the last REAUTHENTICATION_MINUTES instead.
     */
    currentPassword: CurrentPasswordSchema.optional(),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;
