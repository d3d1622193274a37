// What the marketplace adapters' tests do alike: connect a seller through a protocol test server's consent page
// as the callback page would (or decline there), open a session on the account, and catch the MarketplaceError a
// call fails with.
import { expect } from 'vitest';
import {
  type ConnectedAccount,
  type MarketplaceAdapter,
  MarketplaceError,
  type MarketplaceSession,
} from '../../platform/marketplaces/marketplace-adapter';

/** The seller's answer at the consent page for an authorize URL: the URL they are sent back to. */
type Consent = (authorizeUrl: string) => Promise<string>;

const STATE = 'state-1';

async function callbackAfter(adapter: MarketplaceAdapter, redirectUri: string, consent: Consent) {
  const start = adapter.startAuthorization({ state: STATE, redirectUri });
  return { start, callback: new URL(await consent(start.url)) };
}

/** Starts authorization, lets the seller consent, and exchanges the code they come back with. */
export async function connectThroughConsent(
  adapter: MarketplaceAdapter,
  redirectUri: string,
  consent: Consent,
): Promise<ConnectedAccount> {
  const { start, callback } = await callbackAfter(adapter, redirectUri, consent);
  return adapter.exchangeCode({
    code: callback.searchParams.get('code') ?? '',
    redirectUri,
    codeVerifier: start.codeVerifier,
    shop: null,
    callbackQuery: Object.fromEntries(callback.searchParams),
  });
}

/** A seller who declines at the consent page comes back with access_denied and the state, and without a code. */
export async function expectDeclined(adapter: MarketplaceAdapter, redirectUri: string, decline: Consent) {
  const { callback } = await callbackAfter(adapter, redirectUri, decline);
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('state')).toBe(STATE);
  expect(callback.searchParams.has('code')).toBe(false);
}

/** A session on a connected account of a marketplace without shops. */
export function sessionOf(account: { accessToken: string }): MarketplaceSession {
  return { accessToken: account.accessToken, shop: null, accountId: null };
}

/** The MarketplaceError `promise` rejects with; anything else fails the test. */
export async function marketplaceFailure(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof MarketplaceError))
    throw new Error(`expected a MarketplaceError, got ${String(error)}`);
  return error;
}
