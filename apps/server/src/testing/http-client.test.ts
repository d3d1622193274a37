// The typed test client against a server that records what it gets and answers what the test scripts: the
// route tests trust it to send what the contract says and to refuse an answer the route does not describe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@snaplist/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asErrorResponse, expectOk, httpClient, type TestClient } from './http-client';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: http.Server;
let client: TestClient;
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = httpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

const deleted = { deletedIds: ['a'] };

describe('call', () => {
  it("sends the route's method and path, its parameters percent-encoded, the token and the query", async () => {
    answer = { status: 200, body: deleted };
    await client.call(routes.deleteListing, { token: 'tok', params: { id: 'a/b c' } });
    await client.call(routes.exportListings, { query: { type: 'generations' } });
    expect(received).toMatchObject([
      { method: 'DELETE', url: '/api/listings/a%2Fb%20c', authorization: 'Bearer tok', body: '' },
      { method: 'GET', url: '/api/crosslister/listings/export?type=generations', authorization: undefined },
    ]);
  });

  it('sends the body as JSON', async () => {
    answer = { status: 200, body: deleted };
    await client.call(routes.deleteListings, { body: { ids: ['a'] } });
    expect(received[0]).toMatchObject({ contentType: 'application/json', body: '{"ids":["a"]}' });
  });

  it('does not compile a call the route does not take', () => {
    // Never run: the type-check is the test.
    const unsent = () => [
      // @ts-expect-error the ids are strings
      client.call(routes.deleteListings, { body: { ids: [1] } }),
      // @ts-expect-error the route has a body
      client.call(routes.deleteListings, {}),
      // @ts-expect-error the path needs its id
      client.call(routes.getListing, { token: 'tok' }),
      // @ts-expect-error log-out takes no body
      client.call(routes.logout, { body: { everywhere: true } }),
    ];
    expect(unsent).toBeTypeOf('function');
  });
});

describe('expectOk', () => {
  it("answers the body of the route's success status", async () => {
    answer = { status: 200, body: deleted };
    expect(expectOk(await client.call(routes.deleteListings, { body: { ids: ['a'] } }))).toEqual(deleted);
  });

  it('throws with the route, the status and the answer on any other status', async () => {
    answer = { status: 404, body: { code: 'not_found', message: 'Listing not found' } };
    const response = await client.call(routes.deleteListing, { params: { id: 'a' } });
    expect(() => expectOk(response)).toThrow(
      /DELETE \/api\/listings\/:id answered 404, not 200: .*not_found/,
    );
  });

  it('throws on a success body the route does not describe', async () => {
    answer = { status: 200, body: { deleted: 1 } };
    const response = await client.call(routes.deleteListings, { body: { ids: ['a'] } });
    expect(() => expectOk(response)).toThrow(/answered a body its route does not describe/);
  });
});

describe('asErrorResponse', () => {
  it('passes an error body and refuses anything else', async () => {
    answer = {
      status: 400,
      body: { code: 'malformed_json', message: 'The request body is not valid JSON.' },
    };
    const refused = await client.request('POST', '/api/listings', { body: '{' });
    expect(asErrorResponse(refused).body.code).toBe('malformed_json');
    answer = { status: 200, body: deleted };
    const accepted = await client.request('POST', '/api/listings/delete', { body: '{"ids":["a"]}' });
    expect(() => asErrorResponse(accepted)).toThrow(/Not an error body \(200\)/);
  });
});
