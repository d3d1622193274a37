// A local server that speaks Shopify's protocol for the calls Snaplist makes, for the Shopify adapter's tests,
// the crosslisting module's tests and the Playwright journeys. Shops live under `/shops/{shop}` (point
// SHOPIFY_SHOP_URL at `${url}/shops/{shop}`), each with Shopify's authorization-code grant (a consent page at
// /admin/oauth/authorize, a redirect signed with the app's secret, /admin/oauth/access_token with Shopify's
// request and error bodies, expiring offline tokens with refresh when asked for), and the Admin GraphQL API at
// /admin/api/{version}/graphql.json: requests parsed and validated against Shopify's types (shopify-graphql.ts),
// scopes checked per field, `userErrors` for refused input, THROTTLED with the cost extension, 401 for a bad
// token. Staged uploads go to a Google-Cloud-Storage-like form POST target on the same server. It serves one API
// version (2026-10 unless asked otherwise) and answers 404 for others. The product taxonomy is a real-shaped subset
// of Shopify's (TAXONOMY below): searchable as `taxonomy.categories`, and the only categories productSet accepts.
// Orders are protected customer data: an app Shopify has not granted that access gets ACCESS_DENIED
// (`withholdProtectedCustomerData`). Webhooks are delivered as Shopify sends them: JSON body, X-Shopify-Topic,
// X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the body with the app's client secret), X-Shopify-Shop-Domain,
// X-Shopify-API-Version, X-Shopify-Webhook-Id.
import crypto from 'node:crypto';
import http from 'node:http';
import { closeServer, listenLocally } from '../local-http';
import {
  connectionOf,
  executeRequest,
  FieldError,
  type GraphQLError,
  type GraphQLObject,
  MAX_QUERY_COST,
  prepareRequest,
  type RootResolver,
} from './shopify-graphql';

export const FAKE_SHOPIFY_API_VERSION = '2026-10';
const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;
const CODE_SECONDS = 600;
const STAGED_UPLOAD_SECONDS = 3600;
const BUCKET_MAXIMUM = 2000;
const RESTORE_RATE = 100;
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const KNOWN_SCOPES = new Set(
  [
    'products',
    'inventory',
    'locations',
    'orders',
    'all_orders',
    'publications',
    'files',
    'customers',
    'fulfillments',
    'shipping',
    'content',
    'themes',
  ].flatMap((resource) => [`read_${resource}`, `write_${resource}`]),
);
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic']);
const INVENTORY_REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
]);

export interface FakeShopifyLocation {
  id: string;
  name: string;
  isActive: boolean;
}

export interface FakeShopifyVariant {
  id: string;
  sku: string | null;
  price: string;
  barcode: string | null;
  inventoryItemId: string;
  tracked: boolean;
  /** Available quantity by location id, for the locations the item is stocked at. */
  available: Record<string, number>;
  optionValues: Array<{ optionName: string; name: string }>;
}

export interface FakeShopifyMedia {
  id: string;
  alt: string | null;
  originalSource: string;
  mimeType: string;
  bytes: Buffer;
}

