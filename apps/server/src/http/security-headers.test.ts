import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RouteDescriptor, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryListing, createUser, startTestServer, type TestServer } from '../testing';

let webDist: string;
/** The names the web app's build gives the background-removal worker and a page's script. */
const WORKER = 'background-removal.worker-C3x9aQ1z.js';
const PAGE_SCRIPT = 'photo-upload-D1wPq8Lm.js';
const servers: TestServer[] = [];

beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Snaplist</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', WORKER), 'self.onmessage = () => {};');
  fs.writeFileSync(path.join(webDist, 'assets', PAGE_SCRIPT), 'console.log("page");');
});

afterAll(async () => {
  for (const server of servers) await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ WEB_DIST_DIR: webDist, ...env });
  servers.push(server);
  return server;
}

/**
 * The answers a browser meets: pages, API successes, API errors, the test checkout. Sent raw: pages, unknown
 * paths and a wrong method are outside the route table.
 */
const ANSWERS = [
  ['GET', '/'],
  ['GET', '/dashboard/listings'],
  ['GET', '/api/health'],
  ['GET', '/api/nope'],
  ['POST', '/api/user/login'],
  ['GET', '/api/users/crosslister'],
  ['GET', '/api/docs/'],
  ['GET', '/api/checkout/local/unknown-session'],
  ['GET', '/api/background-removal'],
  ['GET', '/background-removal/resources.json'],
] as const;

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers over http', () => {
  it('puts a strict policy and the framing, sniffing and referrer headers on every answer', async () => {
    const server = await start();
    for (const [method, url] of ANSWERS) {
      const response = await server.request(method, url);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src') ?? policy.get('default-src'), url).toEqual(["'none'"]);
      const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(response.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('lets the app load only its own scripts, and photos from itself, data: and blob:', async () => {
    const server = await start();
    const policy = directives((await server.request('GET', '/')).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('gives a worker script the policy its runtime needs, and every other script the page policy', async () => {
    const server = await start();
    const page = (await server.request('GET', '/')).headers.get('content-security-policy');
    const pageScript = await server.request('GET', `/assets/${PAGE_SCRIPT}`);
    expect(pageScript.status).toBe(200);
    expect(pageScript.headers.get('content-security-policy')).toBe(page);

    const worker = await server.request('GET', `/assets/${WORKER}?v=2`);
    expect(worker.status).toBe(200);
    expect(worker.text).toBe('self.onmessage = () => {};');
    const policy = directives(worker.headers.get('content-security-policy'));
    // IMG.LY's runtime imports and fetches blob: URLs, compiles WebAssembly, and its ndarray uses new Function.
    expect(policy.get('script-src')).toEqual(["'self'", 'blob:', "'unsafe-eval'", "'wasm-unsafe-eval'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(worker.headers.get('x-content-type-options')).toBe('nosniff');
    // The page itself may still compile no WebAssembly and run no script from a blob.
    expect(directives(page).get('script-src')).toEqual(["'self'"]);
    for (const url of ['/assets/worker', '/assets/other/background-removal.worker.js', '/worker.js']) {
      expect((await server.request('GET', url)).headers.get('content-security-policy'), url).toBe(page);
    }
  });

  it('lets the page and the worker reach the background-removal files on another server', async () => {
    const server = await start({ BACKGROUND_REMOVAL_PUBLIC_PATH: 'https://cdn.example.com:8443/models/' });
    const page = directives((await server.request('GET', '/')).headers.get('content-security-policy'));
    expect(page.get('connect-src')).toEqual(["'self'", 'https://cdn.example.com:8443']);
    const worker = await server.request('GET', `/assets/${WORKER}`);
    expect(directives(worker.headers.get('content-security-policy')).get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'https://cdn.example.com:8443',
    ]);
  });

  it('sends HSTS and upgrades requests only when the public address is https', async () => {
    const server = await start({ PUBLIC_URL: 'https://snaplist.example' });
    for (const [method, url] of ANSWERS) {
      const response = await server.request(method, url);
      expect(response.headers.get('strict-transport-security'), url).toBe(
        'max-age=63072000; includeSubDomains',
      );
    }
    const policy = directives((await server.request('GET', '/')).headers.get('content-security-policy'));
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    const worker = await server.request('GET', `/assets/${WORKER}`);
    expect(directives(worker.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });
});

describe('caching of API answers', () => {
  it('lets nobody keep what a signed-in seller is answered, on every route of the contract', async () => {
    const server = await start();
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const { listingId } = await createInventoryListing(server.baseUrl, seller);
    const token = seller.token;

    // The answers a probe found cacheable, each a success.
    const successes = [
      await server.call(routes.getListing, { token, params: { id: listingId } }),
      await server.call(routes.extensionLinks, { token }),
      await server.call(routes.marketplaceConnections, { token }),
      await server.call(routes.authCheck, { token, body: { product: 'crosslister' } }),
    ];
    for (const response of successes) {
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('cache-control'), response.route.path).toBe('no-store');
    }

    // Then every route as the table has it, with an empty body where one is taken: successes and refusals
    // alike. Log-out last, as it ends the session every other call uses.
    const all: RouteDescriptor[] = Object.values(routes);
    const ordered = [...all.filter((route) => route !== routes.logout), routes.logout];
    for (const route of ordered) {
      const path = `/api${route.path.replace(/:\w+/g, listingId)}`;
      const body = route.method === 'GET' ? undefined : {};
      const response = await server.request(route.method, path, { token, body });
      expect(response.headers.get('cache-control'), `${route.method} ${path} (${response.status})`).toBe(
        'no-store',
      );
    }
  });

  it('keeps the caching a route sets on purpose: a signed photo link', async () => {
    const server = await start();
    const seller = await createUser(server.baseUrl, { plan: 'pro_monthly' });
    const listing = await createInventoryListing(server.baseUrl, seller);
    const photo = new URL(listing.photos[0]?.url ?? '', server.baseUrl);
    const response = await server.request('GET', `${photo.pathname}${photo.search}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });
});
