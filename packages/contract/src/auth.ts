// Sign-up, log-in, auth check and the user they describe.
import { z } from 'zod';
import { refusal } from './common/issues';
import { LANGUAGES, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PRODUCTS } from './constants';

/** The spec's e-mail rule: non-space text, @, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** The English `message` of the auth refusals, for API users; the web app translates their codes. */
export const AuthMessages = {
  invalidCredentials: 'Incorrect email or password',
  emailTaken: 'An account with this email already exists. Log in instead.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  unauthorized: 'Unauthorized: please log in again.',
  reauthenticationRequired: 'For your safety, sign in again, then try once more.',
} as const;

/**
 * How recent a sign-in must be for an account without a password to do what cannot be undone (delete itself):
 * it has no password to prove instead.
 */
export const REAUTHENTICATION_MINUTES = 10;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim()) && value.trim().length <= MAX_EMAIL_LENGTH;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const EmailSchema = z
  .string(refusal('email_invalid'))
  .refine(isValidEmail, refusal('email_invalid'))
  .transform(normaliseEmail);

const PasswordSchema = z
  .string(refusal('password_required'))
  .min(1, refusal('password_required'))
  .max(MAX_PASSWORD_LENGTH, refusal('password_too_long'));

/** What the browser may send about itself; accepted for compatibility, never stored (docs/decisions/003). */
const ClientContextFields = {
  isNewDashboard: z.boolean().optional(),
  product: z.enum(PRODUCTS).optional(),
  userData: z.unknown().optional(),
  bid: z.string().max(200).nullish(),
  deviceInfo: z.unknown().optional(),
  ipAddress: z.string().max(100).nullish(),
};

export const LoginRequestSchema = z
  .object({ email: EmailSchema, password: PasswordSchema, ...ClientContextFields })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const SignupRequestSchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema.min(MIN_PASSWORD_LENGTH, refusal('password_too_short')),
    name: z.string().max(254).optional(),
    /** The language of the mail that confirms the address: the page's, as the account has none yet. */
    language: z.enum(LANGUAGES).default('en'),
    ...ClientContextFields,
  })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const PlanDataSchema = z.object({
  plan: z.string().nullable().meta({ description: 'Current plan price id, null without a plan' }),
  status: z
    .string()
    .nullable()
    .meta({ description: 'Payment status: active, trialing, trial, past_due, canceled' }),
});

export const UsageSchema = z.object({
  month: z.string().meta({ description: 'The calendar month counted, YYYY-MM (UTC)' }),
  aiListingsUsed: z.number().int().meta({
    description:
      "AI listings counted against this month: the plan's allowance (or free access), not the one-off free allowance",
  }),
  aiListingsLimit: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The plan's monthly allowance; null without an active plan or with free access" }),
  freeAiListingsLeft: z.number().int().meta({ description: 'What is left of the one-off free allowance' }),
});
export type Usage = z.infer<typeof UsageSchema>;

export const UserSchema = z
  .object({
    email: z.string(),
    /** False until a password sign-up follows the link e-mailed to it; Google and Apple confirm theirs. */
    emailVerified: z.boolean(),
    /** False for an account made with Google or Apple that never chose a password. */
    hasPassword: z.boolean(),
    /** The providers the seller can sign in with besides (or instead of) a password. */
    linkedProviders: z.array(z.enum(['google', 'apple'])),
    isNewUser: z.boolean(),
    /** Kept on the server, so onboarding shows once per account, not once per browser. */
    hasSeenOnboarding: z.boolean(),
    planData: PlanDataSchema,
    canGenerate: z.boolean(),
    freeAccess: z.boolean(),
    usage: UsageSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z
  .object({ jwtToken: z.string(), user: UserSchema })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

// The spec's client sends `{ product }`; a bare POST with no body is accepted too.
export const AuthCheckRequestSchema = z
  .object({ product: z.enum(PRODUCTS).optional() })
  .nullish()
  .meta({ id: 'AuthCheckRequest' });
export const AuthCheckResponseSchema = z.object({ user: UserSchema }).meta({ id: 'AuthCheckResponse' });
export type AuthCheckResponse = z.infer<typeof AuthCheckResponseSchema>;

export const LogoutResponseSchema = z.object({ ok: z.literal(true) });