export interface FakeShopifyProduct {
  id: string;
  shop: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  category: string | null;
  options: Array<{ name: string; values: string[] }>;
  variants: FakeShopifyVariant[];
  media: FakeShopifyMedia[];
  publicationIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface FakeShopifyUpload {
  shop: string;
  key: string;
  resourceUrl: string;
  filename: string;
  mimeType: string;
  httpMethod: 'POST' | 'PUT';
  /** Null until the file arrives at the target. */
  bytes: Buffer | null;
}

export interface FakeShopifyOrder {
  id: string;
  shop: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  lineItems: Array<{
    id: string;
    title: string;
    sku: string | null;
    quantity: number;
    variantId: string | null;
  }>;
}

/**
 * A subset of Shopify's Standard Product Taxonomy (github.com/Shopify/product-taxonomy, dist/en/categories.txt),
 * with its real ids and names: the categories the taxonomy search finds for the kinds of item the tests publish,
 * their parents, and near namesakes in other branches (Baby & Toddler, pets) that an adapter must not pick.
 * `isLeaf` is the real taxonomy's: a category listed here without its children is still not a leaf.
 */
const TAXONOMY: ReadonlyArray<{ id: string; fullName: string; isLeaf: boolean }> = [
  { id: 'aa', fullName: 'Apparel & Accessories', isLeaf: false },
  { id: 'aa-1', fullName: 'Apparel & Accessories > Clothing', isLeaf: false },
  { id: 'aa-1-2', fullName: 'Apparel & Accessories > Clothing > Baby & Toddler Clothing', isLeaf: false },
  {
    id: 'aa-1-2-1',
    fullName: 'Apparel & Accessories > Clothing > Baby & Toddler Clothing > Baby & Toddler Bottoms',
    isLeaf: false,
  },
  {
    id: 'aa-1-2-1-4',
    fullName: 'Apparel & Accessories > Clothing > Baby & Toddler Clothing > Baby & Toddler Bottoms > Jeans',
    isLeaf: true,
  },
  {
    id: 'aa-1-2-3',
    fullName: 'Apparel & Accessories > Clothing > Baby & Toddler Clothing > Baby & Toddler Dresses',
    isLeaf: true,
  },
  { id: 'aa-1-4', fullName: 'Apparel & Accessories > Clothing > Dresses', isLeaf: true },
  { id: 'aa-1-12', fullName: 'Apparel & Accessories > Clothing > Pants', isLeaf: false },
  { id: 'aa-1-12-4', fullName: 'Apparel & Accessories > Clothing > Pants > Jeans', isLeaf: true },
  { id: 'aa-1-12-11', fullName: 'Apparel & Accessories > Clothing > Pants > Trousers', isLeaf: true },
  { id: 'aa-1-15', fullName: 'Apparel & Accessories > Clothing > Skirts', isLeaf: true },
  { id: 'aa-5', fullName: 'Apparel & Accessories > Handbags, Wallets & Cases', isLeaf: false },
  { id: 'aa-5-4', fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags', isLeaf: false },
  {
    id: 'aa-5-4-5',
    fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Clutch Bags',
    isLeaf: true,
  },
  {
    id: 'aa-5-4-7',
    fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Cross Body Bags',
    isLeaf: true,
  },
  {
    id: 'aa-5-4-18',
    fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Shopper Bags',
    isLeaf: true,
  },
  {
    id: 'aa-5-4-19',
    fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Shoulder Bags',
    isLeaf: true,
  },
  { id: 'aa-8', fullName: 'Apparel & Accessories > Shoes', isLeaf: false },
  { id: 'aa-8-2', fullName: 'Apparel & Accessories > Shoes > Baby & Toddler Shoes', isLeaf: false },
  {
    id: 'aa-8-2-5',
    fullName: 'Apparel & Accessories > Shoes > Baby & Toddler Shoes > Baby & Toddler Sneakers',
    isLeaf: true,
  },
  { id: 'aa-8-3', fullName: 'Apparel & Accessories > Shoes > Boots', isLeaf: true },
  { id: 'aa-8-8', fullName: 'Apparel & Accessories > Shoes > Sneakers', isLeaf: true },
  { id: 'ap', fullName: 'Animals & Pet Supplies', isLeaf: false },
  { id: 'ap-2', fullName: 'Animals & Pet Supplies > Pet Supplies', isLeaf: false },
  { id: 'ap-2-6', fullName: 'Animals & Pet Supplies > Pet Supplies > Pet Apparel', isLeaf: false },
  {
    id: 'ap-2-6-6',
    fullName: 'Animals & Pet Supplies > Pet Supplies > Pet Apparel > Pet Dresses',
    isLeaf: true,
  },
];
const TAXONOMY_GID = 'gid://shopify/TaxonomyCategory/';

export interface FakeShopifyShop {
  domain: string;
  name: string;
  currencyCode: string;
  locations: FakeShopifyLocation[];
  publications: Array<{ id: string; name: string }>;
}

export interface FakeShopifyFault {
  status: number;
  times?: number;
  /** Only requests to this path (`/shops/{shop}/admin/oauth/access_token`, ...). */
  path?: string;
  /** Only GraphQL requests whose operation selects this root field (`productSet`, `orders`, ...). */
  operation?: string;
  /** Carry the request out, then answer the error: a response lost after the change was made. */
  afterApplying?: boolean;
}

export interface FakeShopify {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The first shop's domain (`snaplist-test.myshopify.com` unless other shops were asked for). */
  shop: string;
  shops: FakeShopifyShop[];
  /** Configuration that points a Snaplist server at this fake. */
  env: Record<string, string>;
  /** The adapter's options (createShopifyAdapter) pointing at this fake. */
  options: { clientId: string; clientSecret: string; apiVersion: string; shopUrl: string };
  products: FakeShopifyProduct[];
  uploads: FakeShopifyUpload[];
  orders: FakeShopifyOrder[];
  /** Every request received, in order; GraphQL ones with the root fields they selected. */
  requests: Array<{ method: string; path: string; operation?: string }>;
  /** What the consent page's Agree button does, without a browser: the callback URL the browser would land on. */
  authorize(authorizeUrl: string): Promise<string>;
  /** Answers the next matching requests with this status and Shopify's body for it. */
  failNext(fault: FakeShopifyFault): void;
  /** Answers the next GraphQL requests with THROTTLED, the cost extension saying to wait `retryAfterSeconds`. */
  rateLimitNext(options?: { times?: number; retryAfterSeconds?: number }): void;
  /** Ends every expiring access token now (the refresh tokens stay valid). */
  expireAccessTokens(): void;
  /** Revokes every token, as uninstalling the app does. */
  revokeAll(): void;
  /** A buyer orders `quantity` of the variant with this SKU: stock goes down and the order lists it. */
  sell(sku: string, quantity?: number, options?: { shop?: string; at?: Date }): FakeShopifyOrder;
  /** The app loses (or, with false, gets back) Shopify's approval for protected customer data: orders refused. */
  withholdProtectedCustomerData(withheld?: boolean): void;
  /** The `orders/create` webhook's body for an order (the REST Order resource, as Shopify sends it). */
  orderPayload(order: FakeShopifyOrder): Record<string, unknown>;
  /** A webhook as Shopify would POST it: the body's bytes and its headers, signed with the app's secret. */
  webhook(
    topic: string,
    payload: unknown,
    options?: { shop?: string },
  ): { body: string; headers: Record<string, string> };
  /** POSTs the webhook to `address` (the app's subscription endpoint) and answers the response. */
  deliverWebhook(
    address: string,
    topic: string,
    payload: unknown,
    options?: { shop?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

interface AccessToken {
  shop: string;
  scopes: string[];
  expiresAt: number | null;
  revoked: boolean;
}
interface Grant {
  shop: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export async function startFakeShopify(
  options: {
    shops?: Array<{ domain: string; name?: string; currencyCode?: string }>;
    appName?: string;
    /** The Admin API version served; requests for any other get 404. */
    apiVersion?: string;
  } = {},
): Promise<FakeShopify> {
  const apiVersion = options.apiVersion ?? FAKE_SHOPIFY_API_VERSION;
  let protectedCustomerDataWithheld = false;
  /** Keys of `@idempotent` calls already made: the input they came with and the answer they got. */
  const idempotentCalls = new Map<string, { input: string; answer: unknown }>();
  const clientId = crypto.randomBytes(16).toString('hex');
  const clientSecret = `shpss_${crypto.randomBytes(16).toString('hex')}`;
  const appName = options.appName ?? 'Snaplist';
  const signingKey = crypto.randomBytes(32);
  let nextId = 1001;
  const gid = (type: string) => `gid://shopify/${type}/${nextId++}`;

  const shops: FakeShopifyShop[] = (options.shops ?? [{ domain: 'snaplist-test.myshopify.com' }]).map(
    (shop) => ({
      domain: shop.domain,
      name: shop.name ?? titleOf(shop.domain),
      currencyCode: shop.currencyCode ?? 'GBP',
      locations: [
        { id: gid('Location'), name: 'Shop location', isActive: true },
        { id: gid('Location'), name: 'Warehouse', isActive: true },
        { id: gid('Location'), name: 'Closed pop-up', isActive: false },
      ],
      publications: [
        { id: gid('Publication'), name: 'Online Store' },
        { id: gid('Publication'), name: 'Point of Sale' },
      ],
    }),
  );
  const products: FakeShopifyProduct[] = [];
  const uploads: FakeShopifyUpload[] = [];
  const orders: FakeShopifyOrder[] = [];
  const requests: FakeShopify['requests'] = [];
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Grant>();
  const codes = new Map<string, Grant>();
  const faults: Array<Required<Pick<FakeShopifyFault, 'status' | 'times'>> & FakeShopifyFault> = [];
  const throttles: Array<{ times: number; retryAfterSeconds: number }> = [];
  let url = '';

  const shopOf = (domain: string) => shops.find((shop) => shop.domain === domain);

  function takeFault(path: string, operations: string[]): FakeShopifyFault | null {
    const index = faults.findIndex(
      (fault) =>
        (fault.path === undefined || fault.path === path) &&
        (fault.operation === undefined || operations.includes(fault.operation)),
    );
    const fault = faults[index];
    if (!fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
    return fault;
  }

  function issueTokens(shop: string, scopes: string[], expiring: boolean): Record<string, unknown> {
    const accessToken = `shpat_${crypto.randomBytes(16).toString('hex')}`;
    const now = Date.now();
    accessTokens.set(accessToken, {
      shop,
      scopes,
      expiresAt: expiring ? now + ACCESS_TOKEN_SECONDS * 1000 : null,
      revoked: false,
    });
    if (!expiring) return { access_token: accessToken, scope: scopes.join(',') };
    const refreshToken = `shprt_${crypto.randomBytes(16).toString('hex')}`;
    refreshTokens.set(refreshToken, {
      shop,
      scopes,
      expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
      used: false,
    });
    return {
      access_token: accessToken,
      scope: scopes.join(','),
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    };
  }

  // ----- OAuth -----

  /** Checks an authorize request as Shopify does; the refusal is Shopify's "Oauth error" page text. */
  function authorizeRefusal(params: URLSearchParams): string | null {
    if (params.get('client_id') !== clientId) {
      return `Oauth error invalid_request: Could not find Shopify API application with api_key ${params.get('client_id') ?? ''}`;
    }
    const scopes = (params.get('scope') ?? '').split(',').map((scope) => scope.trim());
    const unknown = scopes.find((scope) => !KNOWN_SCOPES.has(scope));
    if (unknown !== undefined) return `Oauth error invalid_scope: The access scope is invalid: ${unknown}`;
    const redirect = params.get('redirect_uri') ?? '';
    if (!/^https?:\/\/[^/]+/.test(redirect)) {
      return 'Oauth error invalid_request: The redirect_uri is missing or not whitelisted';
    }
    return null;
  }

  function consentPage(shop: FakeShopifyShop, params: URLSearchParams): string {
    const hidden = ['client_id', 'scope', 'redirect_uri', 'state']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
      .join('');
    const scopes = (params.get('scope') ?? '')
      .split(',')
      .map((scope) => `<li>${escapeHtml(scope)}</li>`)
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Install ${escapeHtml(appName)}</title></head>
<body><main><h1>Install ${escapeHtml(appName)}</h1><p>${escapeHtml(appName)} wants to access ${escapeHtml(shop.name)} (${escapeHtml(shop.domain)}):</p>
<ul>${scopes}</ul><form method="post">${hidden}<button type="submit">Agree</button></form></main></body></html>`;
  }

  /** The redirect after consent: Shopify's query, signed with the app's secret. */
  function grantRedirect(shop: FakeShopifyShop, params: URLSearchParams): string {
    const code = crypto.randomBytes(16).toString('hex');
    const scopes = (params.get('scope') ?? '').split(',').map((scope) => scope.trim());
    codes.set(code, { shop: shop.domain, scopes, expiresAt: Date.now() + CODE_SECONDS * 1000, used: false });
    const query: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.domain.replace(/\.myshopify\.com$/, '')}`).toString(
        'base64url',
      ),
      shop: shop.domain,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const state = params.get('state');
    if (state !== null) query.state = state;
    const message = Object.keys(query)
      .sort()
      .map((key) => `${key}=${query[key]}`)
      .join('&');
    const target = new URL(params.get('redirect_uri') ?? '');
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    target.searchParams.set('hmac', crypto.createHmac('sha256', clientSecret).update(message).digest('hex'));
    return target.toString();
  }

  function tokenRequest(shop: string, fields: Record<string, unknown>): { status: number; body: unknown } {
    const refused = (error: string, description: string) => ({
      status: 400,
      body: { error, error_description: description },
    });
    if (fields.client_id !== clientId || fields.client_secret !== clientSecret) {
      return refused(
        'invalid_client',
        'Client authentication failed due to unknown client or invalid credentials.',
      );
    }
    const expiring = fields.expiring === '1' || fields.expiring === 1;
    if (fields.grant_type === 'refresh_token') {
      const grant =
        typeof fields.refresh_token === 'string' ? refreshTokens.get(fields.refresh_token) : undefined;
      if (!grant || grant.used || grant.shop !== shop || grant.expiresAt < Date.now()) {
        return refused('invalid_grant', 'The refresh token is invalid, expired or was already used.');
      }
      grant.used = true;
      return { status: 200, body: issueTokens(shop, grant.scopes, true) };
    }
    const grant = typeof fields.code === 'string' ? codes.get(fields.code) : undefined;
    if (!grant || grant.used || grant.shop !== shop || grant.expiresAt < Date.now()) {
      return refused('invalid_request', 'The authorization code was not found or was already used');
    }
    grant.used = true;
    return { status: 200, body: issueTokens(shop, grant.scopes, expiring) };
  }

  // ----- Staged uploads (Google Cloud Storage's form POST, and a signed PUT) -----

  function stageUpload(shop: FakeShopifyShop, input: Record<string, unknown>): GraphQLObject {
    const filename = String(input.filename);
    const mimeType = String(input.mimeType);
    const httpMethod = input.httpMethod === 'POST' ? 'POST' : 'PUT';
    const key = `tmp/${shop.domain.split('.')[0]}/products/${crypto.randomUUID()}/${filename}`;
    const resourceUrl = `${url}/staged-uploads/${key}`;
    uploads.push({ shop: shop.domain, key, resourceUrl, filename, mimeType, httpMethod, bytes: null });
    const expires = new Date(Date.now() + STAGED_UPLOAD_SECONDS * 1000).toISOString();
    const policy = Buffer.from(
      JSON.stringify({ conditions: [{ key }, { 'Content-Type': mimeType }], expiration: expires }),
    ).toString('base64');
    const signature = signUpload(key, policy);
    const parameter = (name: string, value: string) => ({ __typename: 'StagedUploadParameter', name, value });
    if (httpMethod === 'PUT') {
      return {
        __typename: 'StagedMediaUploadTarget',
        url: `${url}/staged-uploads/${key}?X-Goog-Signature=${signature}`,
        resourceUrl,
        parameters: [parameter('content_type', mimeType), parameter('acl', 'private')],
      };
    }
    return {
      __typename: 'StagedMediaUploadTarget',
      url: `${url}/staged-uploads`,
      resourceUrl,
      parameters: [
        parameter('Content-Type', mimeType),
        parameter('success_action_status', '201'),
        parameter('acl', 'private'),
        parameter('key', key),
        parameter('x-goog-date', new Date().toISOString().replace(/[-:]|\.\d{3}/g, '')),
        parameter('x-goog-credential', 'merchant-assets@shopify-tiers.iam.gserviceaccount.com/auto/storage'),
        parameter('x-goog-algorithm', 'GOOG4-RSA-SHA256'),
        parameter('x-goog-signature', signature),
        parameter('policy', policy),
      ],
    };
  }

  function signUpload(key: string, policy: string): string {
    return crypto.createHmac('sha256', signingKey).update(`${key}\n${policy}`).digest('hex');
  }

  async function receiveFormUpload(request: http.IncomingMessage, body: Buffer): Promise<[number, string]> {
    const storageError = (code: string, message: string): [number, string] => [
      400,
      `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message></Error>`,
    ];
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      return storageError('InvalidArgument', 'The request body is not multipart/form-data.');
    }
    const entries = [...form.entries()];
    const file = form.get('file');
    if (!(file instanceof Blob))
      return storageError('InvalidArgument', "Bucket POST must contain a field named 'file'.");
    if (entries.at(-1)?.[0] !== 'file') {
      return storageError('InvalidArgument', "The 'file' field must be the last field of the form.");
    }
    const key = form.get('key');
    const upload = uploads.find((candidate) => candidate.key === key && candidate.httpMethod === 'POST');
    const policy = String(form.get('policy') ?? '');
    if (!upload || form.get('x-goog-signature') !== signUpload(upload.key, policy)) {
      return [
        403,
        "<?xml version='1.0' encoding='UTF-8'?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>",
      ];
    }
    if (form.get('Content-Type') !== upload.mimeType) {
      return storageError('InvalidPolicyDocument', 'Policy did not reference these fields: Content-Type');
    }
    for (const field of [
      'success_action_status',
      'acl',
      'x-goog-date',
      'x-goog-credential',
      'x-goog-algorithm',
    ]) {
      if (form.get(field) === null) return storageError('InvalidPolicyDocument', `Missing field: ${field}`);
    }
    upload.bytes = Buffer.from(await file.arrayBuffer());
    return [
      201,
      `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${escapeHtml(upload.resourceUrl)}</Location><Key>${escapeHtml(upload.key)}</Key></PostResponse>`,
    ];
  }

  // ----- GraphQL: nodes -----

  function shopNode(shop: FakeShopifyShop): GraphQLObject {
    return {
      __typename: 'Shop',
      id: `gid://shopify/Shop/${shop.domain.length}`,
      name: shop.name,
      email: `owner@${shop.domain}`,
      myshopifyDomain: shop.domain,
      currencyCode: shop.currencyCode,
      primaryDomain: {
        __typename: 'Domain',
        id: 'gid://shopify/Domain/1',
        host: shop.domain,
        url: `https://${shop.domain}`,
      },
    };
  }

  function productNode(product: FakeShopifyProduct): GraphQLObject {
    const shop = shopOf(product.shop);
    const onlineStore = shop?.publications.find((publication) => publication.name === 'Online Store');
    const visible =
      product.status === 'ACTIVE' && onlineStore && product.publicationIds.includes(onlineStore.id);
    return {
      __typename: 'Product',
      id: product.id,
      title: product.title,
      handle: product.handle,
      status: product.status,
      descriptionHtml: product.descriptionHtml,
      vendor: product.vendor,
      productType: product.productType,
      tags: product.tags,
      onlineStoreUrl: visible ? `https://${product.shop}/products/${product.handle}` : null,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      totalInventory: product.variants.reduce((sum, variant) => sum + totalAvailable(variant), 0),
      category: product.category ? taxonomyNode(product.category) : null,
      variants: (args: Record<string, unknown>) =>
        connectionOf(
          product.variants,
          args,
          (variant) => variant.id,
          (variant) => variantNode(product, variant),
        ),
      media: (args: Record<string, unknown>) =>
        connectionOf(
          product.media,
          args,
          (media) => media.id,
          (media) => ({
            __typename: 'MediaImage',
            id: media.id,
            alt: media.alt,
            mediaContentType: 'IMAGE',
            status: 'READY',
            image: { __typename: 'Image', url: media.originalSource, altText: media.alt },
          }),
        ),
    };
  }

  function variantNode(product: FakeShopifyProduct, variant: FakeShopifyVariant): GraphQLObject {
    return {
      __typename: 'ProductVariant',
      id: variant.id,
      title: variant.optionValues.map((value) => value.name).join(' / '),
      sku: variant.sku,
      price: variant.price,
      barcode: variant.barcode,
      inventoryQuantity: totalAvailable(variant),
      inventoryItem: {
        __typename: 'InventoryItem',
        id: variant.inventoryItemId,
        sku: variant.sku,
        tracked: variant.tracked,
      },
      product: () => productNode(product),
    };
  }

  function orderNode(order: FakeShopifyOrder): GraphQLObject {
    return {
      __typename: 'Order',
      id: order.id,
      name: order.name,
      createdAt: order.createdAt,
      cancelledAt: order.cancelledAt,
      test: false,
      lineItems: (args: Record<string, unknown>) =>
        connectionOf(
          order.lineItems,
          args,
          (item) => item.id,
          (item) => {
            const owner = products.find((product) =>
              product.variants.some((variant) => variant.id === item.variantId),
            );
            const variant = owner?.variants.find((candidate) => candidate.id === item.variantId);
            return {
              __typename: 'LineItem',
              id: item.id,
              title: item.title,
              sku: item.sku,
              quantity: item.quantity,
              variant: owner && variant ? variantNode(owner, variant) : null,
            };
          },
        ),
    };
  }

  // ----- GraphQL: resolvers for one shop and the scopes its token was granted -----

  function resolversFor(shop: FakeShopifyShop, grant: AccessToken): Record<string, RootResolver> {
    const requireScope = (field: string, scope: string) => {
      const [action, resource] = scope.split('_', 2) as [string, string];
      const granted =
        grant.scopes.includes(scope) || (action === 'read' && grant.scopes.includes(`write_${resource}`));
      if (!granted) {
        throw new FieldError(
          `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
          {
            code: 'ACCESS_DENIED',
            documentation: 'https://shopify.dev/api/usage/access-scopes',
            requiredAccess: `\`${scope}\` access scope.`,
          },
        );
      }
    };
    // Shopify's wording for an app without protected customer data access; the link is the app's page there.
    const requireProtectedCustomerData = () => {
      if (!protectedCustomerDataWithheld) return;
      throw new FieldError(
        'This app is not approved to access the Order object. See https://partners.shopify.com/1/apps/1/customer_data for more details.',
        {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/docs/apps/launch/protected-customer-data',
        },
      );
    };
    const shopProducts = () => products.filter((product) => product.shop === shop.domain);
    const findProduct = (id: unknown) => shopProducts().find((product) => product.id === id);
    const location = (id: unknown) => shop.locations.find((candidate) => candidate.id === id);

    return {
      shop: () => shopNode(shop),
      locations: (args) => {
        requireScope('locations', 'read_locations');
        const listed = shop.locations.filter(
          (candidate) => candidate.isActive || args.includeInactive === true,
        );
        return connectionOf(
          listed,
          args,
          (candidate) => candidate.id,
          (candidate) => ({ __typename: 'Location', ...candidate, fulfillsOnlineOrders: true }),
        );
      },
      publications: (args) => {
        requireScope('publications', 'read_publications');
        return connectionOf(
          shop.publications,
          args,
          (publication) => publication.id,
          (publication) => ({
            __typename: 'Publication',
            ...publication,
            autoPublish: false,
            // Each sales channel's publication belongs to that app's catalog, titled as the channel.
            catalog: {
              __typename: 'AppCatalog',
              id: publication.id.replace('Publication', 'AppCatalog'),
              title: publication.name,
              status: 'ACTIVE',
            },
          }),
        );
      },
      taxonomy: () => ({ __typename: 'Taxonomy', categories: taxonomyCategories }),
      product: (args) => {
        requireScope('product', 'read_products');
        const product = findProduct(args.id);
        return product ? productNode(product) : null;
      },
      productByIdentifier: (args) => {
        requireScope('productByIdentifier', 'read_products');
        const identifier = args.identifier as { id?: string; handle?: string };
        const product = shopProducts().find((candidate) =>
          identifier.id ? candidate.id === identifier.id : candidate.handle === identifier.handle,
        );
        return product ? productNode(product) : null;
      },
      productVariants: (args) => {
        requireScope('productVariants', 'read_products');
        const query = String(args.query ?? '').trim();
        const wantedSku = searchTerm(query, 'sku');
        // Only the `sku:` filter is understood; any other search finds nothing rather than everything.
        const variants = shopProducts().flatMap((product) =>
          product.variants
            .filter((variant) => query === '' || (wantedSku !== null && variant.sku === wantedSku))
            .map((variant) => ({ product, variant })),
        );
        return connectionOf(
          variants,
          args,
          ({ variant }) => variant.id,
          ({ product, variant }) => variantNode(product, variant),
        );
      },
      orders: (args) => {
        requireScope('orders', 'read_orders');
        requireProtectedCustomerData();
        const query = String(args.query ?? '').trim();
        const since = createdAfter(query);
        // Only the `created_at:>` filter is understood; any other search finds nothing rather than everything.
        const listed = orders
          .filter((order) => order.shop === shop.domain && (query === '' || since !== null))
          .filter(
            (order) =>
              since === null || (since.inclusive ? order.createdAt >= since.at : order.createdAt > since.at),
          )
          .sort((a, b) =>
            args.sortKey === 'CREATED_AT'
              ? a.createdAt.localeCompare(b.createdAt)
              : idNumber(a.id) - idNumber(b.id),
          );
        return connectionOf(listed, args, (order) => order.id, orderNode);
      },
      order: (args) => {
        requireScope('order', 'read_orders');
        requireProtectedCustomerData();
        const order = orders.find((candidate) => candidate.shop === shop.domain && candidate.id === args.id);
        return order ? orderNode(order) : null;
      },
      stagedUploadsCreate: (args) => {
        requireScope('stagedUploadsCreate', 'write_products');
        const inputs = args.input as Array<Record<string, unknown>>;
        const userErrors = inputs.flatMap((input, index) =>
          (input.resource === 'IMAGE' || input.resource === 'PRODUCT_IMAGE') &&
          !IMAGE_TYPES.has(String(input.mimeType))
            ? [
                userError(
                  ['input', String(index), 'mimeType'],
                  `Invalid MIME type for an image: ${String(input.mimeType)}`,
                ),
              ]
            : [],
        );
        if (userErrors.length > 0)
          return { __typename: 'StagedUploadsCreatePayload', stagedTargets: null, userErrors };
        return {
          __typename: 'StagedUploadsCreatePayload',
          stagedTargets: inputs.map((input) => stageUpload(shop, input)),
          userErrors: [],
        };
      },
      productSet: (args) => {
        requireScope('productSet', 'write_products');
        if (args.synchronous === false) {
          throw new FieldError('This test server runs productSet synchronously only.', {
            code: 'BAD_REQUEST',
          });
        }
        return productSet(args.input as ProductSetInput);
      },
      productUpdate: (args) => {
        requireScope('productUpdate', 'write_products');
        const input = (args.product ?? {}) as Record<string, unknown>;
        const product = findProduct(input.id);
        if (!product) {
          return {
            __typename: 'ProductUpdatePayload',
            product: null,
            userErrors: [userError(['id'], 'Product does not exist')],
          };
        }
        if (typeof input.status === 'string') product.status = input.status as FakeShopifyProduct['status'];
        if (typeof input.title === 'string') product.title = input.title;
        product.updatedAt = new Date().toISOString();
        return { __typename: 'ProductUpdatePayload', product: productNode(product), userErrors: [] };
      },
      productVariantsBulkUpdate: (args) => {
        requireScope('productVariantsBulkUpdate', 'write_products');
        const payload = (userErrors: unknown[], product: FakeShopifyProduct | null = null) => ({
          __typename: 'ProductVariantsBulkUpdatePayload',
          product: product ? productNode(product) : null,
          productVariants: product ? product.variants.map((variant) => variantNode(product, variant)) : null,
          userErrors,
        });
        const product = findProduct(args.productId);
        if (!product) {
          return payload([
            { ...userError(['productId'], 'Product does not exist'), code: 'PRODUCT_DOES_NOT_EXIST' },
          ]);
        }
        const inputs = args.variants as Array<Record<string, unknown>>;
        const errors = inputs.flatMap((input, index) => {
          if (!product.variants.some((variant) => variant.id === input.id)) {
            return [
              {
                ...userError(['variants', String(index), 'id'], 'Product variant does not exist'),
                code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
              },
            ];
          }
          if (input.inventoryQuantities) {
            return [
              {
                ...userError(
                  ['variants', String(index), 'inventoryQuantities'],
                  'Inventory quantities can only be provided during create. To update inventory for existing variants, use inventoryAdjustQuantities.',
                ),
                code: 'NO_INVENTORY_QUANTITIES_DURING_UPDATE',
              },
            ];
          }
          if (input.price !== undefined && Number(input.price) < 0) {
            return [
              {
                ...userError(
                  ['variants', String(index), 'price'],
                  'Price must be greater than or equal to 0',
                ),
                code: 'INVALID_INPUT',
              },
            ];
          }
          return [];
        });
        if (errors.length > 0) return payload(errors);
        for (const input of inputs) {
          const variant = product.variants.find(
            (candidate) => candidate.id === input.id,
          ) as FakeShopifyVariant;
          if (input.price !== undefined) variant.price = normaliseMoney(input.price);
          if (typeof input.barcode === 'string') variant.barcode = input.barcode;
        }
        product.updatedAt = new Date().toISOString();
        return payload([], product);
      },
      inventorySetQuantities: (args, directives) => {
        requireScope('inventorySetQuantities', 'write_inventory');
        // Since 2026-04 the key is required at run time, though the schema cannot say so.
        const key = directives.idempotent?.key;
        if (typeof key !== 'string' || key === '') {
          throw new FieldError(
            'The @idempotent directive with a key is required for inventorySetQuantities.',
            { code: 'BAD_REQUEST' },
          );
        }
        const given = JSON.stringify(args.input);
        const earlier = idempotentCalls.get(key);
        if (earlier) {
          if (earlier.input === given) return earlier.answer;
          return {
            __typename: 'InventorySetQuantitiesPayload',
            inventoryAdjustmentGroup: null,
            userErrors: [
              {
                __typename: 'InventorySetQuantitiesUserError',
                code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
                field: null,
                message: 'The same idempotency key cannot be used with different operation parameters.',
              },
            ],
          };
        }
        const answer = setQuantities(args.input as SetQuantitiesInput);
        idempotentCalls.set(key, { input: given, answer });
        return answer;
      },
      publishablePublish: (args) => {
        requireScope('publishablePublish', 'write_publications');
        const product = findProduct(args.id);
        const payload = (userErrors: unknown[]) => ({
          __typename: 'PublishablePublishPayload',
          publishable: product ? productNode(product) : null,
          shop: shopNode(shop),
          userErrors,
        });
        if (!product) return payload([userError(['id'], 'Product does not exist')]);
        const inputs = args.input as Array<{ publicationId?: string | null }>;
        const unknownIndex = inputs.findIndex(
          (input) => !shop.publications.some((publication) => publication.id === input.publicationId),
        );
        if (unknownIndex >= 0)
          return payload([
            userError(['input', String(unknownIndex), 'publicationId'], 'Publication does not exist'),
          ]);
        for (const input of inputs) {
          if (input.publicationId && !product.publicationIds.includes(input.publicationId))
            product.publicationIds.push(input.publicationId);
        }
        return payload([]);
      },
      appUninstall: () => {
        for (const candidate of accessTokens.values())
          if (candidate.shop === shop.domain) candidate.revoked = true;
        for (const candidate of refreshTokens.values())
          if (candidate.shop === shop.domain) candidate.used = true;
        return {
          __typename: 'AppUninstallPayload',
          app: {
            __typename: 'App',
            id: 'gid://shopify/App/1',
            title: appName,
            handle: 'snaplist',
          },
          userErrors: [],
        };
      },
    };

    function setQuantities(input: SetQuantitiesInput): GraphQLObject {
      const refuse = (code: string, field: string[], message: string) => ({
        __typename: 'InventorySetQuantitiesPayload',
        inventoryAdjustmentGroup: null,
        userErrors: [{ __typename: 'InventorySetQuantitiesUserError', code, field, message }],
      });
      if (input.name !== 'available' && input.name !== 'on_hand') {
        return refuse(
          'INVALID_NAME',
          ['input', 'name'],
          "The quantity name must be either 'available' or 'on_hand'.",
        );
      }
      if (!INVENTORY_REASONS.has(input.reason)) {
        return refuse('INVALID_REASON', ['input', 'reason'], 'The specified reason is invalid.');
      }
      const changes: GraphQLObject[] = [];
      for (const [index, quantity] of input.quantities.entries()) {
        const field = ['input', 'quantities', String(index)];
        const variant = shopProducts()
          .flatMap((product) => product.variants)
          .find((candidate) => candidate.inventoryItemId === quantity.inventoryItemId);
        if (!variant)
          return refuse(
            'INVALID_INVENTORY_ITEM',
            [...field, 'inventoryItemId'],
            'The specified inventory item could not be found.',
          );
        if (!location(quantity.locationId))
          return refuse(
            'INVALID_LOCATION',
            [...field, 'locationId'],
            'The specified location could not be found.',
          );
        const current = variant.available[quantity.locationId];
        if (current === undefined) {
          return refuse(
            'ITEM_NOT_STOCKED_AT_LOCATION',
            [...field, 'locationId'],
            'The specified inventory item is not stocked at the location.',
          );
        }
        // Since 2026-04 each quantity says what it changes from: a number to compare, or null to set outright.
        if (!('changeFromQuantity' in quantity)) {
          return refuse(
            'CHANGE_FROM_QUANTITY_REQUIRED',
            [...field, 'changeFromQuantity'],
            'The changeFromQuantity argument must be given to each quantity (null to skip the comparison).',
          );
        }
        if (quantity.changeFromQuantity !== null && quantity.changeFromQuantity !== current) {
          return refuse(
            'CHANGE_FROM_QUANTITY_STALE',
            [...field, 'changeFromQuantity'],
            'The changeFromQuantity value does not match persisted value.',
          );
        }
      }
      for (const quantity of input.quantities) {
        const variant = shopProducts()
          .flatMap((product) => product.variants)
          .find((candidate) => candidate.inventoryItemId === quantity.inventoryItemId) as FakeShopifyVariant;
        const before = variant.available[quantity.locationId] ?? 0;
        variant.available[quantity.locationId] = quantity.quantity;
        changes.push({
          __typename: 'InventoryChange',
          name: input.name,
          delta: quantity.quantity - before,
          quantityAfterChange: null,
        });
      }
      return {
        __typename: 'InventorySetQuantitiesPayload',
        inventoryAdjustmentGroup: {
          __typename: 'InventoryAdjustmentGroup',
          id: gid('InventoryAdjustmentGroup'),
          reason: input.reason,
          changes,
        },
        userErrors: [],
      };
    }

    function productSet(input: ProductSetInput): GraphQLObject {
      const refuse = (field: string[], message: string, code = 'INVALID_INPUT') => ({
        __typename: 'ProductSetPayload',
        product: null,
        userErrors: [{ __typename: 'ProductSetUserError', field: ['input', ...field], message, code }],
      });
      const existing = input.id ? findProduct(input.id) : undefined;
      if (input.id && !existing) return refuse(['id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST');
      const title = input.title ?? existing?.title ?? '';
      if (title.trim() === '') return refuse(['title'], "Title can't be blank", 'BLANK');
      if (input.category && !taxonomyEntry(input.category)) {
        return refuse(['category'], 'Product category does not exist', 'INVALID_INPUT');
      }
      if (title.length > 255) return refuse(['title'], 'Title is too long (maximum is 255 characters)');
      const handleTaken = (handle: string) =>
        shopProducts().some((product) => product.handle === handle && product.id !== existing?.id);
      if (input.handle && handleTaken(input.handle)) {
        return refuse(['handle'], `Handle '${input.handle}' already in use. Please provide a new handle.`);
      }
      const options = (input.productOptions ?? []).map((option) => ({
        name: option.name ?? '',
        values: (option.values ?? []).map((value) => value.name ?? ''),
      }));
      if (input.variants && options.length === 0 && !existing) {
        return refuse(
          ['productOptions'],
          'Product options input is required when creating variants',
          'PRODUCT_OPTIONS_INPUT_MISSING',
        );
      }
      const knownOptions = options.length > 0 ? options : (existing?.options ?? []);
      const variants: FakeShopifyVariant[] = [];
      for (const [index, variantInput] of (input.variants ?? []).entries()) {
        const field = ['variants', String(index)];
        const matches =
          variantInput.optionValues.length === knownOptions.length &&
          variantInput.optionValues.every((value) =>
            knownOptions.some(
              (option) => option.name === value.optionName && option.values.includes(value.name ?? ''),
            ),
          );
        if (!matches)
          return refuse(
            [...field, 'optionValues'],
            'Option value does not exist on the product options',
            'OPTION_VALUE_DOES_NOT_EXIST',
          );
        if (
          variantInput.price !== undefined &&
          variantInput.price !== null &&
          Number(variantInput.price) < 0
        ) {
          return refuse([...field, 'price'], 'Price must be greater than or equal to 0');
        }
        const available: Record<string, number> = {};
        for (const [quantityIndex, quantity] of (variantInput.inventoryQuantities ?? []).entries()) {
          const quantityField = [...field, 'inventoryQuantities', String(quantityIndex)];
          if (!location(quantity.locationId))
            return refuse([...quantityField, 'locationId'], 'Location does not exist', 'INVALID_LOCATION');
          if (quantity.name !== 'available' && quantity.name !== 'on_hand') {
            return refuse(
              [...quantityField, 'name'],
              "Inventory quantity name must be 'available' or 'on_hand'",
            );
          }
          available[quantity.locationId] = quantity.quantity;
        }
        const previous = existing?.variants.find((variant) => variant.id === variantInput.id);
        variants.push({
          id: previous?.id ?? gid('ProductVariant'),
          sku: variantInput.sku ?? variantInput.inventoryItem?.sku ?? previous?.sku ?? null,
          price:
            variantInput.price !== undefined && variantInput.price !== null
              ? normaliseMoney(variantInput.price)
              : (previous?.price ?? '0.00'),
          barcode: variantInput.barcode ?? previous?.barcode ?? null,
          inventoryItemId: previous?.inventoryItemId ?? gid('InventoryItem'),
          tracked:
            variantInput.inventoryItem?.tracked ?? previous?.tracked ?? Object.keys(available).length > 0,
          available: Object.keys(available).length > 0 ? available : (previous?.available ?? {}),
          optionValues: variantInput.optionValues.map((value) => ({
            optionName: value.optionName ?? '',
            name: value.name ?? '',
          })),
        });
      }
      const media: FakeShopifyMedia[] = [];
      for (const [index, file] of (input.files ?? []).entries()) {
        const upload = uploads.find(
          (candidate) => candidate.resourceUrl === file.originalSource && candidate.shop === shop.domain,
        );
        if (!upload?.bytes) {
          return refuse(
            ['files', String(index), 'originalSource'],
            'File could not be processed: the source URL has no uploaded file.',
            'INVALID_INPUT',
          );
        }
        if (file.contentType !== undefined && file.contentType !== null && file.contentType !== 'IMAGE') {
          return refuse(
            ['files', String(index), 'contentType'],
            'The file is not of the given content type.',
          );
        }
        media.push({
          id: gid('MediaImage'),
          alt: file.alt ?? null,
          originalSource: upload.resourceUrl,
          mimeType: upload.mimeType,
          bytes: upload.bytes,
        });
      }
      const now = new Date().toISOString();
      const product: FakeShopifyProduct = existing ?? {
        id: gid('Product'),
        shop: shop.domain,
        handle: '',
        title,
        descriptionHtml: '',
        vendor: '',
        productType: '',
        tags: [],
        status: 'ACTIVE',
        category: null,
        options: [],
        variants: [],
        media: [],
        publicationIds: [],
        createdAt: now,
        updatedAt: now,
      };
      product.title = title;
      product.handle = input.handle ?? (existing ? existing.handle : uniqueHandle(slug(title), handleTaken));
      if (input.descriptionHtml !== undefined && input.descriptionHtml !== null)
        product.descriptionHtml = input.descriptionHtml;
      if (input.vendor !== undefined && input.vendor !== null) product.vendor = input.vendor;
      if (input.productType !== undefined && input.productType !== null)
        product.productType = input.productType;
      if (input.tags) product.tags = [...new Set(input.tags)];
      if (input.status) product.status = input.status;
      if (input.category !== undefined) product.category = input.category ?? null;
      if (options.length > 0) product.options = options;
      if (input.variants) product.variants = variants;
      else if (!existing) {
        product.options = [{ name: 'Title', values: ['Default Title'] }];
        product.variants = [
          {
            id: gid('ProductVariant'),
            sku: null,
            price: '0.00',
            barcode: null,
            inventoryItemId: gid('InventoryItem'),
            tracked: false,
            available: {},
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          },
        ];
      }
      if (input.files) product.media = media;
      product.updatedAt = now;
      if (!existing) products.push(product);
      return { __typename: 'ProductSetPayload', product: productNode(product), userErrors: [] };
    }
  }

  // ----- HTTP -----

  async function graphql(
    request: http.IncomingMessage,
    path: string,
    shop: FakeShopifyShop,
    body: Buffer,
    answer: (status: number, json: unknown, headers?: Record<string, string>) => void,
  ): Promise<void> {
    const token = String(request.headers['x-shopify-access-token'] ?? '');
    const grant = accessTokens.get(token);
    const entry: FakeShopify['requests'][number] = { method: 'POST', path };
    requests.push(entry);
    if (
      !grant ||
      grant.revoked ||
      grant.shop !== shop.domain ||
      (grant.expiresAt !== null && grant.expiresAt < Date.now())
    ) {
      return answer(401, { errors: INVALID_TOKEN });
    }
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const result = prepareRequest(parsedBody);
    const operations = 'prepared' in result ? result.prepared.rootFields : [];
    entry.operation = operations.join(',');
    const fault = takeFault(path, operations);
    if (fault && !fault.afterApplying) return answerFault(fault, answer);
    if ('errors' in result) return answer(200, { errors: result.errors });
    const { prepared } = result;
    const cost = prepared.requestedQueryCost;
    if (cost > MAX_QUERY_COST) {
      return answer(200, {
        errors: [
          {
            message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST },
          },
        ],
      });
    }
    const throttle = throttles[0];
    if (throttle) {
      throttle.times -= 1;
      if (throttle.times <= 0) throttles.shift();
      // Shopify says how long to wait through the bucket: (requested - available) / restoreRate seconds. With the
      // bucket empty, the restore rate is set so that works out to the wait the test asked for.
      return answer(200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: cost,
            actualQueryCost: null,
            throttleStatus: {
              maximumAvailable: BUCKET_MAXIMUM,
              currentlyAvailable: 0,
              restoreRate: Math.max(cost, 1) / throttle.retryAfterSeconds,
            },
          },
        },
      });
    }
    const { data, errors } = executeRequest(prepared, resolversFor(shop, grant));
    if (fault) return answerFault(fault, answer);
    const response: Record<string, unknown> = { data };
    if (errors.length > 0) response.errors = errors satisfies GraphQLError[];
    response.extensions = {
      cost: {
        requestedQueryCost: cost,
        actualQueryCost: cost,
        throttleStatus: {
          maximumAvailable: BUCKET_MAXIMUM,
          currentlyAvailable: BUCKET_MAXIMUM - cost,
          restoreRate: RESTORE_RATE,
        },
      },
    };
    return answer(200, response, { 'x-shopify-api-version': apiVersion });
  }

  function answerFault(
    fault: FakeShopifyFault,
    answer: (status: number, json: unknown, headers?: Record<string, string>) => void,
  ): void {
    const headers: Record<string, string> = fault.status === 429 ? { 'retry-after': '1.0' } : {};
    const text =
      fault.status === 429
        ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'
        : (http.STATUS_CODES[fault.status] ?? 'Error');
    answer(fault.status, { errors: text }, headers);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, response, Buffer.concat(chunks)).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errors: String(error) }));
      });
    });
  });

  async function handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
  ): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', 'http://fake-shopify');
    const method = request.method ?? 'GET';
    const path = requestUrl.pathname;
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(json));
    };
    const page = (status: number, html: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(html);
    };

    if (path === '/staged-uploads' && method === 'POST') {
      requests.push({ method, path });
      const fault = takeFault(path, []);
      if (fault) return answerFault(fault, answer);
      const [status, xml] = await receiveFormUpload(request, body);
      response.writeHead(status, { 'content-type': 'application/xml; charset=UTF-8' });
      response.end(xml);
      return;
    }
    if (path.startsWith('/staged-uploads/')) {
      requests.push({ method, path });
      const key = decodeURIComponent(path.slice('/staged-uploads/'.length));
      const upload = uploads.find((candidate) => candidate.key === key);
      if (method === 'PUT' && upload?.httpMethod === 'PUT') {
        upload.bytes = body;
        response.writeHead(200).end();
        return;
      }
      if (method === 'GET' && upload?.bytes) {
        response.writeHead(200, { 'content-type': upload.mimeType }).end(upload.bytes);
        return;
      }
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end('<Error><Code>NoSuchKey</Code></Error>');
      return;
    }

    const match = /^\/shops\/([^/]+)(\/.*)$/.exec(path);
    const shop = match ? shopOf(decodeURIComponent(match[1] ?? '')) : undefined;
    const rest = match?.[2] ?? '';
    if (!shop) {
      requests.push({ method, path });
      return page(
        404,
        '<!doctype html><title>Store unavailable</title><p>Sorry, this store is currently unavailable.</p>',
      );
    }

    if (rest === '/admin/oauth/authorize') {
      requests.push({ method, path });
      const params = method === 'POST' ? new URLSearchParams(body.toString('utf8')) : requestUrl.searchParams;
      const refusal = authorizeRefusal(params);
      if (refusal) return page(400, `<!doctype html><title>Oauth error</title><p>${escapeHtml(refusal)}</p>`);
      if (method === 'GET') return page(200, consentPage(shop, params));
      if (method === 'POST') return page(302, '', { location: grantRedirect(shop, params) });
    }

    if (rest === '/admin/oauth/access_token' && method === 'POST') {
      requests.push({ method, path });
      const fault = takeFault(path, []);
      if (fault) return answerFault(fault, answer);
      const type = String(request.headers['content-type'] ?? '');
      let fields: Record<string, unknown>;
      try {
        fields = type.includes('application/json')
          ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      } catch {
        return answer(400, {
          error: 'invalid_request',
          error_description: 'The request body could not be read.',
        });
      }
      const result = tokenRequest(shop.domain, fields);
      return answer(result.status, result.body);
    }

    const api = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(rest);
    if (api && method === 'POST') {
      if (api[1] !== apiVersion) {
        requests.push({ method, path });
        return answer(404, { errors: 'Not Found' });
      }
      return graphql(request, path, shop, body, answer);
    }

    requests.push({ method, path });
    return answer(404, { errors: 'Not Found' });
  }

  // ----- Webhooks: signed with the app's client secret over the exact body -----

  const webhook: FakeShopify['webhook'] = (
    topic,
    payload,
    { shop: domain = shops[0]?.domain ?? '' } = {},
  ) => {
    const body = JSON.stringify(payload);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': crypto.createHmac('sha256', clientSecret).update(body).digest('base64'),
        'x-shopify-shop-domain': domain,
        'x-shopify-api-version': apiVersion,
        'x-shopify-webhook-id': crypto.randomUUID(),
        'x-shopify-event-id': crypto.randomUUID(),
        'x-shopify-triggered-at': new Date().toISOString(),
      },
    };
  };

  url = await listenLocally(server);
  const shopUrl = `${url}/shops/{shop}`;

  return {
    url,
    clientId,
    clientSecret,
    shop: shops[0]?.domain ?? '',
    shops,
    env: {
      SHOPIFY_CLIENT_ID: clientId,
      SHOPIFY_CLIENT_SECRET: clientSecret,
      SHOPIFY_API_VERSION: apiVersion,
      SHOPIFY_SHOP_URL: shopUrl,
    },
    options: { clientId, clientSecret, apiVersion, shopUrl },
    products,
    uploads,
    orders,
    requests,
    async authorize(authorizeUrl) {
      const consent = await fetch(authorizeUrl);
      if (consent.status !== 200) throw new Error(`The consent page refused: ${await consent.text()}`);
      const target = new URL(authorizeUrl);
      const agreed = await fetch(`${target.origin}${target.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: target.searchParams.toString(),
        redirect: 'manual',
      });
      const location = agreed.headers.get('location');
      if (agreed.status !== 302 || !location) throw new Error(`Agreeing did not redirect: ${agreed.status}`);
      return location;
    },
    failNext(fault) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    rateLimitNext({ times = 1, retryAfterSeconds = 1 } = {}) {
      throttles.push({ times, retryAfterSeconds });
    },
    expireAccessTokens() {
      for (const token of accessTokens.values())
        if (token.expiresAt !== null) token.expiresAt = Date.now() - 1000;
    },
    revokeAll() {
      for (const token of accessTokens.values()) token.revoked = true;
      for (const grant of refreshTokens.values()) grant.used = true;
    },
    sell(sku, quantity = 1, { shop: domain = shops[0]?.domain ?? '', at = new Date() } = {}) {
      const product = products.find(
        (candidate) => candidate.shop === domain && candidate.variants.some((variant) => variant.sku === sku),
      );
      const variant = product?.variants.find((candidate) => candidate.sku === sku);
      if (variant) {
        const stocked = Object.keys(variant.available).find(
          (locationId) => (variant.available[locationId] ?? 0) > 0,
        );
        const locationId = stocked ?? Object.keys(variant.available)[0];
        if (locationId !== undefined)
          variant.available[locationId] = (variant.available[locationId] ?? 0) - quantity;
      }
      const number = orders.filter((order) => order.shop === domain).length + 1001;
      const order: FakeShopifyOrder = {
        id: gid('Order'),
        shop: domain,
        name: `#${number}`,
        createdAt: at.toISOString(),
        cancelledAt: null,
        lineItems: [
          {
            id: gid('LineItem'),
            title: product?.title ?? sku,
            sku,
            quantity,
            variantId: variant?.id ?? null,
          },
        ],
      };
      orders.push(order);
      return order;
    },
    withholdProtectedCustomerData(withheld = true) {
      protectedCustomerDataWithheld = withheld;
    },
    orderPayload(order) {
      return {
        id: idNumber(order.id),
        admin_graphql_api_id: order.id,
        name: order.name,
        created_at: order.createdAt,
        cancelled_at: order.cancelledAt,
        currency: shopOf(order.shop)?.currencyCode ?? 'GBP',
        test: false,
        line_items: order.lineItems.map((item) => ({
          id: idNumber(item.id),
          admin_graphql_api_id: item.id,
          title: item.title,
          sku: item.sku,
          quantity: item.quantity,
          variant_id: item.variantId === null ? null : idNumber(item.variantId),
        })),
      };
    },
    webhook,
    deliverWebhook(address, topic, payload, webhookOptions) {
      const { body, headers } = webhook(topic, payload, webhookOptions);
      return fetch(address, { method: 'POST', headers, body });
    },
    close: () => closeServer(server),
  };
}

