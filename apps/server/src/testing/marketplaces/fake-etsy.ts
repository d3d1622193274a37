// Etsy's Open API v3 on 127.0.0.1, for the Etsy adapter's tests, the crosslisting module's tests and the
// Playwright journeys (docs/decisions/031). It speaks what Etsy documents for the calls Snaplist makes:
// OAuth 2 with PKCE (a consent page a browser clicks through, the token endpoint with `{user id}.{token}`
// tokens), `x-api-key: {keystring}:{shared secret}` on every call, Etsy's `{ "error": ... }` bodies and
// statuses, and Etsy's rules on listings (required fields, vintage-only resale, images before activation, the
// required properties of the listing's taxonomy node). A part of Etsy's seller taxonomy with its properties,
// scales and values. Two sellers with a shop each, so a test can try another seller's shop or listing.
import crypto from 'node:crypto';
import http from 'node:http';
import type { Currency } from '@snaplist/contract';
import type { EtsyAppConfig } from '../../config';
import { closeServer, listenLocally } from '../local-http';

const ACCESS_TOKEN_SECONDS = 3600;
const AUTHORIZATION_CODE_SECONDS = 600;
const SCOPES = new Set([
  'address_r',
  'address_w',
  'billing_r',
  'cart_r',
  'cart_w',
  'email_r',
  'favorites_r',
  'favorites_w',
  'feedback_r',
  'listings_d',
  'listings_r',
  'listings_w',
  'profile_r',
  'profile_w',
  'recommend_r',
  'recommend_w',
  'shops_r',
  'shops_w',
  'transactions_r',
  'transactions_w',
]);
const WHO_MADE = new Set(['i_did', 'someone_else', 'collective']);
/**
 * Etsy's `when_made` values as createDraftListing documents them today (Etsy renews the ranges every year);
 * the first four are not vintage (less than 20 years old).
 */
const RECENT_WHEN_MADE = new Set(['made_to_order', '2020_2026', '2010_2019', '2007_2009']);
const WHEN_MADE = new Set([
  ...RECENT_WHEN_MADE,
  'before_2007',
  '2000_2006',
  '1990s',
  '1980s',
  '1970s',
  '1960s',
  '1950s',
  '1940s',
  '1930s',
  '1920s',
  '1910s',
  '1900s',
  '1800s',
  '1700s',
  'before_1700',
]);
const LIST_FIELDS = new Set([
  'tags',
  'materials',
  'styles',
  'image_ids',
  'production_partner_ids',
  'value_ids',
  'values',
]);
const MIN_PRICE_CENTS = 20;
const MAX_PRICE_CENTS = 5_000_000;
const MAX_QUANTITY = 999;
const MAX_IMAGES = 10;
const MAX_TAGS = 13;
const TAG_LENGTH = 20;
const TITLE_LENGTH = 140;
const TITLE_REFUSED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const TAG_REFUSED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/u;
const MATERIAL_REFUSED = /[^\p{L}\p{Nd}\p{Zs}]/u;

interface FakeTaxonomyValue {
  value_id: number;
  name: string;
  scale_id: number | null;
  equal_to: number[];
}

export interface FakeEtsyProperty {
  property_id: number;
  name: string;
  display_name: string;
  scales: Array<{ scale_id: number; display_name: string; description: string }>;
  is_required: boolean;
  supports_attributes: boolean;
  supports_variations: boolean;
  is_multivalued: boolean;
  max_values_allowed: number | null;
  possible_values: FakeTaxonomyValue[];
  selected_values: FakeTaxonomyValue[];
}

interface FakeTaxonomyNode {
  id: number;
  name: string;
  children: FakeTaxonomyNode[];
  /** getPropertiesByTaxonomyId's answer for this node; the colours, none required, when not given. */
  properties?: FakeEtsyProperty[];
}

function property(
  propertyId: number,
  name: string,
  values: Array<[number, string] | [number, string, number]>,
  options: Partial<FakeEtsyProperty> = {},
): FakeEtsyProperty {
  return {
    property_id: propertyId,
    name,
    display_name: name,
    scales: [],
    is_required: false,
    supports_attributes: true,
    supports_variations: false,
    is_multivalued: false,
    max_values_allowed: null,
    possible_values: values.map(([value_id, valueName, scale_id]) => ({
      value_id,
      name: valueName,
      scale_id: scale_id ?? null,
      equal_to: [],
    })),
    selected_values: [],
    ...options,
  };
}

/** Etsy's colour names (it spells grey "Gray"). */
const COLOUR_VALUES: Array<[number, string]> = [
  'Beige',
  'Black',
  'Blue',
  'Bronze',
  'Brown',
  'Clear',
  'Copper',
  'Gold',
  'Gray',
  'Green',
  'Orange',
  'Pink',
  'Purple',
  'Rainbow',
  'Red',
  'Rose gold',
  'Silver',
  'White',
  'Yellow',
].map((name, index) => [1 + index, name]);

const primaryColour = (required: boolean) =>
  property(200, 'Primary color', COLOUR_VALUES, { is_required: required });
const SECONDARY_COLOUR = property(52047899002, 'Secondary color', COLOUR_VALUES);

const LETTER_SCALE = 301;
const UK_CLOTHING_SCALE = 302;
const WOMENS_SIZE = property(
  100,
  "Women's clothing size",
  [
    ...['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'].map((name, index): [number, string, number] => [
      1000 + index,
      name,
      LETTER_SCALE,
    ]),
    ...[4, 6, 8, 10, 12, 14, 16, 18, 20].map((size, index): [number, string, number] => [
      1100 + index,
      String(size),
      UK_CLOTHING_SCALE,
    ]),
  ],
  {
    is_required: true,
    scales: [
      { scale_id: LETTER_SCALE, display_name: 'Letter', description: '' },
      { scale_id: UK_CLOTHING_SCALE, display_name: 'UK', description: '' },
    ],
  },
);

const WAIST_SCALE = 303;
const WAIST_SIZE = property(
  101,
  'Waist size',
  [26, 28, 29, 30, 31, 32, 33, 34, 36, 38, 40].map((inches, index): [number, string, number] => [
    1200 + index,
    `W${inches}`,
    WAIST_SCALE,
  ]),
  { is_required: true, scales: [{ scale_id: WAIST_SCALE, display_name: 'Inches', description: '' }] },
);

const FABRIC = property(
  102,
  'Fabric',
  ['Cotton', 'Denim', 'Linen', 'Wool', 'Silk', 'Polyester', 'Elastane', 'Leather'].map(
    (name, index): [number, string] => [1300 + index, name],
  ),
  { is_multivalued: true, max_values_allowed: 5 },
);

/** Etsy's example: shoe sizes on three scales, US/Canada being 19 and EU 38 being value 1394. */
const UK_SHOE_SCALE = 17;
const EU_SHOE_SCALE = 18;
const US_SHOE_SCALE = 19;
const SHOE_SIZE = property(
  103,
  'Shoe size',
  [
    ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((size, index): [number, string, number] => [
      1420 + index,
      String(size),
      UK_SHOE_SCALE,
    ]),
    ...[36, 37, 38, 39, 40, 41, 42, 43, 44].map((size): [number, string, number] => [
      1356 + size,
      String(size),
      EU_SHOE_SCALE,
    ]),
    ...[5, 6, 7, 8, 9, 10, 11, 12].map((size, index): [number, string, number] => [
      1500 + index,
      String(size),
      US_SHOE_SCALE,
    ]),
  ],
  {
    is_required: true,
    scales: [
      { scale_id: UK_SHOE_SCALE, display_name: 'UK', description: '' },
      { scale_id: EU_SHOE_SCALE, display_name: 'EU', description: '' },
      { scale_id: US_SHOE_SCALE, display_name: 'US/Canada', description: '' },
    ],
  },
);

