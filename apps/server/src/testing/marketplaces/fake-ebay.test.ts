import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestJpeg } from '../photos';
import { documentedOperation, EBAY_DOCUMENTS_DIR, loadEbayOperations } from './ebay-openapi';
import { type FakeEbay, FakeEbayTexts, startFakeEbay } from './fake-ebay';
import { APPLICATION_SCOPE } from './fake-ebay-oauth';

const ACCEPT_URL = 'http://snaplist.test/marketplaces/callback/ebay';
const SCOPES = ['sell.inventory', 'sell.account', 'sell.fulfillment', 'commerce.identity.readonly'].map(
  (name) => `https://api.ebay.com/oauth/api_scope/${name}`,
);

let fake: FakeEbay;

beforeEach(async () => {
  fake = await startFakeEbay({ acceptUrl: ACCEPT_URL });
});

afterEach(async () => {
  await fake.close();
});

function authorizeUrl(overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: fake.options.clientId,
    redirect_uri: fake.options.ruName,
    response_type: 'code',
    scope: SCOPES.join(' '),
    state: 'state-1',
    ...overrides,
  });
  return `${fake.url}/oauth2/authorize?${query}`;
}

function tokenRequest(form: Record<string, string>, credentials = fake.options.clientSecret) {
  return fetch(`${fake.url}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${fake.options.clientId}:${credentials}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
}

async function applicationToken(): Promise<string> {
  const response = await tokenRequest({ grant_type: 'client_credentials', scope: APPLICATION_SCOPE });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function accessToken(username?: string): Promise<string> {
  const landing = new URL(await fake.authorize(authorizeUrl(), { username }));
  const response = await tokenRequest({
    grant_type: 'authorization_code',
    code: landing.searchParams.get('code') ?? '',
    redirect_uri: fake.options.ruName,
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function api(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${fake.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('the fake eBay', () => {
  it("serves only paths eBay's documents give, with those methods", (context) => {
    const operations = loadEbayOperations();
    if (!operations) context.skip(`eBay's OpenAPI documents are not at ${EBAY_DOCUMENTS_DIR}`);
    const undocumented = fake.routes
      .filter((route) => route.api !== 'site')
      .filter((route) => !documentedOperation(operations ?? [], route.method, route.path));
    expect(undocumented).toEqual([]);
  });

  it('shows a consent page whose Agree button lands on the accept URL with a code', async () => {
    const consent = await fetch(authorizeUrl());
    expect(consent.status).toBe(200);
    const html = await consent.text();
    expect(html).toContain('Grant application access: Snaplist');
    expect(html).toContain(`>${FakeEbayTexts.agree}<`);

    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        ([, name, value]): [string, string] => [name ?? '', (value ?? '').replace(/&amp;/g, '&')],
      ),
    );
    form.set('username', 'shop_two');
    form.set('decision', 'agree');
    const decision = await fetch(`${fake.url}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect(decision.status).toBe(302);
    const landing = new URL(decision.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(ACCEPT_URL);
    expect(landing.searchParams.get('state')).toBe('state-1');
    expect(landing.searchParams.get('code')).toMatch(/^v\^1\.1#/);
  });

  it('refuses an unknown app or a redirect_uri that is not its RuName on the page itself', async () => {
    expect((await fetch(authorizeUrl({ client_id: 'someone-else' }))).status).toBe(400);
    const wrongRedirect = await fetch(authorizeUrl({ redirect_uri: ACCEPT_URL }));
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.text()).toContain('RuName');
    const landing = new URL(
      await fake.authorize(authorizeUrl({ scope: 'https://api.ebay.com/oauth/api_scope/buy.offer' })),
    );
    expect(landing.searchParams.get('error')).toBe('invalid_scope');
  });

  it("answers the token endpoint with eBay's token JSON and its OAuth errors", async () => {
    const landing = new URL(await fake.authorize(authorizeUrl()));
    const code = landing.searchParams.get('code') ?? '';

    const badClient = await tokenRequest({ grant_type: 'authorization_code', code }, 'wrong-secret');
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toEqual({
      error: 'invalid_client',
      error_description: 'client authentication failed',
    });

    const granted = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: fake.options.ruName,
    });
    const tokens = (await granted.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      expires_in: 7200,
      refresh_token: expect.any(String),
      refresh_token_expires_in: 47_304_000,
      token_type: 'User Access Token',
    });

    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: fake.options.ruName,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
      scope: SCOPES.join(' '),
    });
    expect(Object.keys((await refreshed.json()) as object).sort()).toEqual([
      'access_token',
      'expires_in',
      'token_type',
    ]);

    const unsupported = await tokenRequest({ grant_type: 'password' });
    expect(((await unsupported.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });

  it("answers a call without a live token with eBay's 1001 envelope", async () => {
    const response = await api('not-a-token', 'GET', '/sell/inventory/v1/location');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: [
        {
          errorId: 1001,
          domain: 'OAuth',
          category: 'REQUEST',
          message: 'Invalid access token',
          longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
        },
      ],
    });
  });

  it('checks bodies and headers as eBay does, and names an offer that already exists', async () => {
    const token = await accessToken();
    const noLanguage = await api(token, 'PUT', '/sell/inventory/v1/inventory_item/SKU-1', {
      condition: 'NEW',
    });
    expect(noLanguage.status).toBe(400);
    expect(((await noLanguage.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(
      25709,
    );

    const english = { 'content-language': 'en-GB' };
    const badCondition = await api(
      token,
      'PUT',
      '/sell/inventory/v1/inventory_item/SKU-1',
      { condition: 'USED' },
      english,
    );
    expect(((await badCondition.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(
      25021,
    );

    const foreignPicture = await api(
      token,
      'PUT',
      '/sell/inventory/v1/inventory_item/SKU-1',
      { product: { title: 'Shirt', imageUrls: ['https://example.com/shirt.jpg'] } },
      english,
    );
    expect(((await foreignPicture.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toBe(
      'The URL provided must be an eBay Picture Service URL.',
    );

    const noItem = await api(
      token,
      'POST',
      '/sell/inventory/v1/offer',
      { sku: 'SKU-1', marketplaceId: 'EBAY_GB', format: 'FIXED_PRICE' },
      english,
    );
    expect(((await noItem.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(25702);

    expect(
      (await api(token, 'PUT', '/sell/inventory/v1/inventory_item/SKU-1', { condition: 'NEW' }, english))
        .status,
    ).toBe(201);
    expect(
      (await api(token, 'PUT', '/sell/inventory/v1/inventory_item/SKU-1', { condition: 'NEW' }, english))
        .status,
    ).toBe(204);
    const offer = { sku: 'SKU-1', marketplaceId: 'EBAY_GB', format: 'FIXED_PRICE' };
    const created = (await (await api(token, 'POST', '/sell/inventory/v1/offer', offer, english)).json()) as {
      offerId: string;
    };
    const duplicate = await api(token, 'POST', '/sell/inventory/v1/offer', offer, english);
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({
      errors: [{ errorId: 25002, parameters: [{ name: 'offerId', value: created.offerId }] }],
    });

    // Another account sees none of it.
    const stranger = await accessToken('someone_else');
    expect((await api(stranger, 'GET', `/sell/inventory/v1/offer/${created.offerId}`)).status).toBe(404);
  });

  it('keeps uploaded photos as eBay Picture Services URLs', async () => {
    const token = await accessToken();
    const jpeg = await createTestJpeg();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    // The Media API answers on its own host only.
    const onApiHost = await fetch(`${fake.url}/commerce/media/v1_beta/image/create_image_from_file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(onApiHost.status).toBe(404);
    const created = await fetch(`${fake.mediaUrl}/commerce/media/v1_beta/image/create_image_from_file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${fake.mediaUrl}/commerce/media/v1_beta/image/\\w+$`));
    const image = (await (
      await fetch(location, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { imageUrl: string };
    const picture = await fetch(image.imageUrl);
    expect(Buffer.from(await picture.arrayBuffer()).equals(jpeg)).toBe(true);

    const notAnImage = new FormData();
    notAnImage.append('image', new Blob(['hello'], { type: 'image/jpeg' }), 'photo.jpg');
    const refused = await fetch(`${fake.mediaUrl}/commerce/media/v1_beta/image/create_image_from_file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: notAnImage,
    });
    expect(refused.status).toBe(400);
  });

  it("pages orders and checks the creationdate filter's format", async () => {
    const token = await accessToken();
    const badDate = await api(
      token,
      'GET',
      `/sell/fulfillment/v1/order?${new URLSearchParams({ filter: 'creationdate:[yesterday..]' })}`,
    );
    expect(((await badDate.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(30810);
    const tooMany = await api(token, 'GET', '/sell/fulfillment/v1/order?limit=201');
    expect(((await tooMany.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId).toBe(31100);
    const none = await api(token, 'GET', '/sell/fulfillment/v1/order');
    expect(await none.json()).toMatchObject({ total: 0, orders: [] });
  });

  it('issues application tokens by the client credentials grant, for eBay’s category data only', async () => {
    const refusedScope = await tokenRequest({
      grant_type: 'client_credentials',
      scope: 'https://api.ebay.com/oauth/api_scope/sell.inventory',
    });
    expect(((await refusedScope.json()) as { error: string }).error).toBe('invalid_scope');
    const granted = await tokenRequest({ grant_type: 'client_credentials', scope: APPLICATION_SCOPE });
    const application = (await granted.json()) as Record<string, unknown>;
    expect(application).toEqual({
      access_token: expect.any(String),
      expires_in: 7200,
      token_type: 'Application Access Token',
    });
    const appToken = String(application.access_token);
    expect((await api(appToken, 'GET', '/sell/inventory/v1/location')).status).toBe(403);
    const tree = await api(
      appToken,
      'GET',
      '/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_GB',
    );
    expect(await tree.json()).toEqual({ categoryTreeId: '3', categoryTreeVersion: expect.any(String) });
    // A seller's token without the public scope does not reach it.
    const userToken = await accessToken();
    expect(
      (
        await api(
          userToken,
          'GET',
          '/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_GB',
        )
      ).status,
    ).toBe(403);
  });

  it('suggests leaf categories for words, with their ancestors, and describes their aspects and conditions', async () => {
    const appToken = await applicationToken();
    const suggested = await api(
      appToken,
      'GET',
      `/commerce/taxonomy/v1/category_tree/3/get_category_suggestions?${new URLSearchParams({ q: "men's slim jeans" })}`,
    );
    const body = (await suggested.json()) as {
      categorySuggestions: Array<{
        category: { categoryId: string; categoryName: string };
        categoryTreeNodeAncestors: Array<{ categoryName: string; categoryTreeNodeLevel: number }>;
        categoryTreeNodeLevel: number;
      }>;
    };
    expect(body.categorySuggestions[0]).toMatchObject({
      category: { categoryId: '11483', categoryName: 'Jeans' },
      categoryTreeNodeLevel: 4,
    });
    expect(body.categorySuggestions[0]?.categoryTreeNodeAncestors.map((each) => each.categoryName)).toEqual([
      "Men's Clothing",
      'Men',
      'Clothes, Shoes & Accessories',
      'Root',
    ]);
    const nothing = await api(
      appToken,
      'GET',
      '/commerce/taxonomy/v1/category_tree/3/get_category_suggestions?q=flux%20capacitor',
    );
    expect(nothing.status).toBe(204);
    const noWords = await api(
      appToken,
      'GET',
      '/commerce/taxonomy/v1/category_tree/3/get_category_suggestions',
    );
    expect(await noWords.json()).toMatchObject({ errors: [{ errorId: 62007, domain: 'API_TAXONOMY' }] });

    const aspects = (await (
      await api(
        appToken,
        'GET',
        '/commerce/taxonomy/v1/category_tree/3/get_item_aspects_for_category?category_id=11483',
      )
    ).json()) as {
      aspects: Array<{ localizedAspectName: string; aspectConstraint: { aspectRequired: boolean } }>;
    };
    expect(
      aspects.aspects
        .filter((each) => each.aspectConstraint.aspectRequired)
        .map((each) => each.localizedAspectName),
    ).toEqual(['Brand', 'Size', 'Department']);
    const notLeaf = await api(
      appToken,
      'GET',
      '/commerce/taxonomy/v1/category_tree/3/get_item_aspects_for_category?category_id=1059',
    );
    expect(await notLeaf.json()).toMatchObject({ errors: [{ errorId: 62009 }] });

    const policies = await api(
      appToken,
      'GET',
      `/sell/metadata/v1/marketplace/EBAY_GB/get_item_condition_policies?${new URLSearchParams({ filter: 'categoryIds:{11511|95672}' })}`,
    );
    expect(await policies.json()).toMatchObject({
      itemConditionPolicies: [
        {
          categoryId: '11511',
          itemConditions: [
            { conditionId: '1000', conditionDescription: 'New with tags' },
            { conditionId: '1500', conditionDescription: 'New without tags' },
          ],
        },
        { categoryId: '95672' },
      ],
    });
    const badFilter = await api(
      appToken,
      'GET',
      '/sell/metadata/v1/marketplace/EBAY_GB/get_item_condition_policies?filter=11511',
    );
    expect(await badFilter.json()).toMatchObject({ errors: [{ errorId: 46002, domain: 'API_METADATA' }] });
  });

  it('refuses to publish without a required aspect (25002) or with a condition the category does not take (25021)', async () => {
    const token = await accessToken();
    const seller = fake.account();
    const image = {
      imageId: 'img-1',
      imageUrl: `${fake.url}/images/g/img-1/s-l1600.jpg`,
      contentType: 'image/jpeg',
      bytes: await createTestJpeg(),
    };
    seller.images.set(image.imageId, image);
    const english = { 'content-language': 'en-GB' };
    const item = (aspects: Record<string, string[]>, condition: string) =>
      api(
        token,
        'PUT',
        '/sell/inventory/v1/inventory_item/SKU-1',
        {
          product: { title: 'Socks', description: 'Socks', aspects, imageUrls: [image.imageUrl] },
          condition,
          availability: { shipToLocationAvailability: { quantity: 1 } },
        },
        english,
      );
    await item({ Brand: ['Unbranded'] }, 'NEW');
    const created = (await (
      await api(
        token,
        'POST',
        '/sell/inventory/v1/offer',
        {
          sku: 'SKU-1',
          marketplaceId: 'EBAY_GB',
          format: 'FIXED_PRICE',
          categoryId: '11511',
          pricingSummary: { price: { value: '5.00', currency: 'GBP' } },
          listingPolicies: {
            fulfillmentPolicyId: seller.fulfillmentPolicies[0]?.id,
            paymentPolicyId: seller.paymentPolicies[0]?.id,
            returnPolicyId: seller.returnPolicies[0]?.id,
          },
          merchantLocationKey: 'home',
        },
        english,
      )
    ).json()) as { offerId: string };
    const publish = () => api(token, 'POST', `/sell/inventory/v1/offer/${created.offerId}/publish`);

    const noDepartment = await publish();
    expect(noDepartment.status).toBe(400);
    expect(await noDepartment.json()).toMatchObject({
      errors: [
        { errorId: 25002, message: expect.stringContaining('The item specific Department is missing') },
      ],
    });

    await item({ Brand: ['Unbranded'], Department: ['Men'] }, 'PRE_OWNED_EXCELLENT');
    const worn = await publish();
    expect(await worn.json()).toMatchObject({ errors: [{ errorId: 25021 }] });

    await item({ Brand: ['Unbranded'], Department: ['Ladies'] }, 'NEW');
    const notAValue = await publish();
    expect(await notAValue.json()).toMatchObject({
      errors: [{ errorId: 25002, message: expect.stringContaining('Department has an invalid value') }],
    });

    await item({ Brand: ['Unbranded'], Department: ['Men'] }, 'NEW');
    expect((await publish()).status).toBe(200);
  });
});
