// The Shopify protocol test server holds to Shopify's rules, so an adapter that drifts from the protocol fails
// here and in its own tests instead of on a seller's shop: the OAuth grant and its signature, tokens per shop,
// queries validated against Shopify's types and cost limit, scopes per field, staged uploads as Google Cloud
// Storage takes them, the mutations' own refusals, and the product taxonomy's search and categories.
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_SHOPIFY_API_VERSION, type FakeShopify, startFakeShopify } from './fake-shopify';

const REDIRECT_URI = 'https://snaplist.example/marketplaces/callback/shopify';
const SHOP = 'snaplist-test.myshopify.com';

let fake: FakeShopify;

beforeEach(async () => {
  fake = await startFakeShopify({ shops: [{ domain: SHOP }, { domain: 'other-shop.myshopify.com' }] });
});

afterEach(async () => {
  await fake.close();
});

function authorizeUrl(options: { shop?: string; scope?: string; clientId?: string } = {}): string {
  const query = new URLSearchParams({
    client_id: options.clientId ?? fake.clientId,
    scope: options.scope ?? 'write_products,write_inventory,read_locations,read_orders,write_publications',
    redirect_uri: REDIRECT_URI,
    state: 'state-1',
  });
  return `${fake.url}/shops/${options.shop ?? SHOP}/admin/oauth/authorize?${query}`;
}