const node = (
  id: number,
  name: string,
  children: FakeTaxonomyNode[] = [],
  properties?: FakeEtsyProperty[],
): FakeTaxonomyNode => ({ id, name, children, ...(properties && { properties }) });

/**
 * The part of Etsy's seller taxonomy the fake knows. The top-level ids and Girls' Shoes (1440) are Etsy's
 * (its documents cite them); the ids below are the fake's own: an adapter finds nodes by name.
 */
const TAXONOMY: FakeTaxonomyNode[] = [
  node(1, 'Accessories', [
    node(1001, 'Belts & Suspenders'),
    node(1002, 'Hats & Caps'),
    node(1003, 'Scarves & Wraps'),
  ]),
  node(132, 'Bags & Purses', [
    node(1101, 'Backpacks'),
    node(1102, 'Handbags', [], [primaryColour(true), SECONDARY_COLOUR]),
    node(1103, 'Totes'),
  ]),
  node(374, 'Clothing', [
    node(1201, "Women's Clothing", [
      node(1202, 'Dresses', [], [primaryColour(true), SECONDARY_COLOUR, WOMENS_SIZE]),
      node(1203, 'Skirts'),
      node(1204, 'Jeans'),
      node(1205, 'Tops & Tees'),
      node(1206, 'Jackets & Coats'),
    ]),
    node(1301, "Men's Clothing", [
      node(1302, 'Trousers', [
        node(1303, 'Jeans', [], [primaryColour(true), SECONDARY_COLOUR, WAIST_SIZE, FABRIC]),
        node(1304, 'Chinos'),
      ]),
      node(1305, 'Shirts'),
      node(1306, 'Jackets & Coats'),
    ]),
    node(1401, "Girls' Clothing", [node(1402, 'Dresses')]),
    node(1501, "Boys' Clothing"),
    node(1601, "Unisex Kids' Clothing"),
  ]),
  node(1179, 'Jewelry', [node(1701, 'Necklaces'), node(1702, 'Rings'), node(1703, 'Earrings')]),
  node(1429, 'Shoes', [
    node(1801, "Women's Shoes", [
      node(1802, 'Sneakers & Athletic Shoes', [], [SHOE_SIZE, primaryColour(false)]),
      node(1803, 'Boots', [node(1804, 'Ankle Boots'), node(1805, 'Chelsea Boots')]),
      node(1806, 'Heels'),
    ]),
    node(1901, "Men's Shoes", [
      node(1902, 'Sneakers & Athletic Shoes', [], [SHOE_SIZE]),
      node(1903, 'Boots'),
    ]),
    node(1440, "Girls' Shoes"),
    node(2001, "Boys' Shoes"),
  ]),
];

function allNodes(nodes: FakeTaxonomyNode[]): FakeTaxonomyNode[] {
  return nodes.flatMap((candidate) => [candidate, ...allNodes(candidate.children)]);
}
const TAXONOMY_NODES = new Map(allNodes(TAXONOMY).map((candidate) => [candidate.id, candidate]));

function nodeProperties(taxonomyId: number): FakeEtsyProperty[] {
  return TAXONOMY_NODES.get(taxonomyId)?.properties ?? [primaryColour(false), SECONDARY_COLOUR];
}

function taxonomyJson(nodes: FakeTaxonomyNode[], parentIds: number[]): unknown[] {
  return nodes.map((candidate) => ({
    id: candidate.id,
    level: parentIds.length,
    name: candidate.name,
    parent_id: parentIds.at(-1) ?? null,
    children: taxonomyJson(candidate.children, [...parentIds, candidate.id]),
    full_path_taxonomy_ids: [...parentIds, candidate.id],
  }));
}

export interface FakeEtsyShippingProfile {
  shipping_profile_id: number;
  title: string;
  origin_country_iso: string;
}

export interface FakeEtsyReadinessState {
  readiness_state_id: number;
  readiness_state: 'ready_to_ship' | 'made_to_order';
  min_processing_days: number;
  max_processing_days: number;
  processing_days_display_label: string;
}

export interface FakeEtsyShop {
  userId: number;
  shopId: number;
  shopName: string;
  currency: Currency;
  shippingProfiles: FakeEtsyShippingProfile[];
  readinessStates: FakeEtsyReadinessState[];
}

export interface FakeEtsyImage {
  listingImageId: number;
  rank: number;
  mimeType: string;
  bytes: number;
}

export interface FakeEtsyListing {
  listingId: number;
  shopId: number;
  userId: number;
  state: 'draft' | 'active' | 'inactive' | 'sold_out' | 'expired';
  title: string;
  description: string;
  quantity: number;
  /** Minor units, in the shop's currency. */
  priceCents: number;
  currency: Currency;
  taxonomyId: number;
  shippingProfileId: number | null;
  readinessStateId: number | null;
  whoMade: string;
  whenMade: string;
  isSupply: boolean;
  tags: string[];
  materials: string[];
  /** Set through updateListingProperty, by property id. */
  properties: Record<number, FakeEtsyListingProperty>;
  /** Set through updateListingInventory: createDraftListing takes no SKU. */
  sku: string | null;
  url: string;
  createdAt: number;
  updatedAt: number;
  images: FakeEtsyImage[];
}

export interface FakeEtsyListingProperty {
  scaleId: number | null;
  valueIds: number[];
  values: string[];
}

export interface FakeEtsyTransaction {
  transaction_id: number;
  receipt_id: number;
  listing_id: number;
  sku: string;
  title: string;
  quantity: number;
  price: EtsyMoney;
  created_timestamp: number;
}

export interface FakeEtsyReceipt {
  receipt_id: number;
  seller_user_id: number;
  buyer_user_id: number;
  status: 'paid' | 'completed' | 'open' | 'payment processing' | 'canceled';
  is_paid: boolean;
  is_shipped: boolean;
  created_timestamp: number;
  create_timestamp: number;
  updated_timestamp: number;
  update_timestamp: number;
  grandtotal: EtsyMoney;
  transactions: FakeEtsyTransaction[];
}

interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface FakeEtsyFault {
  /** The HTTP status to answer with, and Etsy's body for it. */
  status: number;
  times?: number;
  /** Let this many matching requests through first (fail the third photo, not the first). */
  skip?: number;
  /** Only requests whose path contains this text (or matches this pattern). */
  path?: string | RegExp;
  method?: string;
  /** Do the work, then answer with the failure: the change happened but its answer was lost. */
  afterApplying?: boolean;
  /** Etsy's error text; `Server Error` for a 5xx by default. */
  error?: string;
}