interface SetQuantitiesInput {
  name: string;
  reason: string;
  quantities: Array<{
    inventoryItemId: string;
    locationId: string;
    quantity: number;
    changeFromQuantity?: number | null;
  }>;
}

interface ProductSetInput {
  id?: string | null;
  title?: string | null;
  descriptionHtml?: string | null;
  handle?: string | null;
  vendor?: string | null;
  productType?: string | null;
  tags?: string[] | null;
  status?: FakeShopifyProduct['status'] | null;
  category?: string | null;
  productOptions?: Array<{ name?: string | null; values?: Array<{ name?: string | null }> | null }> | null;
  files?: Array<{ originalSource?: string | null; alt?: string | null; contentType?: string | null }> | null;
  variants?: Array<{
    id?: string | null;
    optionValues: Array<{ optionName?: string | null; name?: string | null }>;
    price?: string | number | null;
    sku?: string | null;
    barcode?: string | null;
    inventoryItem?: { sku?: string | null; tracked?: boolean | null } | null;
    inventoryQuantities?: Array<{ locationId: string; name: string; quantity: number }> | null;
  }> | null;
}

function userError(field: string[], message: string): GraphQLObject {
  return { __typename: 'UserError', field, message };
}

function totalAvailable(variant: FakeShopifyVariant): number {
  return Object.values(variant.available).reduce((sum, quantity) => sum + quantity, 0);
}

