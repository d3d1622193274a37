import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCodes, IssueCodes, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asErrorResponse, expectOk, readOpenApiDocument, startTestServer, type TestServer } from '../testing';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Snaplist</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST_DIR: webDist }, (app) => {
    app.get('/api/test/explode', async () => {
      throw new Error('database password is hunter2');
    });
  });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

// The raw requests here send what the types forbid (broken JSON, no body, another media type) or call the
// route this file adds.
describe('errors', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await server.request('POST', '/api/user/login', { body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'malformed_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a request with no body where one is needed with 400', async () => {
    const response = asErrorResponse(await server.request('POST', '/api/user/login'));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The request body must be a JSON object.');
  });

  it('answers a non-JSON body with 415', async () => {
    const response = asErrorResponse(
      await server.request('POST', '/api/user/login', {
        body: 'email=a@b.c',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('answers an oversized body with 413', async () => {
    const response = await server.call(routes.login, {
      body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('hides internals of a 5xx behind a request id, and logs the error with that id', async () => {
    const response = asErrorResponse(await server.request('GET', '/api/test/explode'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
      requestId: response.headers.get('x-request-id'),
    });
    expect(response.text).not.toContain('hunter2');
    const logLine = server
      .logs()
      .split('\n')
      .find((line) => line.includes('request failed'));
    expect(logLine).toContain(response.body.requestId);
  });
});

describe('routing', () => {
  it('serves the web app for client routes, with an SPA fallback', async () => {
    for (const page of ['/', '/dashboard', '/dashboard/listings/abc', '/anything/else']) {
      const response = await server.request('GET', page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and the page without one', async () => {
    const asset = await server.request('GET', '/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await server.request('GET', '/dashboard');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('never falls back to HTML under /api', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/listing/unknown'],
      ['GET', '/api/user/login'],
    ] as const) {
      const response = asErrorResponse(await server.request(method, url));
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type'), url).toMatch(/application\/json/);
      expect(response.body.code).toBe('not_found');
    }
  });

  it('reports liveness and readiness', async () => {
    expect(expectOk(await server.call(routes.liveness))).toEqual({ status: 'ok' });
    expect(expectOk(await server.call(routes.readiness))).toEqual({
      status: 'ok',
      checks: {
        database: { ok: true, adapter: 'sqlite' },
        storage: {
          ok: true,
          adapter: 'local',
          message: 'local disk; photo links signed with STORAGE_SECRET, shared by every process',
        },
        queue: { ok: true, adapter: 'in-process' },
        publishing: { ok: true, adapter: 'in-process' },
        payments: { ok: true, adapter: 'local' },
      },
    });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const document = await readOpenApiDocument(server.baseUrl);
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/signup',
        '/api/user/login',
        '/api/users/crosslister',
        '/api/auth/logout',
        '/api/health',
        '/api/health/ready',
        '/api/plans',
        '/api/checkout',
        '/api/payments/webhook',
        '/api/users/onboarding',
      ]),
    );
    expect(document.paths['/api/users/crosslister']?.post?.security).toEqual([{ bearerAuth: [] }]);
    // The closed sets of codes clients translate by.
    expect(document.components.schemas.ErrorCode?.enum).toEqual([...ErrorCodes]);
    expect(document.components.schemas.IssueCode?.enum).toEqual([...IssueCodes]);
    const ui = await server.request('GET', '/api/docs/');
    expect(ui.status).toBe(200);
  });
});