export interface FakeEtsy {
  url: string;
  apiKey: string;
  sharedSecret: string;
  /** Configuration that points a Snaplist server at this fake. */
  env: Record<string, string>;
  /** The Etsy adapter's options pointing at this fake. */
  options: EtsyAppConfig;
  /** The seller who grants access on the consent page, and a second seller with their own shop. */
  shop: FakeEtsyShop;
  otherShop: FakeEtsyShop;
  listings: FakeEtsyListing[];
  receipts: FakeEtsyReceipt[];
  /** Every request received, in order. */
  requests: Array<{ method: string; path: string }>;
  /** What the browser does on the consent page: the callback URL it would land on (Agree, or Decline). */
  authorize(authorizeUrl: string, options?: { as?: FakeEtsyShop; decline?: boolean }): Promise<string>;
  expireAccessTokens(): void;
  /** The seller removed the app's access on etsy.com: every token stops working. */
  revokeAll(): void;
  failNext(fault: FakeEtsyFault): void;
  rateLimitNext(options?: { times?: number; retryAfterSeconds?: number }): void;
  /** A buyer orders the active listing carrying this SKU: a receipt appears, the quantity goes down. */
  sell(
    sku: string,
    quantity?: number,
    options?: { at?: Date; status?: FakeEtsyReceipt['status'] },
  ): FakeEtsyReceipt;
  close(): Promise<void>;
}

export interface FakeEtsyOptions {
  /** The primary shop's currency (GBP by default). */
  currency?: Currency;
  /** The app name shown on the consent page. */
  appName?: string;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  userId: number;
  expiresAt: number;
  used: boolean;
}

interface AccessToken {
  userId: number;
  scopes: string[];
  expiresAt: number;
}

interface RefreshToken {
  userId: number;
  scopes: string[];
  revoked: boolean;
}

interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

interface Call {
  method: string;
  params: string[];
  query: URLSearchParams;
  contentType: string;
  body: Buffer;
  caller: AccessToken | null;
}

interface Route {
  method: string;
  pattern: RegExp;
  /** `public`: the API key is enough; `oauth`: any live token; otherwise the scope the token needs. */
  access: 'public' | 'oauth' | string;
  handle(call: Call): Reply | Promise<Reply>;
}

class EtsyRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeEtsy(options: FakeEtsyOptions = {}): Promise<FakeEtsy> {
  const apiKey = randomToken(18).toLowerCase();
  const sharedSecret = randomToken(10).toLowerCase();
  const appName = options.appName ?? 'Snaplist';
  let nextId = 1_000_000_000 + crypto.randomInt(1_000_000);
  const newId = () => nextId++;
  const shop = fakeShop('VintageFinds', options.currency ?? 'GBP', newId);
  const otherShop = fakeShop('SomeoneElsesShop', 'USD', newId);
  const shops = [shop, otherShop];
  const listings: FakeEtsyListing[] = [];
  const receipts: FakeEtsyReceipt[] = [];
  const requests: FakeEtsy['requests'] = [];
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, RefreshToken>();
  const faults: Array<FakeEtsyFault & { times: number }> = [];
  let rateLimit = { times: 0, retryAfterSeconds: 1 };
  let baseUrl = '';

  const shopOfUser = (userId: number) => shops.find((candidate) => candidate.userId === userId);

