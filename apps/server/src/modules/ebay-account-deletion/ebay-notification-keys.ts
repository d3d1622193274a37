// The keys eBay signs its notifications with, from the Notification API's getPublicKey
// (GET {api}/commerce/notification/v1/public_key/{kid}) with an application token from the client credentials
// grant. eBay asks for each key to be cached for about an hour rather than fetched per notification; the token
// is kept until shortly before it expires. Both live in this process only: another instance fetches its own.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { EbayAppConfig } from '../../config';
import { EbayApi, ebayFetch, oauthFailureOf, readJson } from '../../platform/marketplaces/ebay/ebay-http';
import { MarketplaceError } from '../../platform/marketplaces/marketplace-adapter';

/** eBay's recommendation for how long a public key is reused. */
export const PUBLIC_KEY_CACHE_MS = 60 * 60 * 1000;
/** An application token this close to its expiry is replaced rather than used. */
const TOKEN_MARGIN_MS = 60 * 1000;
/** The application token's one scope: "View public data from eBay", which getPublicKey requires. */
const PUBLIC_DATA_SCOPE = 'https://api.ebay.com/oauth/api_scope';

const PublicKeySchema = z.object({
  key: z.string().min(1),
  algorithm: z.string().min(1),
  digest: z.string().min(1),
});

const ApplicationTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/** A key eBay signs with: the ECDSA public key and the digest its signatures are made over. */
export interface NotificationKey {
  algorithm: string;
  digest: string;
  publicKey: crypto.KeyObject;
}

export class EbayNotificationKeys {
  private readonly keys = new Map<string, { key: NotificationKey; until: number }>();
  private applicationToken: { value: string; until: number } | null = null;

  constructor(
    private readonly ebay: Pick<EbayAppConfig, 'apiUrl' | 'clientId' | 'clientSecret'>,
    private readonly now: () => Date,
  ) {}

  /** The key eBay published under `kid`; null when eBay does not know it. Throws MarketplaceError otherwise. */
  async find(kid: string): Promise<NotificationKey | null> {
    const cached = this.keys.get(kid);
    if (cached && cached.until > this.now().getTime()) return cached.key;
    const found = await this.fetchKey(kid);
    if (found) this.keys.set(kid, { key: found, until: this.now().getTime() + PUBLIC_KEY_CACHE_MS });
    return found;
  }

  private async fetchKey(kid: string): Promise<NotificationKey | null> {
    const path = `/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`;
    let body: unknown;
    try {
      body = await this.callWithToken(path);
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') return null;
      throw error;
    }
    const parsed = PublicKeySchema.safeParse(body);
    if (!parsed.success) throw new MarketplaceError('transient', 'eBay answered getPublicKey without a key.');
    return {
      algorithm: parsed.data.algorithm,
      digest: parsed.data.digest,
      publicKey: publicKeyOf(parsed.data.key),
    };
  }

  /** A refused token (revoked, or expired early) is replaced once before the refusal counts. */
  private async callWithToken(path: string): Promise<unknown> {
    try {
      return await new EbayApi(this.ebay.apiUrl, await this.token()).call('GET', path);
    } catch (error) {
      if (!(error instanceof MarketplaceError && error.kind === 'auth')) throw error;
      this.applicationToken = null;
      return new EbayApi(this.ebay.apiUrl, await this.token()).call('GET', path);
    }
  }

  private async token(): Promise<string> {
    const now = this.now().getTime();
    if (this.applicationToken && this.applicationToken.until > now) return this.applicationToken.value;
    const credentials = Buffer.from(`${this.ebay.clientId}:${this.ebay.clientSecret}`).toString('base64');
    const response = await ebayFetch(`${this.ebay.apiUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: PUBLIC_DATA_SCOPE }),
    });
    if (!response.ok) throw await oauthFailureOf(response);
    const parsed = ApplicationTokenSchema.safeParse(await readJson(response));
    if (!parsed.success)
      throw new MarketplaceError('transient', 'eBay answered the token request without a token.');
    this.applicationToken = {
      value: parsed.data.access_token,
      until: now + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return parsed.data.access_token;
  }
}

/**
 * eBay serves the PEM with its markers glued to the base64 on one line, which PEM parsers refuse: the DER inside
 * is read instead, whatever the line breaks.
 */
function publicKeyOf(pem: string): crypto.KeyObject {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  try {
    return crypto.createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new MarketplaceError('transient', 'eBay answered getPublicKey with a key that cannot be read.');
  }
}
