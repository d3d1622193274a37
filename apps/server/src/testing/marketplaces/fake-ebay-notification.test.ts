// The fake eBay Notification API host checked against eBay's documents: the Notification API's OpenAPI document
// (getPublicKey, its 404 error id, the PublicKey fields, the client credentials scope), the client credentials
// grant, and notifications signed so that eBay's published key verifies them (ECDSA over SHA-1, as eBay's SDKs
// check them), independently of Snaplist's own code.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeServer, listenLocally } from '../local-http';
import { EBAY_DOCUMENTS_DIR } from './ebay-openapi';
import {
  ebayChallengeResponse,
  type FakeEbayNotification,
  startFakeEbayNotification,
} from './fake-ebay-notification';

const NOTIFICATION_DOCUMENT = `${EBAY_DOCUMENTS_DIR}commerce_notification_v1_oas3.json`;
const PUBLIC_DATA_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/** The parts of the Notification API's OpenAPI document this test reads. */
interface NotificationDocument {
  servers: Array<{ variables: { basePath: { default: string } } }>;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        security: unknown;
        responses: Record<string, { 'x-response-codes'?: { errors: Record<string, unknown> } }>;
      }
    >
  >;
  components: {
    securitySchemes: { api_auth: { flows: { clientCredentials: { scopes: Record<string, string> } } } };
    schemas: Record<string, { properties: Record<string, unknown> }>;
  };
}

/** The decoded X-EBAY-SIGNATURE header. */
interface SignatureHeader {
  alg: string;
  kid: string;
  signature: string;
  digest: string;
}

function decodeHeader(header: string): SignatureHeader {
  return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as SignatureHeader;
}

let fake: FakeEbayNotification;

beforeEach(async () => {
  fake = await startFakeEbayNotification();
});

afterEach(async () => {
  await fake.close();
});

function tokenRequest(form: Record<string, string>, secret = fake.env.EBAY_CLIENT_SECRET) {
  const credentials = Buffer.from(`${fake.env.EBAY_CLIENT_ID}:${secret}`).toString('base64');
  return fetch(`${fake.url}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${credentials}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
}

async function applicationToken(): Promise<string> {
  const response = await tokenRequest({ grant_type: 'client_credentials', scope: PUBLIC_DATA_SCOPE });
  return ((await response.json()) as { access_token: string }).access_token;
}

function getPublicKey(kid: string, accessToken?: string) {
  return fetch(`${fake.url}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/** The key getPublicKey serves for the fake's kid, read as eBay's SDKs read it. */
async function servedPublicKey(): Promise<crypto.KeyObject> {
  const served = (await (await getPublicKey(fake.kid, await applicationToken())).json()) as { key: string };
  const der = served.key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '');
  return crypto.createPublicKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'spki' });
}

describe('the client credentials grant', () => {
  it('issues an application token for the public data scope', async () => {
    const response = await tokenRequest({ grant_type: 'client_credentials', scope: PUBLIC_DATA_SCOPE });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      expires_in: 7200,
      token_type: 'Application Access Token',
    });
  });

  it('refuses wrong credentials, another grant and another scope with eBay’s OAuth errors', async () => {
    const wrongSecret = await tokenRequest(
      { grant_type: 'client_credentials', scope: PUBLIC_DATA_SCOPE },
      'x',
    );
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const otherGrant = await tokenRequest({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'r' });
    expect(await otherGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const otherScope = await tokenRequest({
      grant_type: 'client_credentials',
      scope: `${PUBLIC_DATA_SCOPE}/sell.inventory`,
    });
    expect(await otherScope.json()).toMatchObject({ error: 'invalid_scope' });
  });
});

describe('getPublicKey', () => {
  it('needs an application token', async () => {
    const response = await getPublicKey(fake.kid);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [{ errorId: 1001 }] });
  });

  it('answers an unknown key id with 404 and error 195001', async () => {
    const response = await getPublicKey('not-a-key', await applicationToken());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      errors: [
        {
          errorId: 195001,
          domain: 'API_NOTIFICATION',
          category: 'REQUEST',
          message: 'The specified key id is invalid.',
        },
      ],
    });
    expect(fake.publicKeyRequests).toEqual(['not-a-key']);
  });

  it('serves the key that verifies what the fake signs, ECDSA over SHA-1 of the body', async () => {
    const response = await getPublicKey(fake.kid, await applicationToken());
    expect(response.status).toBe(200);
    const key = (await response.json()) as { key: string; algorithm: string; digest: string };
    expect(key).toMatchObject({ algorithm: 'ECDSA', digest: 'SHA1' });
    expect(key.key).toMatch(/^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=]+-----END PUBLIC KEY-----$/);

    const body = fake.notificationBody({ username: 'closing_seller', userId: 'ma8vp1jySJC' });
    const header = decodeHeader(fake.signatureHeader(body));
    expect(header).toEqual({ alg: 'ecdsa', kid: fake.kid, signature: expect.any(String), digest: 'SHA1' });
    const publicKey = await servedPublicKey();
    const signature = Buffer.from(header.signature, 'base64');
    expect(crypto.verify('sha1', Buffer.from(body), publicKey, signature)).toBe(true);
    expect(crypto.verify('sha1', Buffer.from(body.replace('closing', 'other')), publicKey, signature)).toBe(
      false,
    );
    const forged = decodeHeader(fake.signatureHeader(body, { forged: true }));
    expect(crypto.verify('sha1', Buffer.from(body), publicKey, Buffer.from(forged.signature, 'base64'))).toBe(
      false,
    );
  });
});

