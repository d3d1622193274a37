// Bytes an attacker (or a broken client) sends instead of a well-formed request: every one gets our
// `{ message, code }` with a 4xx, never a 500 and never a framework body that echoes what was sent.
import { type ErrorBody, ErrorBodySchema } from '@snaplist/contract';
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
