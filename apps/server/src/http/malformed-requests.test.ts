// Bytes an attacker (or a broken client) sends instead of a well-formed request: every one gets our
// `{ message, code }` with a 4xx, never a 500 and never a framework body that echoes what was sent.
import { type ErrorBody, ErrorBodySchema, MAX_REQUEST_DEPTH, routes } from '@snaplist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestJpeg,
  createUser,
  startTestServer,
  type TestResponse,
  type TestServer,
  type TestUser,
} from '../testing';

let server: TestServer;
let seller: TestUser;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  seller = await createUser(server.baseUrl);
  photo = await createTestJpeg();
});

afterAll(async () => {
  await server.close();
});

const BOUNDARY = 'snaplist-test-boundary';
// biome-ignore lint/suspicious/noControlCharactersInRegex: a body must not echo control characters
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

function part(name: string, content: string | Buffer, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
}

const END = Buffer.from(`--${BOUNDARY}--\r\n`);

async function upload(body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return server.request('POST', '/api/photos/upload', {
    token: seller.token,
    headers: { 'content-type': contentType },
    body,
  });
}

function expectOurError(
  response: TestResponse,
  status: number,
): asserts response is TestResponse & { body: ErrorBody } {
  expect(response.status, response.text).toBe(status);
  expect(ErrorBodySchema.safeParse(response.body).success, response.text).toBe(true);
  expect(Object.keys(response.body as object)).not.toContain('statusCode');
  expect(response.text).not.toMatch(CONTROL_CHARACTER);
}

describe('broken multipart uploads', () => {
  it('accepts a well-formed upload (the baseline the variants break)', async () => {
    const response = await upload(Buffer.concat([part('photo', photo, 'item.jpg'), END]));
    expect(response.status, response.text).toBe(201);
  });

  it('answers a multipart type without a boundary with 400', async () => {
    const response = await upload(
      Buffer.concat([part('photo', photo, 'item.jpg'), END]),
      'multipart/form-data',
    );
    expectOurError(response, 400);
    expect(response.body.code).toBe('malformed_multipart');
  });

  it('answers a body cut off in the middle of the photo with 400', async () => {
    const whole = part('photo', photo, 'item.jpg');
    const response = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expectOurError(response, 400);
    expect(response.body.code).toBe('malformed_multipart');
  });

  it('answers part headers that never end with 400', async () => {
    const endless = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nX-Padding: ${'a'.repeat(100_000)}`;
    const response = await upload(Buffer.from(endless));
    expectOurError(response, 400);
    expect(response.body.code).toBe('malformed_multipart');
  });

  it('answers garbage with a multipart type with 400', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    const response = await upload(garbage);
    expectOurError(response, 400);
    expect(['malformed_multipart', 'validation_failed']).toContain(response.body.code);
  });

  it('answers an empty multipart body with 400', async () => {
    const response = await upload(Buffer.alloc(0));
    expectOurError(response, 400);
  });

  it('answers too many fields with 413 and a code that says so', async () => {
    const fields = Array.from({ length: 12 }, (_, index) => part(`field${index}`, 'x'));
    const response = await upload(Buffer.concat([...fields, part('photo', photo, 'item.jpg'), END]));
    expectOurError(response, 413);
    expect(response.body.code).toBe('too_many_parts');
  });

  it('answers too many files with 413 and a code that says so', async () => {
    const files = [part('photo', photo, 'a.jpg'), part('other', photo, 'b.jpg')];
    const response = await upload(Buffer.concat([...files, END]));
    // The first file is read before the second one breaks the limit: a 201 would mean the second was ignored.
    expectOurError(response, 413);
    expect(response.body.code).toBe('too_many_parts');
  });

  it('answers a JSON body with 415, not 406', async () => {
    const response = await server.request('POST', '/api/photos/upload', {
      token: seller.token,
      body: { photo: 'not a file' },
    });
    expectOurError(response, 415);
    expect(response.body.code).toBe('unsupported_media_type');
  });
});

describe('framework errors in our shape', () => {
  it('answers an over-long path parameter with our 414 body, without echoing it', async () => {
    const id = `${'a'.repeat(120)}%01%1b[31m`;
    const response = await server.request('GET', `/api/listings/${id}`, { token: seller.token });
    expectOurError(response, 414);
    expect(response.body.code).toBe('uri_too_long');
    expect(response.text).not.toContain('aaaa');
  });

  it('answers a path that is not valid percent-encoding with 400 in our shape', async () => {
    const response = await server.request('GET', '/api/listings/%E0%A4%A', { token: seller.token });
    expectOurError(response, 400);
  });

  it('answers bad JSON, a wrong type and a body too large in our shape', async () => {
    const badJson = await server.request('POST', '/api/user/login', { body: '{"email":\u0001' });
    expectOurError(badJson, 400);
    const wrongType = await server.request('POST', '/api/user/login', {
      body: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    expect(wrongType.text).not.toMatch(CONTROL_CHARACTER);
    const tooLarge = await server.request('POST', '/api/user/login', { body: `"${'x'.repeat(2_000_000)}"` });
    expectOurError(tooLarge, 413);
  });
});

describe('bodies nested too deeply', () => {
  const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;

  it('answers 5,000 nested arrays or objects with 400, signed out and in, and keeps answering', async () => {
    const bodies = [
      deepArrays(5_000),
      deepObjects(5_000),
      // Inside a field the schema takes as it is, the nesting would otherwise reach the handler.
      `{"email":"${seller.email}","password":"${seller.password}","userData":${deepArrays(5_000)}}`,
      `{"type":"inventory","searchString":"jeans","searchOffset":0,"cursor":${deepObjects(5_000)}}`,
    ];
    const targets = [
      { path: '/api/user/login', token: undefined },
      { path: '/api/user/signup', token: undefined },
      { path: '/api/crosslister/listings', token: seller.token },
      { path: '/api/crosslister/listings/search', token: seller.token },
    ];
    for (const { path, token } of targets) {
      for (const body of bodies) {
        const response = await server.request('POST', path, { body, token });
        expectOurError(response, 400);
        expect(response.body.code, path).toBe('malformed_json');
        expect(response.body.message).toContain(`at most ${MAX_REQUEST_DEPTH} levels`);
      }
    }

    const login = await server.call(routes.login, {
      body: { email: seller.email, password: seller.password },
    });
    expect(login.status, login.text).toBe(200);
    const list = await server.call(routes.listListings, {
      token: seller.token,
      body: { type: 'inventory', cursor: null, product: 'crosslister' },
    });
    expect(list.status, list.text).toBe(200);
  });

  it('still takes nesting up to the limit in a field the schema does not read', async () => {
    // The body is level 0 and userData level 1: its arrays fill the levels up to the limit.
    const userData = deepArrays(MAX_REQUEST_DEPTH - 1);
    const body = `{"email":"${seller.email}","password":"${seller.password}","userData":${userData}}`;
    expect((await server.request('POST', '/api/user/login', { body })).status).toBe(200);
    const tooDeep = `{"email":"${seller.email}","password":"${seller.password}","userData":[${userData}]}`;
    expectOurError(await server.request('POST', '/api/user/login', { body: tooDeep }), 400);
  });
});
