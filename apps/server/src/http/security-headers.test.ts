import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';

let webDist: string;
const servers: TestServer[] = [];

beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Snaplist</title><div id="root"></div>',
  );
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
  });
});