async function tokenRequest(shop: string, body: Record<string, unknown>) {
  const response = await fetch(`${fake.url}/shops/${shop}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: fake.clientId, client_secret: fake.clientSecret, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function accessToken(
  options: { shop?: string; scope?: string; expiring?: boolean } = {},
): Promise<string> {
  const callback = new URL(await fake.authorize(authorizeUrl(options)));
  const { body } = await tokenRequest(options.shop ?? SHOP, {
    code: callback.searchParams.get('code'),
    ...(options.expiring === false ? {} : { expiring: '1' }),
  });
  return String(body.access_token);
}

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; shop?: string; version?: string } = {},
) {
  const version = options.version ?? FAKE_SHOPIFY_API_VERSION;
  const response = await fetch(
    `${fake.url}/shops/${options.shop ?? SHOP}/admin/api/${version}/graphql.json`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': options.token ?? (await accessToken()),
      },
      body: JSON.stringify({ query, variables }),
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }> | string;
    },
  };
}

function codesOf(body: Awaited<ReturnType<typeof gql>>['body']) {
  return Array.isArray(body.errors) ? body.errors.map((error) => error.extensions?.code) : body.errors;
}

describe('OAuth', () => {
  it('shows a consent page, and refuses an unknown app or scope with Shopify Oauth error', async () => {
    const consent = await fetch(authorizeUrl());
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('<button type="submit">Agree</button>');
    const unknownApp = await fetch(authorizeUrl({ clientId: 'nope' }));
    expect(unknownApp.status).toBe(400);
    expect(await unknownApp.text()).toContain('Could not find Shopify API application with api_key nope');
    const unknownScope = await fetch(authorizeUrl({ scope: 'write_products,write_everything' }));
    expect(await unknownScope.text()).toContain('The access scope is invalid: write_everything');
    expect((await fetch(authorizeUrl({ shop: 'missing.myshopify.com' }))).status).toBe(404);
  });

  it('signs the callback with the app secret over the other parameters, sorted', async () => {
    const callback = new URL(await fake.authorize(authorizeUrl()));
    const query = Object.fromEntries(callback.searchParams);
    const { hmac, ...rest } = query;
    const message = Object.keys(rest)
      .sort()
      .map((key) => `${key}=${rest[key]}`)
      .join('&');
    expect(hmac).toBe(crypto.createHmac('sha256', fake.clientSecret).update(message).digest('hex'));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(query).toMatchObject({ shop: SHOP, state: 'state-1' });
  });

  it('exchanges a code once, for the shop it was given for, with the app credentials', async () => {
    const code = new URL(await fake.authorize(authorizeUrl())).searchParams.get('code');
    expect(await tokenRequest('other-shop.myshopify.com', { code })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await tokenRequest(SHOP, { code, client_secret: 'wrong' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_client' },
    });
    const granted = await tokenRequest(SHOP, { code });
    expect(granted.status).toBe(200);
    expect(Object.keys(granted.body).sort()).toEqual(['access_token', 'scope']);
    expect(await tokenRequest(SHOP, { code })).toMatchObject({
      status: 400,
      body: { error_description: 'The authorization code was not found or was already used' },
    });
  });

  it("answers 401 for no token, an unknown one, another shop's, an expired or a revoked one", async () => {
    const query = '{ shop { name } }';
    const unauthorized = {
      status: 401,
      body: { errors: expect.stringContaining('Invalid API key or access token') },
    };
    expect(await gql(query, {}, { token: '' })).toMatchObject(unauthorized);
    expect(await gql(query, {}, { token: 'shpat_unknown' })).toMatchObject(unauthorized);
    const token = await accessToken();
    expect(await gql(query, {}, { token, shop: 'other-shop.myshopify.com' })).toMatchObject(unauthorized);
    const permanent = await accessToken({ expiring: false });
    fake.expireAccessTokens();
    expect(await gql(query, {}, { token })).toMatchObject(unauthorized);
    expect((await gql(query, {}, { token: permanent })).status).toBe(200);
    fake.revokeAll();
    expect(await gql(query, {}, { token: permanent })).toMatchObject(unauthorized);
  });
});

describe('GraphQL validation', () => {
  it("refuses what Shopify's schema does not have, with Shopify's codes and no data", async () => {
    const token = await accessToken();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['{ shop { name nickname } }', {}, 'undefinedField'],
      ['{ shop { name { first } } }', {}, 'selectionMismatch'],
      ['{ shop }', {}, 'selectionMismatch'],
      ['{ product { id } }', {}, 'missingRequiredArguments'],
      ['{ product(id: "x", sku: "y") { id } }', {}, 'argumentNotAccepted'],
      ['query Q($id: String!) { product(id: $id) { id } }', { id: 'x' }, 'variableMismatch'],
      ['{ product(id: $id) { id } }', {}, 'variableNotDefined'],
      [
        'query Q($input: ProductInput!) { productSet(input: $input) { userErrors { message } } }',
        { input: {} },
        'variableRequiresValidType',
      ],
    ];
    for (const [query, variables, code] of cases) {
      const { status, body } = await gql(query, variables, { token });
      expect(status, query).toBe(200);
      expect(codesOf(body), query).toEqual([code]);
      expect(body.data, query).toBeUndefined();
    }
  });

  it('checks variables against the input types: unknown fields, missing required ones, enums', async () => {
    const token = await accessToken();
    const mutation = 'mutation M($input: ProductSetInput!) { productSet(input: $input) { product { id } } }';
    const { body } = await gql(
      mutation,
      { input: { title: 'Jeans', price: '10.00', status: 'LIVE' } },
      { token },
    );
    expect(codesOf(body)).toEqual(['INVALID_VARIABLE']);
    const [error] = body.errors as unknown as Array<{
      extensions: { problems: Array<{ path: string[]; explanation: string }> };
    }>;
    expect(error?.extensions.problems).toEqual([
      { path: ['price'], explanation: 'Field is not defined on ProductSetInput' },
      { path: ['status'], explanation: 'Expected "LIVE" to be one of: ACTIVE, ARCHIVED, DRAFT' },
    ]);
    const noOptionValues = await gql(
      mutation,
      { input: { title: 'Jeans', variants: [{ price: '1.00' }] } },
      { token },
    );
    expect(noOptionValues.body.errors).toEqual([
      expect.objectContaining({
        message:
          'Variable $input of type ProductSetInput! was provided invalid value for variants.0.optionValues (Expected value to not be null)',
      }),
    ]);
    expect(codesOf((await gql('{ shop { name ', {}, { token })).body)).toEqual([undefined]);
  });

  it('refuses a query above the single-query cost limit', async () => {
    const { body } = await gql(
      '{ orders(first: 100) { nodes { id lineItems(first: 50) { nodes { sku } } } } }',
      {},
      { token: await accessToken() },
    );
    expect(codesOf(body)).toEqual(['MAX_COST_EXCEEDED']);
  });

  it('checks the access scope of each field', async () => {
    const token = await accessToken({ scope: 'write_products' });
    const { body } = await gql('{ shop { name } locations(first: 5) { nodes { id } } }', {}, { token });
    expect(body.data).toEqual({ shop: { name: 'Snaplist Test' }, locations: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Access denied for locations field. Required access: `read_locations` access scope.',
        path: ['locations'],
        extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }),
      }),
    ]);
  });
});

describe('mutations', () => {
  async function createdProduct(token: string) {
    const location = fake.shops[0]?.locations[0]?.id;
    const { body } = await gql(
      `mutation M($input: ProductSetInput!) {
        productSet(input: $input, synchronous: true) {
          product { id variants(first: 1) { nodes { id inventoryItem { id } } } }
          userErrors { field message code }
        }
      }`,
      {
        input: {
          title: 'Jeans',
          productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
          variants: [
            {
              optionValues: [{ optionName: 'Title', name: 'Default Title' }],
              price: '10.00',
              inventoryQuantities: [{ locationId: location, name: 'available', quantity: 3 }],
            },
          ],
        },
      },
      { token },
    );
    const payload = body.data?.productSet as
      | { product: { id: string; variants: { nodes: Array<{ id: string; inventoryItem: { id: string } }> } } }
      | undefined;
    if (!payload) throw new Error('productSet failed');
    const { product } = payload;
    return { product, variant: product.variants.nodes[0], location };
  }

  it('refuses inventory quantities in productVariantsBulkUpdate, as Shopify does', async () => {
    const token = await accessToken();
    const { product, variant, location } = await createdProduct(token);
    const { body } = await gql(
      `mutation M($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { field message code } }
      }`,
      {
        productId: product.id,
        variants: [
          { id: variant?.id, inventoryQuantities: [{ locationId: location, availableQuantity: 1 }] },
        ],
      },
      { token },
    );
    expect(body.data?.productVariantsBulkUpdate).toEqual({
      userErrors: [expect.objectContaining({ code: 'NO_INVENTORY_QUANTITIES_DURING_UPDATE' })],
    });
  });

  it('asks inventorySetQuantities (2026-04 on) for an idempotency key and the quantity each one replaces', async () => {
    const token = await accessToken();
    const { variant, location } = await createdProduct(token);
    const mutation = (key: string | null) => `mutation M($input: InventorySetQuantitiesInput!) {
      inventorySetQuantities(input: $input)${key === null ? '' : ` @idempotent(key: "${key}")`} { userErrors { code } }
    }`;
    const quantity = { inventoryItemId: variant?.inventoryItem.id, locationId: location, quantity: 1 };
    const set = async (input: Record<string, unknown>, key: string | null = crypto.randomUUID()) =>
      (await gql(mutation(key), { input: { name: 'available', reason: 'correction', ...input } }, { token }))
        .body;
    const withoutKey = await set({ quantities: [{ ...quantity, changeFromQuantity: null }] }, null);
    expect(withoutKey.data?.inventorySetQuantities).toBeNull();
    expect(codesOf(withoutKey)).toEqual(['BAD_REQUEST']);
    expect((await set({ quantities: [quantity] })).data?.inventorySetQuantities).toEqual({
      userErrors: [{ code: 'CHANGE_FROM_QUANTITY_REQUIRED' }],
    });
    expect(
      (await set({ quantities: [{ ...quantity, changeFromQuantity: 2 }] })).data?.inventorySetQuantities,
    ).toEqual({ userErrors: [{ code: 'CHANGE_FROM_QUANTITY_STALE' }] });
    expect(
      (await set({ quantities: [{ ...quantity, changeFromQuantity: 3 }] })).data?.inventorySetQuantities,
    ).toEqual({ userErrors: [] });
    const key = crypto.randomUUID();
    const outright = { quantities: [{ ...quantity, quantity: 0, changeFromQuantity: null }] };
    expect((await set(outright, key)).data?.inventorySetQuantities).toEqual({ userErrors: [] });
    expect(fake.products[0]?.variants[0]?.available).toEqual({ [location as string]: 0 });
    // The same key again is the same call, answered as before and not applied twice; with other input, refused.
    expect((await set(outright, key)).data?.inventorySetQuantities).toEqual({ userErrors: [] });
    expect(
      (await set({ quantities: [{ ...quantity, quantity: 5, changeFromQuantity: null }] }, key)).data
        ?.inventorySetQuantities,
    ).toEqual({ userErrors: [{ code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' }] });
    expect(fake.products[0]?.variants[0]?.available).toEqual({ [location as string]: 0 });
  });

  it('no longer takes the compareQuantity fields removed in 2026-04', async () => {
    const { body } = await gql(
      `mutation M($input: InventorySetQuantitiesInput!) {
        inventorySetQuantities(input: $input) @idempotent(key: "k") { userErrors { code } }
      }`,
      {
        input: {
          name: 'available',
          reason: 'correction',
          ignoreCompareQuantity: true,
          quantities: [{ inventoryItemId: 'gid://shopify/InventoryItem/1', locationId: 'x', quantity: 1 }],
        },
      },
    );
    expect(body.data).toBeUndefined();
    expect(JSON.stringify(body.errors)).toContain('ignoreCompareQuantity');
  });

  it('takes staged files as Google Cloud Storage does: signed fields, the file last', async () => {
    const token = await accessToken();
    const { body } = await gql(
      `mutation M($input: [StagedUploadInput!]!) {
        stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { message } }
      }`,
      { input: [{ resource: 'IMAGE', filename: 'a.jpg', mimeType: 'image/jpeg', httpMethod: 'POST' }] },
      { token },
    );
    const payload = body.data?.stagedUploadsCreate as
      | {
          stagedTargets: Array<{
            url: string;
            resourceUrl: string;
            parameters: Array<{ name: string; value: string }>;
          }>;
        }
      | undefined;
    const target = payload?.stagedTargets[0];
    if (!target) throw new Error('no target');
    const form = (fields: Array<{ name: string; value: string }>, fileFirst = false) => {
      const data = new FormData();
      const file = new Blob([Buffer.from([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
      if (fileFirst) data.append('file', file, 'a.jpg');
      for (const field of fields) data.append(field.name, field.value);
      if (!fileFirst) data.append('file', file, 'a.jpg');
      return data;
    };
    const post = (data: FormData) => fetch(target.url, { method: 'POST', body: data });
    expect((await post(form(target.parameters, true))).status).toBe(400);
    const forged = target.parameters.map((field) =>
      field.name === 'x-goog-signature' ? { ...field, value: '0'.repeat(64) } : field,
    );
    expect((await post(form(forged))).status).toBe(403);
    expect((await post(form(target.parameters))).status).toBe(201);
    const stored = await fetch(target.resourceUrl);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('the API version, protected customer data and publications', () => {
  it('serves the version it was started with and no other', async () => {
    const token = await accessToken();
    const served = await gql('{ shop { name } }', {}, { token });
    expect(served.status).toBe(200);
    const other = await gql('{ shop { name } }', {}, { token, version: '2025-07' });
    expect(other.status).toBe(404);
    const older = await startFakeShopify({ apiVersion: '2026-04' });
    try {
      expect(older.env.SHOPIFY_API_VERSION).toBe('2026-04');
      expect(older.options.apiVersion).toBe('2026-04');
    } finally {
      await older.close();
    }
  });

  it('refuses orders with ACCESS_DENIED to an app without protected customer data access', async () => {
    const token = await accessToken();
    const query = '{ orders(first: 5) { nodes { id } } }';
    expect((await gql(query, {}, { token })).body.errors).toBeUndefined();
    fake.withholdProtectedCustomerData();
    const { body } = await gql(query, {}, { token });
    expect(body.data).toEqual({ orders: null });
    expect(codesOf(body)).toEqual(['ACCESS_DENIED']);
    expect(JSON.stringify(body.errors)).toContain('not approved to access the Order object');
    // Products are not customer data: still served.
    expect((await gql('{ shop { name } }', {}, { token })).body.errors).toBeUndefined();
  });

  it("names each publication by its catalog's title", async () => {
    const { body } = await gql('{ publications(first: 5) { nodes { id catalog { title } } } }');
    expect(body.data?.publications).toEqual({
      nodes: [
        { id: expect.any(String), catalog: { title: 'Online Store' } },
        { id: expect.any(String), catalog: { title: 'Point of Sale' } },
      ],
    });
  });
});

describe('the product taxonomy', () => {
  const TAXONOMY = 'gid://shopify/TaxonomyCategory/';

  it('searches categories anywhere in the tree, with their full names and whether they are leaves', async () => {
    const { body } = await gql(
      `query T($search: String!) {
        taxonomy { categories(search: $search, first: 10) { nodes { id name fullName isLeaf level parentId } } }
      }`,
      { search: 'Dresses' },
    );
    const taxonomy = body.data?.taxonomy as { categories: { nodes: Array<Record<string, unknown>> } };
    expect(taxonomy.categories.nodes).toEqual(
      expect.arrayContaining([
        {
          id: `${TAXONOMY}aa-1-4`,
          name: 'Dresses',
          fullName: 'Apparel & Accessories > Clothing > Dresses',
          isLeaf: true,
          level: 3,
          parentId: `${TAXONOMY}aa-1`,
        },
        expect.objectContaining({ id: `${TAXONOMY}aa-1-2-3`, name: 'Baby & Toddler Dresses', isLeaf: true }),
        expect.objectContaining({ id: `${TAXONOMY}ap-2-6-6`, name: 'Pet Dresses' }),
      ]),
    );
    expect(taxonomy.categories.nodes).toHaveLength(3);

    const handbags = await gql(
      'query { taxonomy { categories(search: "handbags", first: 10) { nodes { fullName isLeaf } } } }',
    );
    expect(handbags.body.data?.taxonomy).toMatchObject({
      categories: {
        nodes: expect.arrayContaining([
          { fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags', isLeaf: false },
        ]),
      },
    });
    const topLevel = await gql('query { taxonomy { categories(first: 10) { nodes { fullName } } } }');
    expect(topLevel.body.data?.taxonomy).toEqual({
      categories: { nodes: [{ fullName: 'Apparel & Accessories' }, { fullName: 'Animals & Pet Supplies' }] },
    });
  });

  it('refuses a category field Shopify does not have, and a page without first', async () => {
    const unknownField = await gql(
      'query { taxonomy { categories(search: "jeans", first: 5) { nodes { id path } } } }',
    );
    expect(codesOf(unknownField.body)).toEqual(['undefinedField']);
    const noFirst = await gql('query { taxonomy { categories(search: "jeans") { nodes { id } } } }');
    expect(JSON.stringify(noFirst.body.errors)).toContain('you must provide one of first or last');
  });

  it("takes a known category on productSet, answers it on the product, and refuses one that isn't", async () => {
    const token = await accessToken();
    const location = fake.shops[0]?.locations[0]?.id;
    const create = (category: string) =>
      gql(
        `mutation M($input: ProductSetInput!) {
          productSet(input: $input, synchronous: true) {
            product { category { id fullName isLeaf } }
            userErrors { field message code }
          }
        }`,
        {
          input: {
            title: 'Jeans',
            category,
            productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
            variants: [
              {
                optionValues: [{ optionName: 'Title', name: 'Default Title' }],
                price: '10.00',
                inventoryQuantities: [{ locationId: location, name: 'available', quantity: 1 }],
              },
            ],
          },
        },
        { token },
      );

    const known = await create(`${TAXONOMY}aa-1-12-4`);
    expect(known.body.data?.productSet).toEqual({
      product: {
        category: {
          id: `${TAXONOMY}aa-1-12-4`,
          fullName: 'Apparel & Accessories > Clothing > Pants > Jeans',
          isLeaf: true,
        },
      },
      userErrors: [],
    });
    const unknown = await create(`${TAXONOMY}zz-9-9`);
    expect(unknown.body.data?.productSet).toEqual({
      product: null,
      userErrors: [
        { field: ['input', 'category'], message: 'Product category does not exist', code: 'INVALID_INPUT' },
      ],
    });
    expect(fake.products).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('signs the exact body with the app secret, as X-Shopify-Hmac-Sha256 says', async () => {
    const { body, headers } = fake.webhook('shop/redact', { shop_id: 1, shop_domain: SHOP });
    expect(headers['x-shopify-topic']).toBe('shop/redact');
    expect(headers['x-shopify-shop-domain']).toBe(SHOP);
    expect(headers['x-shopify-api-version']).toBe(FAKE_SHOPIFY_API_VERSION);
    expect(headers['x-shopify-hmac-sha256']).toBe(
      crypto.createHmac('sha256', fake.clientSecret).update(body).digest('base64'),
    );
  });
});