  function issueTokens(userId: number, scopes: string[]) {
    const accessToken = `${userId}.${randomToken(48)}`;
    const refreshToken = `${userId}.${randomToken(48)}`;
    accessTokens.set(accessToken, { userId, scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    refreshTokens.set(refreshToken, { userId, scopes, revoked: false });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
    };
  }

  // ---- OAuth: the consent page and the token endpoint ----

  function consentRequest(params: URLSearchParams) {
    const problems: string[] = [];
    if (params.get('response_type') !== 'code') problems.push('response_type must be code');
    if (params.get('client_id') !== apiKey) problems.push('client_id is not a known app');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri)) problems.push('redirect_uri must be a URL');
    const scopes = (params.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
    if (scopes.length === 0 || scopes.some((scope) => !SCOPES.has(scope))) problems.push('scope is invalid');
    if (!params.get('state')) problems.push('state is required');
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.get('code_challenge') ?? '')) {
      problems.push('code_challenge is invalid');
    }
    if (params.get('code_challenge_method') !== 'S256') problems.push('code_challenge_method must be S256');
    return { problems, redirectUri, scopes };
  }

  function consentPage(params: URLSearchParams): Reply {
    const { problems, scopes } = consentRequest(params);
    if (problems.length > 0) return errorPage(problems);
    const fields = [...params]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return {
      status: 200,
      html: page(
        'Allow access',
        `<h1>${escapeHtml(appName)} would like to connect to your Etsy account</h1>
<p>Signed in as the owner of <strong>${escapeHtml(shop.shopName)}</strong>.</p>
<p>It asks for: ${scopes.map(escapeHtml).join(', ')}</p>
<form method="post" action="/oauth/connect">${fields}
<button type="submit" name="decision" value="allow">Agree</button>
<button type="submit" name="decision" value="deny">Decline</button>
</form>`,
      ),
    };
  }

  function consentDecision(params: URLSearchParams): Reply {
    const { problems, redirectUri, scopes } = consentRequest(params);
    if (problems.length > 0) return errorPage(problems);
    const callback = new URL(redirectUri);
    const state = params.get('state') ?? '';
    if (params.get('decision') !== 'allow') {
      callback.searchParams.set('error', 'access_denied');
      callback.searchParams.set('error_description', 'The user denied the request');
      callback.searchParams.set('state', state);
      return { status: 302, headers: { location: callback.toString() } };
    }
    const grantor = shops.find((candidate) => String(candidate.userId) === params.get('user_id')) ?? shop;
    const code = randomToken(32);
    codes.set(code, {
      clientId: apiKey,
      redirectUri,
      codeChallenge: params.get('code_challenge') ?? '',
      scopes,
      userId: grantor.userId,
      expiresAt: Date.now() + AUTHORIZATION_CODE_SECONDS * 1000,
      used: false,
    });
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    return { status: 302, headers: { location: callback.toString() } };
  }

  function tokenEndpoint(fields: Record<string, string>): Reply {
    const oauthError = (status: number, error: string, description: string): Reply => ({
      status,
      json: { error, error_description: description },
    });
    if (fields.client_id !== apiKey) return oauthError(401, 'invalid_client', 'client_id is invalid');
    if (fields.grant_type === 'authorization_code') {
      for (const name of ['redirect_uri', 'code', 'code_verifier']) {
        if (!fields[name]) return oauthError(400, 'invalid_request', `${name} is required`);
      }
      const code = codes.get(fields.code ?? '');
      if (!code || code.used) return oauthError(400, 'invalid_grant', 'code is invalid');
      if (code.expiresAt < Date.now()) return oauthError(400, 'invalid_grant', 'code has expired');
      if (code.redirectUri !== fields.redirect_uri) {
        return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      }
      const challenge = crypto
        .createHash('sha256')
        .update(fields.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== code.codeChallenge) {
        return oauthError(400, 'invalid_grant', 'code_verifier is invalid');
      }
      code.used = true;
      return { status: 200, json: issueTokens(code.userId, code.scopes) };
    }
    if (fields.grant_type === 'refresh_token') {
      if (!fields.refresh_token) return oauthError(400, 'invalid_request', 'refresh_token is required');
      const refresh = refreshTokens.get(fields.refresh_token);
      if (!refresh) return oauthError(400, 'invalid_grant', 'refresh_token is invalid');
      if (refresh.revoked) return oauthError(400, 'invalid_grant', 'refresh_token is revoked');
      // Etsy answers a refresh with a new refresh token too; the one sent keeps working until revoked.
      return { status: 200, json: issueTokens(refresh.userId, refresh.scopes) };
    }
    return oauthError(
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token',
    );
  }

  // ---- The API ----

  function ownShop(call: Call, shopIdText: string | undefined): FakeEtsyShop {
    const caller = call.caller;
    const target = shops.find((candidate) => String(candidate.shopId) === shopIdText);
    if (!caller || !target || target.userId !== caller.userId) {
      throw new EtsyRefusal(403, `User does not own Shop ${shopIdText}`);
    }
    return target;
  }

  function listingIn(owner: FakeEtsyShop, listingIdText: string | undefined): FakeEtsyListing {
    const listing = listings.find((candidate) => String(candidate.listingId) === listingIdText);
    if (!listing || listing.shopId !== owner.shopId) {
      throw new EtsyRefusal(404, `Listing ${listingIdText} not found`);
    }
    return listing;
  }

  function ownListing(call: Call, listingIdText: string | undefined): FakeEtsyListing {
    const owner = call.caller ? shopOfUser(call.caller.userId) : undefined;
    if (!owner) throw new EtsyRefusal(404, `Listing ${listingIdText} not found`);
    return listingIn(owner, listingIdText);
  }

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/v3\/application\/users\/me$/,
      access: 'oauth',
      handle: (call) => ({
        status: 200,
        json: { user_id: call.caller?.userId, shop_id: shopOfUser(call.caller?.userId ?? 0)?.shopId ?? null },
      }),
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)$/,
      access: 'public',
      handle: (call) => {
        const found = shops.find((candidate) => String(candidate.shopId) === call.params[0]);
        if (!found) throw new EtsyRefusal(404, `Shop ${call.params[0]} not found`);
        return { status: 200, json: shopJson(found) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)\/shipping-profiles$/,
      access: 'shops_r',
      handle: (call) => {
        const profiles = ownShop(call, call.params[0]).shippingProfiles;
        return { status: 200, json: { count: profiles.length, results: profiles } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)\/readiness-state-definitions$/,
      access: 'shops_r',
      handle: (call) => {
        const owner = ownShop(call, call.params[0]);
        const results = owner.readinessStates.map((state) => ({ shop_id: owner.shopId, ...state }));
        return { status: 200, json: { count: results.length, results } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/seller-taxonomy\/nodes$/,
      access: 'public',
      handle: () => {
        const results = taxonomyJson(TAXONOMY, []);
        return { status: 200, json: { count: results.length, results } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/seller-taxonomy\/nodes\/(\d+)\/properties$/,
      access: 'public',
      handle: (call) => {
        const taxonomyId = Number(call.params[0]);
        if (!TAXONOMY_NODES.has(taxonomyId)) {
          throw new EtsyRefusal(404, `Taxonomy node ${call.params[0]} not found`);
        }
        const results = nodeProperties(taxonomyId);
        return { status: 200, json: { count: results.length, results } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings$/,
      access: 'listings_w',
      handle: async (call) => {
        const owner = ownShop(call, call.params[0]);
        const listing = createDraft(owner, await readFields(call));
        listings.push(listing);
        return { status: 201, json: listingJson(listing) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings$/,
      access: 'listings_r',
      handle: (call) => {
        const owner = ownShop(call, call.params[0]);
        const state = call.query.get('state') ?? 'active';
        const { limit, offset } = paging(call.query);
        const matching = listings.filter(
          (listing) => listing.shopId === owner.shopId && listing.state === state,
        );
        const results = matching.slice(offset, offset + limit).map(listingJson);
        return { status: 200, json: { count: matching.length, results } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/listings\/(\d+)$/,
      access: 'public',
      handle: (call) => {
        const listing = listings.find((candidate) => String(candidate.listingId) === call.params[0]);
        // Anyone sees an active listing; only its owner sees a draft or an ended one.
        const visible = listing && (listing.state === 'active' || listing.userId === call.caller?.userId);
        if (!listing || !visible) throw new EtsyRefusal(404, `Listing ${call.params[0]} not found`);
        return { status: 200, json: listingJson(listing) };
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings\/(\d+)$/,
      access: 'listings_w',
      handle: async (call) => {
        const listing = listingIn(ownShop(call, call.params[0]), call.params[1]);
        updateListing(listing, await readFields(call));
        return { status: 200, json: listingJson(listing) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings\/(\d+)\/images$/,
      access: 'listings_w',
      handle: async (call) => {
        const listing = listingIn(ownShop(call, call.params[0]), call.params[1]);
        const image = await uploadImage(listing, call);
        return { status: 201, json: imageJson(listing, image) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/listings\/(\d+)\/images$/,
      access: 'listings_r',
      handle: (call) => {
        const listing = ownListing(call, call.params[0]);
        const results = listing.images.map((image) => imageJson(listing, image));
        return { status: 200, json: { count: results.length, results } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/listings\/(\d+)\/inventory$/,
      access: 'listings_r',
      handle: (call) => ({ status: 200, json: inventoryJson(ownListing(call, call.params[0])) }),
    },
    {
      method: 'PUT',
      pattern: /^\/v3\/application\/listings\/(\d+)\/inventory$/,
      access: 'listings_w',
      handle: (call) => {
        const listing = ownListing(call, call.params[0]);
        updateInventory(listing, readJson(call));
        return { status: 200, json: inventoryJson(listing) };
      },
    },
    {
      method: 'PUT',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings\/(\d+)\/properties\/(\d+)$/,
      access: 'listings_w',
      handle: async (call) => {
        const listing = listingIn(ownShop(call, call.params[0]), call.params[1]);
        const propertyId = Number(call.params[2]);
        const set = updateProperty(listing, propertyId, await readFields(call));
        return { status: 200, json: listingPropertyJson(listing, propertyId, set) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)\/listings\/(\d+)\/properties$/,
      access: 'listings_r',
      handle: (call) => {
        const listing = listingIn(ownShop(call, call.params[0]), call.params[1]);
        const results = Object.entries(listing.properties).map(([propertyId, set]) =>
          listingPropertyJson(listing, Number(propertyId), set),
        );
        return { status: 200, json: { count: results.length, results } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v3\/application\/shops\/(\d+)\/receipts$/,
      access: 'transactions_r',
      handle: (call) => {
        const owner = ownShop(call, call.params[0]);
        return { status: 200, json: receiptsPage(owner, call.query) };
      },
    },
  ];

  function createDraft(owner: FakeEtsyShop, fields: Fields): FakeEtsyListing {
    for (const name of [
      'quantity',
      'title',
      'description',
      'price',
      'who_made',
      'when_made',
      'taxonomy_id',
    ]) {
      if (fields[name] === undefined || fields[name] === '') {
        throw new EtsyRefusal(400, `${name} is required`);
      }
    }
    const type = text(fields.type) ?? 'physical';
    if (type !== 'physical' && type !== 'download') {
      throw new EtsyRefusal(400, 'type must be physical or download');
    }
    const title = validTitle(text(fields.title) ?? '');
    const quantity = integer(fields.quantity, 'quantity');
    if (quantity < 1 || quantity > MAX_QUANTITY) {
      throw new EtsyRefusal(
        400,
        `There was a problem with /quantity : must be between 1 and ${MAX_QUANTITY}`,
      );
    }
    const made = whoAndWhenMade(fields, true);
    const taxonomyId = integer(fields.taxonomy_id, 'taxonomy_id');
    if (!TAXONOMY_NODES.has(taxonomyId)) {
      throw new EtsyRefusal(400, `taxonomy_id ${taxonomyId} is not a valid taxonomy node`);
    }
    let shippingProfileId: number | null = null;
    let readinessStateId: number | null = null;
    if (type === 'physical') {
      if (fields.shipping_profile_id === undefined) {
        throw new EtsyRefusal(400, 'A shipping_profile_id is required for physical listings.');
      }
      shippingProfileId = integer(fields.shipping_profile_id, 'shipping_profile_id');
      if (!owner.shippingProfiles.some((profile) => profile.shipping_profile_id === shippingProfileId)) {
        throw new EtsyRefusal(400, `Shipping profile ${shippingProfileId} does not exist in this shop`);
      }
      if (fields.readiness_state_id === undefined) {
        throw new EtsyRefusal(400, 'A readiness_state_id is required for physical listings.');
      }
      readinessStateId = integer(fields.readiness_state_id, 'readiness_state_id');
      if (!owner.readinessStates.some((state) => state.readiness_state_id === readinessStateId)) {
        throw new EtsyRefusal(400, `Readiness state ${readinessStateId} does not exist in this shop`);
      }
    }
    const listingId = newId();
    const now = nowSeconds();
    return {
      listingId,
      shopId: owner.shopId,
      userId: owner.userId,
      state: 'draft',
      title,
      description: text(fields.description) ?? '',
      quantity,
      priceCents: priceCents(fields.price),
      currency: owner.currency,
      taxonomyId,
      shippingProfileId,
      readinessStateId,
      ...made,
      tags: validTags(list(fields.tags)),
      materials: validMaterials(list(fields.materials)),
      properties: {},
      sku: null,
      url: `${baseUrl}/listing/${listingId}/${slug(title)}`,
      createdAt: now,
      updatedAt: now,
      images: [],
    };
  }

  function updateListing(listing: FakeEtsyListing, fields: Fields): void {
    if (fields.title !== undefined) listing.title = validTitle(text(fields.title) ?? '');
    if (fields.description !== undefined) listing.description = text(fields.description) ?? '';
    if (fields.tags !== undefined) listing.tags = validTags(list(fields.tags));
    if (fields.who_made !== undefined || fields.when_made !== undefined || fields.is_supply !== undefined) {
      Object.assign(listing, whoAndWhenMade(fields, false));
    }
    const state = text(fields.state);
    if (state !== undefined) {
      if (state !== 'active' && state !== 'inactive') {
        throw new EtsyRefusal(400, 'state must be active or inactive');
      }
      if (state === 'active' && listing.images.length === 0) {
        throw new EtsyRefusal(400, 'A listing needs at least one image to be active.');
      }
      if (state === 'active' && listing.quantity < 1) {
        throw new EtsyRefusal(400, 'A listing needs stock to be active.');
      }
      const lacking = nodeProperties(listing.taxonomyId).filter(
        (required) =>
          required.is_required &&
          required.selected_values.length === 0 &&
          listing.properties[required.property_id] === undefined,
      );
      if (state === 'active' && lacking.length > 0) {
        throw new EtsyRefusal(
          400,
          `This listing's category requires ${lacking.map((required) => required.display_name).join(', ')}.`,
        );
      }
      if (state === 'inactive' && listing.state !== 'active' && listing.state !== 'inactive') {
        throw new EtsyRefusal(400, `A ${listing.state} listing cannot be made inactive.`);
      }
      listing.state = state;
    }
    listing.updatedAt = nowSeconds();
  }

  function updateProperty(
    listing: FakeEtsyListing,
    propertyId: number,
    fields: Fields,
  ): FakeEtsyListingProperty {
    const definition = nodeProperties(listing.taxonomyId).find(
      (candidate) => candidate.property_id === propertyId,
    );
    if (!definition) {
      throw new EtsyRefusal(
        400,
        `Property ${propertyId} is not a valid property for taxonomy ${listing.taxonomyId}`,
      );
    }
    if (!definition.supports_attributes) {
      throw new EtsyRefusal(400, `Property ${propertyId} does not support attributes`);
    }
    if (fields.value_ids === undefined || fields.values === undefined) {
      throw new EtsyRefusal(400, 'value_ids and values are required');
    }
    const valueIds = list(fields.value_ids).map((id) => integer(id, 'value_ids'));
    const values = list(fields.values);
    if (valueIds.length === 0 || valueIds.length !== values.length) {
      throw new EtsyRefusal(400, 'There was a problem with /values : one value for each value_id');
    }
    if (values.some((value) => /[()]/.test(value))) {
      throw new EtsyRefusal(400, 'There was a problem with /values : parentheses are not allowed');
    }
    const limit = definition.is_multivalued ? (definition.max_values_allowed ?? Infinity) : 1;
    if (valueIds.length > limit) {
      throw new EtsyRefusal(400, `${definition.display_name} takes at most ${limit} value(s)`);
    }
    const scaleId = fields.scale_id === undefined ? null : integer(fields.scale_id, 'scale_id');
    if (scaleId !== null && !definition.scales.some((scale) => scale.scale_id === scaleId)) {
      throw new EtsyRefusal(400, `Scale ${scaleId} is not valid for ${definition.display_name}`);
    }
    for (const [index, valueId] of valueIds.entries()) {
      const possible = definition.possible_values.find((value) => value.value_id === valueId);
      if (!possible || possible.scale_id !== scaleId) {
        throw new EtsyRefusal(
          400,
          `Value id ${valueId} is not valid for ${definition.display_name}${scaleId === null ? ' without a scale_id' : ` on scale ${scaleId}`}`,
        );
      }
      if (possible.name.toLowerCase() !== values[index]?.toLowerCase()) {
        throw new EtsyRefusal(400, `Value ${values[index]} does not match value id ${valueId}`);
      }
    }
    const set = { scaleId, valueIds, values };
    listing.properties[propertyId] = set;
    listing.updatedAt = nowSeconds();
    return set;
  }

  async function uploadImage(listing: FakeEtsyListing, call: Call): Promise<FakeEtsyImage> {
    if (!call.contentType.startsWith('multipart/form-data')) {
      throw new EtsyRefusal(400, 'Either a valid image file or a listing_image_id must be provided.');
    }
    const form = await new Response(new Uint8Array(call.body), {
      headers: { 'content-type': call.contentType },
    }).formData();
    const file = form.get('image');
    if (!(file instanceof Blob)) {
      throw new EtsyRefusal(400, 'Either a valid image file or a listing_image_id must be provided.');
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const mimeType = imageType(bytes);
    if (!mimeType) {
      throw new EtsyRefusal(400, 'Either a valid image file or a listing_image_id must be provided.');
    }
    if (listing.images.length >= MAX_IMAGES) {
      throw new EtsyRefusal(400, `A listing can have at most ${MAX_IMAGES} images.`);
    }
    const rankField = form.get('rank');
    const rank = typeof rankField === 'string' ? integer(rankField, 'rank') : listing.images.length + 1;
    const image = { listingImageId: newId(), rank, mimeType, bytes: bytes.length };
    listing.images.push(image);
    listing.images.sort((a, b) => a.rank - b.rank);
    return image;
  }

  function updateInventory(listing: FakeEtsyListing, body: unknown): void {
    const products = (body as { products?: unknown } | null)?.products;
    if (!Array.isArray(products) || products.length === 0) throw new EtsyRefusal(400, 'products is required');
    let quantity = 0;
    let price: number | null = null;
    let sku: string | null = null;
    for (const product of products as Array<Record<string, unknown>>) {
      const offerings = product.offerings;
      if (!Array.isArray(offerings) || offerings.length === 0) {
        throw new EtsyRefusal(400, 'Each product needs at least one offering');
      }
      if (product.sku !== undefined && typeof product.sku !== 'string') {
        throw new EtsyRefusal(400, 'sku must be a string');
      }
      sku ??= (product.sku as string | undefined) ?? null;
      for (const offering of offerings as Array<Record<string, unknown>>) {
        const offered = integer(offering.quantity, 'quantity');
        if (offered < 0 || offered > MAX_QUANTITY) {
          throw new EtsyRefusal(
            400,
            `There was a problem with /quantity : must be between 0 and ${MAX_QUANTITY}`,
          );
        }
        if (typeof offering.is_enabled !== 'boolean') throw new EtsyRefusal(400, 'is_enabled is required');
        const cents = priceCents(offering.price);
        price ??= cents;
        if (offering.is_enabled) quantity += offered;
      }
    }
    if (quantity < 1) {
      throw new EtsyRefusal(400, 'At least one enabled offering must have a quantity above 0.');
    }
    listing.quantity = quantity;
    listing.priceCents = price ?? listing.priceCents;
    listing.sku = sku;
    if (listing.state === 'sold_out') listing.state = 'active';
    listing.updatedAt = nowSeconds();
  }

  function receiptsPage(owner: FakeEtsyShop, query: URLSearchParams) {
    const { limit, offset } = paging(query);
    const sortOn = query.get('sort_on') ?? 'created';
    if (!['created', 'updated', 'receipt_id'].includes(sortOn)) {
      throw new EtsyRefusal(400, 'sort_on is invalid');
    }
    const sortOrder = query.get('sort_order') ?? 'desc';
    const ascending = ['asc', 'ascending', 'up'].includes(sortOrder);
    const minCreated = query.has('min_created') ? integer(query.get('min_created'), 'min_created') : 0;
    const maxCreated = query.has('max_created') ? integer(query.get('max_created'), 'max_created') : Infinity;
    const key = (receipt: FakeEtsyReceipt) =>
      sortOn === 'receipt_id'
        ? receipt.receipt_id
        : sortOn === 'updated'
          ? receipt.updated_timestamp
          : receipt.created_timestamp;
    const matching = receipts
      .filter((receipt) => receipt.seller_user_id === owner.userId)
      .filter((receipt) => receipt.created_timestamp >= minCreated && receipt.created_timestamp <= maxCreated)
      .sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
    return { count: matching.length, results: matching.slice(offset, offset + limit) };
  }

  // ---- Dispatch: authentication, faults, routes ----

  async function api(method: string, url: URL, request: http.IncomingMessage, body: Buffer): Promise<Reply> {
    const apiKeyHeader = request.headers['x-api-key'];
    const [keystring, secret] =
      typeof apiKeyHeader === 'string' ? splitOnce(apiKeyHeader, ':') : [undefined, undefined];
    if (keystring !== apiKey) return { status: 403, json: { error: 'Invalid API key' } };
    if (secret === undefined || secret === '') {
      return { status: 403, json: { error: 'Shared secret is required in x-api-key header' } };
    }
    if (secret !== sharedSecret) return { status: 403, json: { error: 'Invalid API key' } };

    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
    );
    if (!route) return { status: 404, json: { error: `No route for ${method} ${url.pathname}` } };
    const authorization = request.headers.authorization;
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    const token = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (route.access !== 'public') {
      if (bearer === undefined) return invalidToken('access token is missing');
      if (!token) return invalidToken('access token is invalid');
      if (token.expiresAt < Date.now()) return invalidToken('access token is expired');
      if (route.access !== 'oauth' && !token.scopes.includes(route.access)) {
        return {
          status: 403,
          json: {
            error: 'insufficient_scope',
            error_description: `This call needs the ${route.access} scope`,
          },
        };
      }
    }
    const live = token && token.expiresAt >= Date.now() ? token : null;
    return route.handle({
      method,
      params: route.pattern.exec(url.pathname)?.slice(1) ?? [],
      query: url.searchParams,
      contentType: request.headers['content-type'] ?? '',
      body,
      caller: live,
    });
  }

  function takeFault(method: string, path: string): (FakeEtsyFault & { times: number }) | undefined {
    const index = faults.findIndex((fault) => {
      const pathMatches =
        fault.path === undefined ||
        (typeof fault.path === 'string' ? path.includes(fault.path) : fault.path.test(path));
      return pathMatches && (fault.method === undefined || fault.method.toUpperCase() === method);
    });
    const fault = faults[index];
    if (!fault) return undefined;
    if (fault.skip) {
      fault.skip -= 1;
      return undefined;
    }
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
    return fault;
  }

  async function dispatch(request: http.IncomingMessage, body: Buffer): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://fake-etsy');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname });

    if (url.pathname === '/oauth/connect') {
      if (method === 'GET') return consentPage(url.searchParams);
      if (method === 'POST') return consentDecision(new URLSearchParams(body.toString('utf8')));
    }
    const listingPath = /^\/listing\/(\d+)/.exec(url.pathname);
    if (method === 'GET' && listingPath) return listingPage(listingPath[1]);
    if (!url.pathname.startsWith('/v3/')) {
      return { status: 404, html: page('Not found', '<h1>Not found</h1>') };
    }

    if (rateLimit.times > 0) {
      rateLimit.times -= 1;
      return {
        status: 429,
        headers: { 'retry-after': String(rateLimit.retryAfterSeconds) },
        json: { error: 'Too many requests' },
      };
    }
    const fault = takeFault(method, url.pathname);
    if (fault && !fault.afterApplying) return faultReply(fault);
    const reply = await answer(method, url, request, body);
    return fault ? faultReply(fault) : reply;
  }

  async function answer(
    method: string,
    url: URL,
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<Reply> {
    try {
      if (url.pathname === '/v3/public/oauth/token' && method === 'POST') {
        return tokenEndpoint(stringFields(readBody(request.headers['content-type'] ?? '', body)));
      }
      return await api(method, url, request, body);
    } catch (error) {
      if (error instanceof EtsyRefusal) return { status: error.status, json: { error: error.message } };
      throw error;
    }
  }

  function listingPage(listingIdText: string | undefined): Reply {
    const listing = listings.find((candidate) => String(candidate.listingId) === listingIdText);
    if (listing?.state !== 'active') {
      return { status: 404, html: page('Item unavailable', '<h1>Sorry, this item is unavailable.</h1>') };
    }
    const owner = shops.find((candidate) => candidate.shopId === listing.shopId);
    return {
      status: 200,
      html: page(
        listing.title,
        `<h1>${escapeHtml(listing.title)}</h1>
<p>${escapeHtml(formatMoney(listing.priceCents, listing.currency))} · ${escapeHtml(owner?.shopName ?? '')}</p>
<p>${escapeHtml(listing.description)}</p>`,
      ),
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      dispatch(request, Buffer.concat(chunks))
        .catch(
          (error: unknown): Reply => ({
            status: 500,
            json: { error: 'Server Error', detail: error instanceof Error ? error.message : String(error) },
          }),
        )
        .then((reply) => {
          const headers: Record<string, string> = { ...reply.headers };
          if (reply.json !== undefined) headers['content-type'] = 'application/json';
          if (reply.html !== undefined) headers['content-type'] = 'text/html; charset=utf-8';
          if (reply.status < 300 && reply.json !== undefined) Object.assign(headers, RATE_LIMIT_HEADERS);
          response.writeHead(reply.status, headers);
          response.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.html ?? ''));
        });
    });
  });
  baseUrl = await listenLocally(server);

  return {
    url: baseUrl,
    apiKey,
    sharedSecret,
    env: {
      ETSY_API_KEY: apiKey,
      ETSY_SHARED_SECRET: sharedSecret,
      ETSY_API_URL: baseUrl,
      ETSY_AUTH_URL: baseUrl,
    },
    options: { apiKey, sharedSecret, apiUrl: baseUrl, authUrl: baseUrl },
    shop,
    otherShop,
    listings,
    receipts,
    requests,
    async authorize(authorizeUrl, { as = shop, decline = false } = {}) {
      const consent = await fetch(authorizeUrl);
      if (consent.status !== 200) {
        throw new Error(`Etsy's consent page answered ${consent.status}: ${await consent.text()}`);
      }
      const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
      form.set('decision', decline ? 'deny' : 'allow');
      form.set('user_id', String(as.userId));
      const decision = await fetch(new URL('/oauth/connect', baseUrl), {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const location = decision.headers.get('location');
      if (decision.status !== 302 || !location) throw new Error(`Etsy's consent answered ${decision.status}`);
      return location;
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = Date.now() - 1000;
    },
    revokeAll() {
      accessTokens.clear();
      for (const token of refreshTokens.values()) token.revoked = true;
    },
    failNext(fault) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    rateLimitNext({ times = 1, retryAfterSeconds = 1 } = {}) {
      rateLimit = { times, retryAfterSeconds };
    },
    sell(sku, quantity = 1, { at = new Date(), status = 'paid' } = {}) {
      const listing = listings.find((candidate) => candidate.sku === sku && candidate.state === 'active');
      if (!listing) throw new Error(`No active Etsy listing carries the SKU ${sku}`);
      if (quantity > listing.quantity) throw new Error(`Only ${listing.quantity} of ${sku} left on Etsy`);
      listing.quantity -= quantity;
      if (listing.quantity === 0) listing.state = 'sold_out';
      const created = Math.floor(at.getTime() / 1000);
      const receiptId = newId();
      const price = money(listing.priceCents, listing.currency);
      const receipt: FakeEtsyReceipt = {
        receipt_id: receiptId,
        seller_user_id: listing.userId,
        buyer_user_id: 40_000_000 + crypto.randomInt(1_000_000),
        status,
        is_paid: status === 'paid' || status === 'completed',
        is_shipped: false,
        created_timestamp: created,
        create_timestamp: created,
        updated_timestamp: created,
        update_timestamp: created,
        grandtotal: money(listing.priceCents * quantity, listing.currency),
        transactions: [
          {
            transaction_id: newId(),
            receipt_id: receiptId,
            listing_id: listing.listingId,
            sku,
            title: listing.title,
            quantity,
            price,
            created_timestamp: created,
          },
        ],
      };
      receipts.push(receipt);
      return receipt;
    },
    close: () => closeServer(server),
  };
}

// ---- Etsy's shapes ----

/** What Etsy sends with every successful answer (values of a freshly registered app). */
const RATE_LIMIT_HEADERS = {
  'x-limit-per-second': '10',
  'x-remaining-this-second': '9',
  'x-limit-per-day': '10000',
  'x-remaining-today': '9999',
};

function fakeShop(shopName: string, currency: Currency, newId: () => number): FakeEtsyShop {
  return {
    userId: 10_000_000 + crypto.randomInt(80_000_000),
    shopId: 10_000_000 + crypto.randomInt(80_000_000),
    shopName,
    currency,
    shippingProfiles: [
      { shipping_profile_id: newId(), title: 'Royal Mail 2nd Class', origin_country_iso: 'GB' },
      { shipping_profile_id: newId(), title: 'Tracked 48', origin_country_iso: 'GB' },
    ],
    readinessStates: [
      {
        readiness_state_id: newId(),
        readiness_state: 'ready_to_ship',
        min_processing_days: 1,
        max_processing_days: 2,
        processing_days_display_label: '1-2 days',
      },
      {
        readiness_state_id: newId(),
        readiness_state: 'made_to_order',
        min_processing_days: 5,
        max_processing_days: 10,
        processing_days_display_label: '1-2 weeks',
      },
    ],
  };
}

function shopJson(shop: FakeEtsyShop) {
  return {
    shop_id: shop.shopId,
    user_id: shop.userId,
    shop_name: shop.shopName,
    title: null,
    currency_code: shop.currency,
    is_vacation: false,
    url: `https://www.etsy.com/shop/${shop.shopName}`,
    listing_active_count: 0,
  };
}

function listingJson(listing: FakeEtsyListing) {
  return {
    listing_id: listing.listingId,
    user_id: listing.userId,
    shop_id: listing.shopId,
    title: listing.title,
    description: listing.description,
    state: listing.state,
    creation_timestamp: listing.createdAt,
    created_timestamp: listing.createdAt,
    last_modified_timestamp: listing.updatedAt,
    updated_timestamp: listing.updatedAt,
    quantity: listing.quantity,
    url: listing.url,
    listing_type: 'physical',
    tags: listing.tags,
    materials: listing.materials,
    shipping_profile_id: listing.shippingProfileId,
    readiness_state_id: listing.readinessStateId,
    who_made: listing.whoMade,
    when_made: listing.whenMade,
    is_supply: listing.isSupply,
    taxonomy_id: listing.taxonomyId,
    should_auto_renew: false,
    has_variations: false,
    price: money(listing.priceCents, listing.currency),
    skus: listing.sku ? [listing.sku] : [],
  };
}

function listingPropertyJson(listing: FakeEtsyListing, propertyId: number, set: FakeEtsyListingProperty) {
  const definition = nodeProperties(listing.taxonomyId).find(
    (candidate) => candidate.property_id === propertyId,
  );
  return {
    property_id: propertyId,
    property_name: definition?.display_name ?? null,
    scale_id: set.scaleId,
    scale_name: definition?.scales.find((scale) => scale.scale_id === set.scaleId)?.display_name ?? null,
    value_ids: set.valueIds,
    values: set.values,
  };
}

function imageJson(listing: FakeEtsyListing, image: FakeEtsyImage) {
  const base = `https://i.etsystatic.com/${listing.shopId}/r/il/${image.listingImageId}`;
  return {
    listing_id: listing.listingId,
    listing_image_id: image.listingImageId,
    rank: image.rank,
    created_timestamp: listing.updatedAt,
    url_75x75: `${base}/il_75x75.jpg`,
    url_570xN: `${base}/il_570xN.jpg`,
    url_fullxfull: `${base}/il_fullxfull.jpg`,
    alt_text: null,
  };
}

function inventoryJson(listing: FakeEtsyListing) {
  return {
    products: [
      {
        product_id: listing.listingId + 1,
        sku: listing.sku ?? '',
        is_deleted: false,
        property_values: [],
        offerings: [
          {
            offering_id: listing.listingId + 2,
            quantity: listing.quantity,
            is_enabled: true,
            is_deleted: false,
            price: money(listing.priceCents, listing.currency),
            readiness_state_id: listing.readinessStateId,
          },
        ],
      },
    ],
    price_on_property: [],
    quantity_on_property: [],
    sku_on_property: [],
  };
}

function money(cents: number, currency: Currency): EtsyMoney {
  return { amount: cents, divisor: 100, currency_code: currency };
}

function formatMoney(cents: number, currency: Currency): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

// ---- Etsy's rules on fields ----

type Fields = Record<string, unknown>;

function whoAndWhenMade(fields: Fields, creating: boolean) {
  const whoMade = text(fields.who_made);
  const whenMade = text(fields.when_made);
  const isSupply = fields.is_supply;
  if (whoMade === undefined || whenMade === undefined || isSupply === undefined) {
    throw new EtsyRefusal(
      400,
      creating
        ? 'who_made, when_made and is_supply are required together'
        : "Cannot update 'when_made' without 'who_made' and  without 'is_supply' and vice versa",
    );
  }
  if (!WHO_MADE.has(whoMade)) {
    throw new EtsyRefusal(400, `who_made must be one of ${[...WHO_MADE].join(', ')}`);
  }
  if (!WHEN_MADE.has(whenMade)) throw new EtsyRefusal(400, `when_made ${whenMade} is not a valid value`);
  const supply = boolean(isSupply, 'is_supply');
  // Etsy's marketplace rule: what someone else made is sold only as vintage (20+ years) or as a supply.
  if (whoMade === 'someone_else' && !supply && RECENT_WHEN_MADE.has(whenMade)) {
    throw new EtsyRefusal(
      400,
      'There was a problem with /marketplace : Oh dear, you cannot sell this item on Etsy.',
    );
  }
  return { whoMade, whenMade, isSupply: supply };
}

function validTitle(title: string): string {
  if (title.trim() === '') throw new EtsyRefusal(400, 'title is required');
  if (title.length > TITLE_LENGTH) {
    throw new EtsyRefusal(
      400,
      `There was a problem with /title : must be ${TITLE_LENGTH} characters or fewer`,
    );
  }
  if (TITLE_REFUSED.test(title)) {
    throw new EtsyRefusal(400, 'There was a problem with /title : contains characters that are not allowed');
  }
  for (const character of ['%', ':', '&', '+']) {
    if (title.split(character).length > 2) {
      throw new EtsyRefusal(400, `There was a problem with /title : ${character} can only be used once`);
    }
  }
  return title;
}

function validTags(tags: string[]): string[] {
  if (tags.length > MAX_TAGS) {
    throw new EtsyRefusal(400, `There was a problem with /tags : at most ${MAX_TAGS} tags`);
  }
  for (const tag of tags) {
    if (tag.length > TAG_LENGTH || TAG_REFUSED.test(tag)) {
      throw new EtsyRefusal(400, `There was a problem with /tags : "${tag}" is not a valid tag`);
    }
  }
  return tags;
}

function validMaterials(materials: string[]): string[] {
  for (const material of materials) {
    if (MATERIAL_REFUSED.test(material)) {
      throw new EtsyRefusal(
        400,
        `There was a problem with /materials : "${material}" is not a valid material`,
      );
    }
  }
  return materials;
}

function priceCents(value: unknown): number {
  const price = typeof value === 'number' ? value : Number(text(value));
  if (!Number.isFinite(price)) {
    throw new EtsyRefusal(400, 'There was a problem with /price : must be a number');
  }
  const cents = Math.round(price * 100);
  if (cents < MIN_PRICE_CENTS) {
    throw new EtsyRefusal(400, 'There was a problem with /price : must be above min price');
  }
  if (cents > MAX_PRICE_CENTS) {
    throw new EtsyRefusal(400, 'There was a problem with /price : must be below max price');
  }
  return cents;
}

function integer(value: unknown, name: string): number {
  const number = typeof value === 'number' ? value : Number(text(value));
  if (!Number.isInteger(number)) {
    throw new EtsyRefusal(400, `There was a problem with /${name} : must be an integer`);
  }
  return number;
}

function boolean(value: unknown, name: string): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new EtsyRefusal(400, `There was a problem with /${name} : must be a boolean`);
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

function list(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function paging(query: URLSearchParams): { limit: number; offset: number } {
  const limit = query.has('limit') ? integer(query.get('limit'), 'limit') : 25;
  const offset = query.has('offset') ? integer(query.get('offset'), 'offset') : 0;
  if (limit < 1 || limit > 100) {
    throw new EtsyRefusal(400, 'There was a problem with /limit : must be between 1 and 100');
  }
  if (offset < 0) throw new EtsyRefusal(400, 'There was a problem with /offset : must be 0 or more');
  return { limit, offset };
}

// ---- Bodies ----

/** Etsy takes form-encoded or JSON bodies; a form list is `a,b,c` or repeated `name[]` fields. */
function readBody(contentType: string, body: Buffer): Fields {
  const raw = body.toString('utf8');
  if (contentType.startsWith('application/json')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Fields;
    } catch {
      // Falls through to Etsy's refusal below.
    }
    throw new EtsyRefusal(400, 'The request body is not valid JSON');
  }
  const fields: Fields = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (LIST_FIELDS.has(name) && key.endsWith('[]')) {
      fields[name] = [...((fields[name] as string[] | undefined) ?? []), value];
    } else {
      fields[name] = value;
    }
  }
  return fields;
}

async function readFields(call: Call): Promise<Fields> {
  if (call.contentType.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(call.body), {
      headers: { 'content-type': call.contentType },
    }).formData();
    return Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
  }
  return readBody(call.contentType, call.body);
}

function readJson(call: Call): unknown {
  if (!call.contentType.startsWith('application/json')) {
    throw new EtsyRefusal(400, 'updateListingInventory takes an application/json body');
  }
  return readBody(call.contentType, call.body);
}

function stringFields(fields: Fields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

function imageType(bytes: Buffer): string | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

// ---- Small helpers ----

function invalidToken(description: string): Reply {
  return { status: 401, json: { error: 'invalid_token', error_description: description } };
}

function faultReply(fault: FakeEtsyFault): Reply {
  const error =
    fault.error ?? (fault.status >= 500 ? 'Server Error' : 'The fake Etsy refuses this on purpose');
  return { status: fault.status, json: { error } };
}

function errorPage(problems: string[]): Reply {
  return {
    status: 400,
    html: page(
      'Error',
      `<h1>Something went wrong</h1><ul>${problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`,
    ),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | Etsy</title></head><body>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'item'
  );
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + separator.length)];
}

function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
