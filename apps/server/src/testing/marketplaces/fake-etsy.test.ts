// The Etsy protocol test server holds to Etsy's rules, so an adapter that drifts from the protocol fails
// here and in its own tests instead of on etsy.com: API key with shared secret, scopes, required listing
// fields, vintage-only resale, images before activation, paging limits, other sellers' shops.
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestJpeg } from '../photos';
import { type FakeEtsy, type FakeEtsyShop, startFakeEtsy } from './fake-etsy';

const REDIRECT_URI = 'https://snaplist.example/marketplaces/callback/etsy';

let fake: FakeEtsy;

beforeEach(async () => {
  fake = await startFakeEtsy();
});

afterEach(async () => {
  await fake.close();
});

function authorizeUrl(options: { scope?: string; method?: string; challenge?: string } = {}) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = options.challenge ?? crypto.createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: options.scope ?? 'listings_r listings_w shops_r transactions_r',
    client_id: fake.apiKey,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: options.method ?? 'S256',
  });
  return { url: `${fake.url}/oauth/connect?${query}`, verifier };
}

async function accessToken(options: { scope?: string; as?: FakeEtsyShop } = {}): Promise<string> {
  const { url, verifier } = authorizeUrl(options);
  const code = new URL(await fake.authorize(url, { as: options.as })).searchParams.get('code') ?? '';
  const response = await fetch(`${fake.url}/v3/public/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: fake.apiKey,
      redirect_uri: REDIRECT_URI,
      code,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function api(
  path: string,
  init: { method?: string; token?: string; apiKey?: string | null; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  const apiKey = init.apiKey === undefined ? `${fake.apiKey}:${fake.sharedSecret}` : init.apiKey;
  if (apiKey !== null) headers['x-api-key'] = apiKey;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return fetch(`${fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

async function refusal(response: Response): Promise<{ status: number; error: string }> {
  const body = (await response.json()) as { error: string; error_description?: string };
  return { status: response.status, error: body.error_description ?? body.error };
}

function draftFields(shop: FakeEtsyShop, overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    quantity: '1',
    title: 'Vintage wool coat',
    description: 'Camel wool coat from the 1970s.',
    price: '85.00',
    who_made: 'someone_else',
    when_made: '1970s',
    is_supply: 'false',
    taxonomy_id: '374',
    shipping_profile_id: String(shop.shippingProfiles[0]?.shipping_profile_id),
    readiness_state_id: String(shop.readinessStates[0]?.readiness_state_id),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

describe('the fake Etsy', () => {
  it('wants the keystring and the shared secret in x-api-key on every API call', async () => {
    const path = `/v3/application/shops/${fake.shop.shopId}`;
    expect(await refusal(await api(path, { apiKey: null }))).toEqual({
      status: 403,
      error: 'Invalid API key',
    });
    expect(await refusal(await api(path, { apiKey: fake.apiKey }))).toEqual({
      status: 403,
      error: 'Shared secret is required in x-api-key header',
    });
    expect(await refusal(await api(path, { apiKey: `${fake.apiKey}:wrong` }))).toEqual({
      status: 403,
      error: 'Invalid API key',
    });
    const shop = await api(path);
    expect(shop.status).toBe(200);
    expect(shop.headers.get('x-remaining-today')).not.toBeNull();
    expect(await shop.json()).toMatchObject({ shop_id: fake.shop.shopId, currency_code: 'GBP' });
  });

  it('shows a consent page with an Agree button, and refuses a request without S256 PKCE', async () => {
    const consent = await fetch(authorizeUrl().url);
    expect(consent.status).toBe(200);
    const html = await consent.text();
    expect(html).toContain('Snaplist would like to connect to your Etsy account');
    expect(html).toContain('>Agree</button>');

    expect((await fetch(authorizeUrl({ method: 'plain' }).url)).status).toBe(400);
    expect((await fetch(authorizeUrl({ scope: 'listings_r everything_w' }).url)).status).toBe(400);
  });

  it('answers a token without the scope a call needs with insufficient_scope', async () => {
    const token = await accessToken({ scope: 'listings_r' });
    const response = await api(`/v3/application/shops/${fake.shop.shopId}/listings`, {
      method: 'POST',
      token,
      form: draftFields(fake.shop),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('insufficient_scope');
  });

  it('holds a draft to Etsy’s required fields and its rule on items made by someone else', async () => {
    const token = await accessToken();
    const create = (overrides: Record<string, string | undefined>) =>
      api(`/v3/application/shops/${fake.shop.shopId}/listings`, {
        method: 'POST',
        token,
        form: draftFields(fake.shop, overrides),
      }).then(refusal);

    expect(await create({ readiness_state_id: undefined })).toEqual({
      status: 400,
      error: 'A readiness_state_id is required for physical listings.',
    });
    expect(await create({ shipping_profile_id: undefined })).toMatchObject({ status: 400 });
    expect(await create({ is_supply: undefined })).toMatchObject({ status: 400 });
    expect(await create({ title: undefined })).toEqual({ status: 400, error: 'title is required' });
    expect(await create({ when_made: '2020_2026' })).toEqual({
      status: 400,
      error: 'There was a problem with /marketplace : Oh dear, you cannot sell this item on Etsy.',
    });
    // Etsy renews its ranges every year: last year's values are refused.
    expect(await create({ when_made: 'before_2006' })).toEqual({
      status: 400,
      error: 'when_made before_2006 is not a valid value',
    });
    expect(await create({ tags: 'a tag that is far too long for etsy' })).toMatchObject({ status: 400 });
    expect(await create({ title: 'Coat & scarf & hat' })).toMatchObject({ status: 400 });
    expect(fake.listings).toHaveLength(0);
  });

  it('activates a draft only once it has an image', async () => {
    const token = await accessToken();
    const created = await api(`/v3/application/shops/${fake.shop.shopId}/listings`, {
      method: 'POST',
      token,
      form: draftFields(fake.shop),
    });
    expect(created.status).toBe(201);
    const { listing_id: listingId, state } = (await created.json()) as { listing_id: number; state: string };
    expect(state).toBe('draft');
    const listingPath = `/v3/application/shops/${fake.shop.shopId}/listings/${listingId}`;

    const early = await api(listingPath, { method: 'PATCH', token, form: { state: 'active' } });
    expect(early.status).toBe(400);

    const notAnImage = new FormData();
    notAnImage.append('image', new Blob(['hello'], { type: 'image/jpeg' }), 'photo.jpg');
    const refused = await fetch(`${fake.url}${listingPath}/images`, {
      method: 'POST',
      headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${token}` },
      body: notAnImage,
    });
    expect(await refusal(refused)).toEqual({
      status: 400,
      error: 'Either a valid image file or a listing_image_id must be provided.',
    });

    const image = new FormData();
    image.append(
      'image',
      new Blob([new Uint8Array(await createTestJpeg())], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    const uploaded = await fetch(`${fake.url}${listingPath}/images`, {
      method: 'POST',
      headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${token}` },
      body: image,
    });
    expect(uploaded.status).toBe(201);
    const active = await api(listingPath, { method: 'PATCH', token, form: { state: 'active' } });
    expect(active.status).toBe(200);
    expect(fake.listings[0]?.state).toBe('active');
  });

  it('serves the seller taxonomy as a tree, and each node’s properties with their scales', async () => {
    interface Node {
      id: number;
      name: string;
      level: number;
      parent_id: number | null;
      full_path_taxonomy_ids: number[];
      children: Node[];
    }
    const tree = (await (await api('/v3/application/seller-taxonomy/nodes')).json()) as { results: Node[] };
    // Etsy's own example: "shoes" (1429) is above "girls' shoes" (1440).
    const shoes = tree.results.find((node) => node.id === 1429);
    expect(shoes).toMatchObject({ name: 'Shoes', level: 0, parent_id: null, full_path_taxonomy_ids: [1429] });
    expect(shoes?.children.find((node) => node.id === 1440)).toMatchObject({
      name: "Girls' Shoes",
      level: 1,
      parent_id: 1429,
      full_path_taxonomy_ids: [1429, 1440],
    });

    const sneakers = sneakersNode(tree.results);
    const answer = await api(`/v3/application/seller-taxonomy/nodes/${sneakers}/properties`);
    const { results } = (await answer.json()) as {
      results: Array<{
        name: string;
        is_required: boolean;
        scales: Array<{ scale_id: number; display_name: string }>;
        possible_values: Array<{ value_id: number; name: string; scale_id: number }>;
      }>;
    };
    const size = results.find((property) => property.name === 'Shoe size');
    expect(size?.is_required).toBe(true);
    // Etsy's example again: US/Canada is scale 19, and EU 38 is value 1394.
    expect(size?.scales.find((scale) => scale.display_name === 'US/Canada')?.scale_id).toBe(19);
    const eu = size?.scales.find((scale) => scale.display_name === 'EU')?.scale_id;
    expect(size?.possible_values).toContainEqual({ value_id: 1394, name: '38', scale_id: eu, equal_to: [] });
    expect((await api('/v3/application/seller-taxonomy/nodes/424242/properties')).status).toBe(404);
  });

  it('takes a listing property only as values of one of its scales, and activates once the required are set', async () => {
    const token = await accessToken();
    const tree = (await (await api('/v3/application/seller-taxonomy/nodes')).json()) as {
      results: Array<{ id: number; name: string; children: never[] }>;
    };
    const created = await api(`/v3/application/shops/${fake.shop.shopId}/listings`, {
      method: 'POST',
      token,
      form: draftFields(fake.shop, { taxonomy_id: String(sneakersNode(tree.results)) }),
    });
    const { listing_id: listingId } = (await created.json()) as { listing_id: number };
    const listingPath = `/v3/application/shops/${fake.shop.shopId}/listings/${listingId}`;
    await uploadImage(listingPath, token);
    expect(
      await refusal(await api(listingPath, { method: 'PATCH', token, form: { state: 'active' } })),
    ).toEqual({
      status: 400,
      error: "This listing's category requires Shoe size.",
    });

    const setSize = (form: Record<string, string>) =>
      api(`${listingPath}/properties/103`, { method: 'PUT', token, form });
    // 1394 is EU 38: not a value of the UK scale, nor one without a scale.
    expect((await setSize({ value_ids: '1394', values: '38', scale_id: '17' })).status).toBe(400);
    expect((await setSize({ value_ids: '1394', values: '38' })).status).toBe(400);
    expect((await setSize({ value_ids: '1394', values: '38 (EU)', scale_id: '18' })).status).toBe(400);
    expect((await setSize({ value_ids: '1394' })).status).toBe(400);
    const set = await setSize({ value_ids: '1394', values: '38', scale_id: '18' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      property_id: 103,
      property_name: 'Shoe size',
      scale_id: 18,
      scale_name: 'EU',
      value_ids: [1394],
      values: ['38'],
    });
    expect((await api(listingPath, { method: 'PATCH', token, form: { state: 'active' } })).status).toBe(200);
  });

  it('keeps one seller out of another seller’s shop, drafts and receipts', async () => {
    const token = await accessToken();
    const theirToken = await accessToken({ as: fake.otherShop });
    const created = await api(`/v3/application/shops/${fake.otherShop.shopId}/listings`, {
      method: 'POST',
      token: theirToken,
      form: draftFields(fake.otherShop),
    });
    const { listing_id: theirDraft } = (await created.json()) as { listing_id: number };

    expect(
      await refusal(await api(`/v3/application/shops/${fake.otherShop.shopId}/receipts`, { token })),
    ).toEqual({
      status: 403,
      error: `User does not own Shop ${fake.otherShop.shopId}`,
    });
    expect((await api(`/v3/application/listings/${theirDraft}`, { token })).status).toBe(404);
    expect((await api(`/v3/application/listings/${theirDraft}`, { token: theirToken })).status).toBe(200);
    const patched = await api(`/v3/application/shops/${fake.shop.shopId}/listings/${theirDraft}`, {
      method: 'PATCH',
      token,
      form: { state: 'inactive' },
    });
    expect(patched.status).toBe(404);
  });

  it('pages receipts 1 to 100 at a time', async () => {
    const token = await accessToken();
    const path = `/v3/application/shops/${fake.shop.shopId}/receipts`;
    expect((await api(`${path}?limit=101`, { token })).status).toBe(400);
    const page = await api(`${path}?limit=100&offset=0`, { token });
    expect(await page.json()).toEqual({ count: 0, results: [] });
  });
});

function sneakersNode(roots: Array<{ id: number; name: string; children: unknown[] }>): number {
  type Node = { id: number; name: string; children: Node[] };
  const shoes = (roots as Node[]).find((node) => node.name === 'Shoes');
  const womens = shoes?.children.find((node) => node.name === "Women's Shoes");
  const sneakers = womens?.children.find((node) => node.name === 'Sneakers & Athletic Shoes');
  if (!sneakers) throw new Error('the fake has a sneakers node');
  return sneakers.id;
}

async function uploadImage(listingPath: string, token: string): Promise<void> {
  const image = new FormData();
  image.append(
    'image',
    new Blob([new Uint8Array(await createTestJpeg())], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const uploaded = await fetch(`${fake.url}${listingPath}/images`, {
    method: 'POST',
    headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${token}` },
    body: image,
  });
  expect(uploaded.status).toBe(201);
}