describe('notifications', () => {
  it('are eBay’s MARKETPLACE_ACCOUNT_DELETION message, posted as JSON with X-EBAY-SIGNATURE', async () => {
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    const endpoint = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    const url = await listenLocally(endpoint);
    try {
      const response = await fake.notify(url, { username: 'closing_seller', userId: 'ma8vp1jySJC' });
      expect(response.status).toBe(204);
      const [notification] = received;
      expect(notification?.headers['content-type']).toBe('application/json');
      // ECDSA signatures differ each time: the header's one is checked with the key eBay serves for its kid.
      const header = decodeHeader(String(notification?.headers['x-ebay-signature']));
      expect(header.kid).toBe(fake.kid);
      expect(
        crypto.verify(
          'sha1',
          Buffer.from(notification?.body ?? ''),
          await servedPublicKey(),
          Buffer.from(header.signature, 'base64'),
        ),
      ).toBe(true);
      expect(JSON.parse(notification?.body ?? '')).toEqual({
        metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
        notification: {
          notificationId: expect.any(String),
          eventDate: expect.any(String),
          publishDate: expect.any(String),
          publishAttemptCount: 1,
          data: { username: 'closing_seller', userId: 'ma8vp1jySJC', eiasToken: expect.any(String) },
        },
      });
    } finally {
      await closeServer(endpoint);
    }
  });
});

describe('the endpoint check', () => {
  it('expects the hex SHA-256 of challenge code, verification token and endpoint, in that order', () => {
    // Computed outside this code base: printf '%s' "$code$token$endpoint" | sha256sum
    expect(
      ebayChallengeResponse(
        'a8628072-3d33-45ee-9004-bee86830a22d',
        'snaplist_verification_token_0123456789abcdef',
        'https://snaplist.example/api/marketplaces/ebay/account-deletion',
      ),
    ).toBe('6097a737fd6459d3c6a885871e33f3bb04d5930dcab26df0fe136023f5efb9eb');
  });

  it('sends a fresh challenge_code by GET and reports the answer next to the expected one', async () => {
    const codes: string[] = [];
    const endpoint = http.createServer((request, response) => {
      codes.push(new URL(request.url ?? '/', 'http://endpoint').searchParams.get('challenge_code') ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ challengeResponse: 'not the hash' }));
    });
    const url = await listenLocally(endpoint);
    try {
      const check = await fake.checkEndpoint('https://snaplist.example/e', 'token', url);
      expect(codes).toHaveLength(1);
      expect(check).toEqual({
        status: 200,
        contentType: 'application/json',
        challengeResponse: 'not the hash',
        expected: ebayChallengeResponse(codes[0] ?? '', 'token', 'https://snaplist.example/e'),
      });
    } finally {
      await closeServer(endpoint);
    }
  });
});

describe.skipIf(!fs.existsSync(NOTIFICATION_DOCUMENT))('eBay’s Notification API document', () => {
  it('documents the getPublicKey the fake serves: path, scope, 404 error id and fields', async () => {
    const document = JSON.parse(fs.readFileSync(NOTIFICATION_DOCUMENT, 'utf8')) as NotificationDocument;
    expect(document.servers[0]?.variables.basePath.default).toBe('/commerce/notification/v1');
    const operation = document.paths['/public_key/{public_key_id}']?.get;
    expect(operation?.operationId).toBe('getPublicKey');
    expect(operation?.security).toEqual([{ api_auth: [PUBLIC_DATA_SCOPE] }]);
    expect(Object.keys(operation?.responses['404']?.['x-response-codes']?.errors ?? {})).toEqual(['195001']);
    expect(document.components.securitySchemes.api_auth.flows.clientCredentials.scopes).toHaveProperty(
      PUBLIC_DATA_SCOPE,
    );
    const served = (await (await getPublicKey(fake.kid, await applicationToken())).json()) as object;
    expect(Object.keys(served).sort()).toEqual(
      Object.keys(document.components.schemas.PublicKey?.properties ?? {}).sort(),
    );
  });
});
