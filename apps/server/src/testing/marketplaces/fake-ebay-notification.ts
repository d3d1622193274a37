// eBay's side of marketplace account deletion, as eBay documents it (developer.ebay.com/marketplace-account-deletion,
// the Notification API's OpenAPI document in ../shared/marketplace-api/ebay, and eBay's event-notification SDKs):
// the endpoint check (GET ?challenge_code=, answered with hex SHA-256 of code + verification token + endpoint),
// signed notifications (POST, JSON, X-EBAY-SIGNATURE: base64 of `{ alg, kid, signature, digest }`, the signature
// ECDSA with SHA-1 over the body), and the API host the receiver asks for the key: the client credentials grant
// at /identity/v1/oauth2/token and getPublicKey at /commerce/notification/v1/public_key/{public_key_id}.
import crypto from 'node:crypto';
import http from 'node:http';
import { closeServer, listenLocally } from '../local-http';
import { envelope, hex, invalidAccessToken, oauthError, type Reply, token } from './fake-ebay-protocol';

/** The one scope an application token is for ("View public data from eBay"). */
const PUBLIC_DATA_SCOPE = 'https://api.ebay.com/oauth/api_scope';
const APPLICATION_TOKEN_SECONDS = 7200;
const PUBLIC_KEY_PATH = /^\/commerce\/notification\/v1\/public_key\/(?<kid>[^/]+)$/;

/** What eBay's deletion notification says of the eBay user who closed their account. */
export interface EbayDeletedUser {
  username: string;
  userId: string;
}

export interface EbayNotificationOptions {
  /** Signs with a key eBay never published under the header's kid (a forged notification). */
  forged?: boolean;
  /** The kid the header names; by default the key the fake serves. */
  kid?: string;
  /** Changes the body after signing it (a notification altered on the way). */
  tamper?: (body: string) => string;
  /** No X-EBAY-SIGNATURE header at all. */
  unsigned?: boolean;
}

export interface EndpointCheck {
  status: number;
  contentType: string;
  /** What the endpoint answered in `challengeResponse`, if anything. */
  challengeResponse: unknown;
  /** The value eBay computes and compares it with. */
  expected: string;
}

export interface FakeEbayNotification {
  url: string;
  /** Configuration that points a Snaplist server's eBay app at this host. */
  env: Record<string, string>;
  /** The id of the key the fake signs with and serves. */
  kid: string;
  /** Every call to getPublicKey, by kid (the receiver should cache the key). */
  publicKeyRequests: string[];
  /**
   * What eBay does when the endpoint is saved in the developer portal: a GET with a fresh challenge code to
   * `endpoint` (or to `reachAt`, where the same server answers from behind a proxy).
   */
  checkEndpoint(endpoint: string, verificationToken: string, reachAt?: string): Promise<EndpointCheck>;
  /** The body eBay posts for this user, compact JSON as eBay sends it. */
  notificationBody(user: EbayDeletedUser): string;
  /** The X-EBAY-SIGNATURE header eBay sends with `body`. */
  signatureHeader(body: string, options?: Pick<EbayNotificationOptions, 'forged' | 'kid'>): string;
  /** Posts a MARKETPLACE_ACCOUNT_DELETION notification for `user` to `endpoint`, as eBay does. */
  notify(endpoint: string, user: EbayDeletedUser, options?: EbayNotificationOptions): Promise<Response>;
  close(): Promise<void>;
}

/** The hex SHA-256 of code, token and endpoint, in that order: eBay's expected challenge response. */
export function ebayChallengeResponse(challengeCode: string, verificationToken: string, endpoint: string) {
  return crypto
    .createHash('sha256')
    .update(challengeCode)
    .update(verificationToken)
    .update(endpoint)
    .digest('hex');
}

