// The one rule for every string (decision 019): a control character is refused with the same 400 on SQLite
// and PostgreSQL (it used to be stored by one and a 500 from the other), bidi controls are removed, and a
// brand or size hint of markup is refused before it can reach a title.
import { fieldIssue, issueMessage, routes } from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createGeneration,
  createInventoryListing,
  createTestJpeg,
  createUser,
  expectOk,
  listingInput,
  type TestUser,
  uploadTestPhoto,
} from '../testing';
import { useTestServer } from '../testing/test-server-per-suite';

const server = useTestServer();
let seller: TestUser;
let photoId: string;
let listingId: string;

beforeAll(async () => {
  seller = await createUser(server().baseUrl, { plan: 'pro_monthly' });
  photoId = (await uploadTestPhoto(server().baseUrl, seller)).id;
  listingId = (await createInventoryListing(server().baseUrl, seller)).listingId;
});

function refusedForControlCharacters(response: { status: number; body: unknown }, field: string) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({
    code: 'validation_failed',
    message: issueMessage('control_characters'),
    details: [fieldIssue(field, 'control_characters')],
  });
}

describe('control characters', () => {
  it.each([
    ['log-in e-mail', routes.login, { email: 'a\u0000@b.co', password: 'whatever-1' }, 'email'],
    ['log-in password', routes.login, { email: 'a@b.co', password: 'pass\u0000word' }, 'password'],
    ['sign-up e-mail', routes.signup, { email: 'new\u0007@b.co', password: 'long-enough-1' }, 'email'],
  ])('refuses a NUL or control character in the %s without a token', async (_name, route, body, field) => {
    refusedForControlCharacters(await server().call(route, { body }), field);
  });

  it.each([
    ['title', { title: 'Jeans\u0000' }, 'title'],
    ['description', { description: 'Worn\u0000 twice' }, 'description'],
    ['tag', { tags: ['denim', 'je\u001bans'] }, 'tags.1'],
    ['brand', { brand: 'Levi\u007f' }, 'brand'],
    ['size', { size: 'W32\nL34' }, 'size'],
  ])('refuses one in a listing %s', async (_name, overrides, field) => {
    const body = listingInput({ photos: [photoId], ...overrides });
    refusedForControlCharacters(
      await server().call(routes.createListing, { token: seller.token, body }),
      field,
    );
  });

  it('accepts tabs and new lines in a description, and nowhere else', async () => {
    const description = 'Straight leg.\n\tButton fly.\r\nWorn twice.';
    const created = await server().call(routes.createListing, {
      token: seller.token,
      body: listingInput({ photos: [photoId], description }),
    });
    expect(expectOk(created).description).toBe(description);
  });

  it('refuses one in a search, a cursor, a path id and a body id', async () => {
    refusedForControlCharacters(
      await server().call(routes.searchListings, {
        token: seller.token,
        body: { searchString: 'jea\u0000ns' },
      }),
      'searchString',
    );
    refusedForControlCharacters(
      await server().call(routes.listListings, {
        token: seller.token,
        body: { cursor: 'abc\u0000', type: 'inventory' },
      }),
      'cursor',
    );
    refusedForControlCharacters(
      await server().call(routes.getListing, { token: seller.token, params: { id: `${listingId}\u0000` } }),
      'id',
    );
    refusedForControlCharacters(
      await server().call(routes.deleteListings, {
        token: seller.token,
        body: { ids: ['x\u0000'] },
      }),
      'ids.0',
    );
  });

  it('refuses one in a generation hint, before any job is queued', async () => {
    const photo = { bytes: await createTestJpeg() };
    const response = await createGeneration(server(), seller.token, [photo], {
      generationSettings: { brand: 'Zara\u0000' },
    });
    refusedForControlCharacters(response, 'listingData.generationSettings.brand');
  });
});

describe('bidi controls and markup', () => {
  it('removes bidi overrides and isolates from a title', async () => {
    const created = await server().call(routes.createListing, {
      token: seller.token,
      body: listingInput({ photos: [photoId], title: 'Jeans \u202egpj.exe\u202c \u2066blue\u2069' }),
    });
    expect(expectOk(created).title).toBe('Jeans gpj.exe blue');
  });

  it.each(['brand', 'size'] as const)('refuses markup in the %s hint', async (hint) => {
    const photo = { bytes: await createTestJpeg() };
    const response = await createGeneration(server(), seller.token, [photo], {
      generationSettings: { [hint]: '<b>x</b>' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.details?.[0]?.field).toBe(`listingData.generationSettings.${hint}`);
  });
});