function normaliseMoney(value: unknown): string {
  return Number(value).toFixed(2);
}

function idNumber(id: string): number {
  return Number(id.split('/').pop());
}

/** The value of `field:value` (quoted or not) in Shopify's search syntax; null when the query has none. */
function searchTerm(query: string, field: string): string | null {
  const match = new RegExp(
    `(?:^|\\s)${field}:(?:"((?:[^"\\\\]|\\\\.)*)"|'((?:[^'\\\\]|\\\\.)*)'|(\\S+))`,
  ).exec(query);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
}

/** `created_at:>'2025-01-01T00:00:00Z'` (or `>=`) from an orders search query. */
function createdAfter(query: string): { at: string; inclusive: boolean } | null {
  const match = /created_at:(>=?)\s*['"]?([^'"\s]+)['"]?/.exec(query);
  if (!match) return null;
  const at = new Date(match[2] ?? '');
  if (Number.isNaN(at.getTime())) return null;
  return { at: at.toISOString(), inclusive: match[1] === '>=' };
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product'
  );
}

function uniqueHandle(base: string, taken: (handle: string) => boolean): string {
  let handle = base;
  for (let suffix = 1; taken(handle); suffix += 1) handle = `${base}-${suffix}`;
  return handle;
}

function titleOf(domain: string): string {
  return domain
    .replace(/\.myshopify\.com$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function taxonomyEntry(id: string) {
  return TAXONOMY.find((entry) => `${TAXONOMY_GID}${entry.id}` === id);
}

/** A category as the Admin API answers it; its ids are the GIDs, its family read from the id's path. */
function taxonomyNode(id: string): GraphQLObject {
  const entry = taxonomyEntry(id);
  if (!entry) throw new FieldError('Invalid taxonomy category id', { code: 'BAD_REQUEST' });
  const path = entry.id.split('-');
  const ancestors = path.slice(0, -1).map((_, index) => path.slice(0, index + 1).join('-'));
  return {
    __typename: 'TaxonomyCategory',
    id,
    name: entry.fullName.split(' > ').at(-1) ?? entry.fullName,
    fullName: entry.fullName,
    isLeaf: entry.isLeaf,
    isRoot: path.length === 1,
    isArchived: false,
    level: path.length,
    parentId: ancestors.length > 0 ? `${TAXONOMY_GID}${ancestors.at(-1)}` : null,
    ancestorIds: ancestors.reverse().map((ancestor) => `${TAXONOMY_GID}${ancestor}`),
    childrenIds: TAXONOMY.filter((child) => parentOf(child.id) === entry.id).map(
      (child) => `${TAXONOMY_GID}${child.id}`,
    ),
  };
}

function parentOf(id: string): string | null {
  const cut = id.lastIndexOf('-');
  return cut > 0 ? id.slice(0, cut) : null;
}

/**
 * Taxonomy.categories: `search` finds categories whose full name has every searched word (as the start of a word,
 * any case), anywhere in the tree; `childrenOf`, `decendantsOf` and `siblingsOf` walk it; with no filter, the
 * top-level categories.
 */
function taxonomyCategories(args: Record<string, unknown>): GraphQLObject {
  const shortId = (value: unknown) => (typeof value === 'string' ? value.replace(TAXONOMY_GID, '') : null);
  let found: typeof TAXONOMY;
  if (typeof args.search === 'string') {
    const words = args.search.toLowerCase().split(/\s+/).filter(Boolean);
    found = TAXONOMY.filter((entry) => {
      const nameWords = entry.fullName.toLowerCase().split(/[^a-z0-9']+/);
      return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
    });
  } else if (args.childrenOf) {
    found = TAXONOMY.filter((entry) => parentOf(entry.id) === shortId(args.childrenOf));
  } else if (args.decendantsOf) {
    found = TAXONOMY.filter((entry) => entry.id.startsWith(`${shortId(args.decendantsOf)}-`));
  } else if (args.siblingsOf) {
    const parent = parentOf(shortId(args.siblingsOf) ?? '');
    found = TAXONOMY.filter(
      (entry) => parentOf(entry.id) === parent && entry.id !== shortId(args.siblingsOf),
    );
  } else {
    found = TAXONOMY.filter((entry) => parentOf(entry.id) === null);
  }
  return connectionOf(
    found,
    args,
    (entry) => entry.id,
    (entry) => taxonomyNode(`${TAXONOMY_GID}${entry.id}`),
  );
}