export async function startFakeEbayNotification(): Promise<FakeEbayNotification> {
  const clientId = `Snaplist-Snaplist-PRD-${hex(9)}-${hex(8)}`;
  const clientSecret = `PRD-${hex(12)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(4)}`;
  const kid = crypto.randomUUID();
  const signingKey = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const forgerKey = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const applicationTokens = new Map<string, number>();
  const publicKeyRequests: string[] = [];

  function tokenEndpoint(headers: http.IncomingHttpHeaders, body: Buffer): Reply {
    const credentials = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    if (headers.authorization !== `Basic ${credentials}`) {
      return { status: 401, json: oauthError('invalid_client', 'client authentication failed') };
    }
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        json: oauthError(
          'unsupported_grant_type',
          'grant type in request is not supported by the authorization server',
        ),
      };
    }
    if (form.get('scope') !== PUBLIC_DATA_SCOPE) {
      return {
        status: 400,
        json: oauthError(
          'invalid_scope',
          'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        ),
      };
    }
    const accessToken = `v^1.1#i^1#p^1#r^0#I^3#f^0#t^${token(96)}`;
    applicationTokens.set(accessToken, Date.now() + APPLICATION_TOKEN_SECONDS * 1000);
    return {
      status: 200,
      json: {
        access_token: accessToken,
        expires_in: APPLICATION_TOKEN_SECONDS,
        token_type: 'Application Access Token',
      },
    };
  }

  function getPublicKey(headers: http.IncomingHttpHeaders, requestedKid: string): Reply {
    const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? applicationTokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt < Date.now()) return invalidAccessToken();
    publicKeyRequests.push(requestedKid);
    if (requestedKid !== kid) {
      return {
        status: 404,
        json: envelope({
          errorId: 195001,
          domain: 'API_NOTIFICATION',
          category: 'REQUEST',
          message: 'The specified key id is invalid.',
        }),
      };
    }
    // eBay serves the PEM on one line, markers glued to the base64 (as its SDKs' test data shows).
    const der = signingKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    return {
      status: 200,
      json: {
        key: `-----BEGIN PUBLIC KEY-----${der}-----END PUBLIC KEY-----`,
        algorithm: 'ECDSA',
        digest: 'SHA1',
      },
    };
  }

  function route(method: string, path: string, headers: http.IncomingHttpHeaders, body: Buffer): Reply {
    if (path === '/identity/v1/oauth2/token') {
      return method === 'POST' ? tokenEndpoint(headers, body) : { status: 405 };
    }
    const publicKey = PUBLIC_KEY_PATH.exec(path);
    if (publicKey) {
      return method === 'GET'
        ? getPublicKey(headers, decodeURIComponent(publicKey.groups?.kid ?? ''))
        : { status: 405 };
    }
    return {
      status: 404,
      json: envelope({ errorId: 2002, domain: 'ACCESS', category: 'REQUEST', message: 'Resource not found' }),
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const reply = route(request.method ?? 'GET', path, request.headers, Buffer.concat(chunks));
      const headers: Record<string, string> = { 'x-ebay-c-request-id': `rid-${hex(8)}`, ...reply.headers };
      if (reply.json === undefined) {
        response.writeHead(reply.status, headers).end();
        return;
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(reply.json));
    });
  });
  const url = await listenLocally(server);

  function notificationBody(user: EbayDeletedUser): string {
    const now = new Date().toISOString();
    return JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: `${crypto.randomUUID()}_${crypto.randomUUID()}`,
        eventDate: now,
        publishDate: now,
        publishAttemptCount: 1,
        data: {
          username: user.username,
          userId: user.userId,
          eiasToken: crypto.randomBytes(36).toString('base64'),
        },
      },
    });
  }

  function signatureHeader(body: string, options: Pick<EbayNotificationOptions, 'forged' | 'kid'> = {}) {
    const key = options.forged ? forgerKey.privateKey : signingKey.privateKey;
    const signature = crypto.sign('sha1', Buffer.from(body, 'utf8'), key).toString('base64');
    const header = { alg: 'ecdsa', kid: options.kid ?? kid, signature, digest: 'SHA1' };
    return Buffer.from(JSON.stringify(header), 'utf8').toString('base64');
  }

  return {
    url,
    env: {
      EBAY_CLIENT_ID: clientId,
      EBAY_CLIENT_SECRET: clientSecret,
      EBAY_RU_NAME: `Snaplist-Snaplist-Snapli-${hex(5)}`,
      EBAY_API_URL: url,
      EBAY_AUTH_URL: url,
      EBAY_MEDIA_URL: url,
    },
    kid,
    publicKeyRequests,
    async checkEndpoint(endpoint, verificationToken, reachAt = endpoint) {
      const challengeCode = crypto.randomBytes(32).toString('hex');
      const target = new URL(reachAt);
      target.searchParams.set('challenge_code', challengeCode);
      const response = await fetch(target, { headers: { accept: 'application/json' } });
      const text = await response.text();
      let challengeResponse: unknown;
      try {
        challengeResponse = (JSON.parse(text) as { challengeResponse?: unknown }).challengeResponse;
      } catch {
        challengeResponse = undefined;
      }
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        challengeResponse,
        expected: ebayChallengeResponse(challengeCode, verificationToken, endpoint),
      };
    },
    notificationBody,
    signatureHeader,
    async notify(endpoint, user, options = {}) {
      const signed = notificationBody(user);
      const body = options.tamper ? options.tamper(signed) : signed;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!options.unsigned) headers['x-ebay-signature'] = signatureHeader(signed, options);
      return fetch(endpoint, { method: 'POST', headers, body });
    },
    close: () => closeServer(server),
  };
}
