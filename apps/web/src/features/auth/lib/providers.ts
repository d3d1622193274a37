// Google and Apple as the web app names them: their brand names, the same in every language, and what a
// failed sign-in with one of them says.
import type { OidcProvider } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { type AuthFailure, describeAccountFailure } from './auth-failure';

export const PROVIDER_NAMES: Record<OidcProvider, string> = { google: 'Google', apple: 'Apple' };

/** The error the provider sends back when the seller cancels on its page (OAuth 2.0, RFC 6749 4.1.2.1). */
const ACCESS_DENIED = 'access_denied';

export function describeProviderFailure(error: unknown, provider: OidcProvider, t: TFunction): AuthFailure {
  return describeAccountFailure(error, t('oidc.failed', { provider: PROVIDER_NAMES[provider] }), t);
}

/** What the callback's `error` means to the seller: they cancelled, or the provider could not sign them in. */
export function describeProviderRefusal(error: string, provider: OidcProvider, t: TFunction): AuthFailure {
  const name = PROVIDER_NAMES[provider];
  return error === ACCESS_DENIED
    ? { message: t('oidc.cancelled', { provider: name }) }
    : { message: t('oidc.failed', { provider: name }) };
}
