// A local HTTP server that speaks eBay's protocol for the calls Snaplist makes, shaped from eBay's own OpenAPI
// documents (Sell Inventory, Account, Fulfillment and Metadata v1) and its OAuth, Identity, Media and Taxonomy API
// documentation: the consent page and token endpoint of the authorization code grant and the client credentials
// grant, Bearer tokens that expire and can be revoked, a small real-shaped category tree with its aspects and item
// conditions (fake-ebay-taxonomy.ts), the Media API on a host of its own as eBay serves it from apim.ebay.com,
// eBay's error envelope with its documented error ids, request bodies checked as eBay checks them (at create, and
// what only publishing requires: the category's required aspects and conditions), and faults a test can inject. Several eBay
// accounts can connect; each sees only its own items, offers and orders (docs/decisions/030).
import http from 'node:http';
import type { EbayAppConfig } from '../../config';
import { closeServer, listenLocally } from '../local-http';
import { APPLICATION_SCOPE, createEbayOAuth } from './fake-ebay-oauth';
import {
  accessDenied,
  accountError,
  contentLanguageOf,
  decodeParams,
  digits,
  type EbayApiName,
  type EbayErrorJson,
  envelope,
  escapeHtml,
  faultReply,
  fulfillmentError,
  hasPath,
  hex,
  imageTypeOf,
  invalidAccessToken,
  inventoryError,
  inventoryErrorJson,
  inventoryErrorJsonEnvelope,
  isoDate,
  type Json,
  jsonBody,
  listingDataError,
  mediaError,
  noRoute,
  numberAt,
  offerNotAvailable,
  offerNotAvailableJson,
  page,
  pageOf,
  type Reply,
  scope,
  setPath,
  templatePattern,
  tooManyRequests,
  userError,
} from './fake-ebay-protocol';
import {
  CONDITION_IDS,
  categorySuggestions,
  defaultCategoryTreeId,
  fakeEbayLeaf,
  itemAspectsForCategory,
  itemConditionPolicies,
} from './fake-ebay-taxonomy';

export { FakeEbayTexts } from './fake-ebay-oauth';

/** The Inventory API's ConditionEnum values; which of them a listing may use depends on its category. */
const CONDITIONS = new Set(Object.keys(CONDITION_IDS));

const CURRENCIES: Record<string, string> = {
  EBAY_GB: 'GBP',
  EBAY_US: 'USD',
  EBAY_DE: 'EUR',
  EBAY_FR: 'EUR',
  EBAY_IE: 'EUR',
  EBAY_IT: 'EUR',
  EBAY_ES: 'EUR',
  EBAY_PL: 'PLN',
};

export interface FakeEbayPolicy {
  id: string;
  name: string;
}

export interface FakeEbayLocation {
  merchantLocationKey: string;
  name: string;
  status: 'ENABLED' | 'DISABLED';
}

export interface FakeEbayInventoryItem {
  sku: string;
  /** Content-Language of the request that wrote it. */
  locale: string;
  body: Json;
}

export interface FakeEbayOffer {
  offerId: string;
  sku: string;
  marketplaceId: string;
  format: string;
  /** Every other field the seller sent (EbayOfferDetailsWithId). */
  details: Json;
  status: 'PUBLISHED' | 'UNPUBLISHED';
  listingId: string | null;
  listingStatus: 'ACTIVE' | 'OUT_OF_STOCK' | 'ENDED' | null;
  soldQuantity: number;
}

export interface FakeEbayImage {
  imageId: string;
  imageUrl: string;
  contentType: string;
  bytes: Buffer;
}

export interface FakeEbayOrder {
  orderId: string;
  creationDate: string;
  cancelled: boolean;
  lineItems: Array<{
    lineItemId: string;
    legacyItemId: string;
    sku: string;
    title: string;
    quantity: number;
  }>;
}

/** One eBay seller account as the fake keeps it; tests may read and change it. */
export interface FakeEbayAccount {
  username: string;
  userId: string;
  fulfillmentPolicies: FakeEbayPolicy[];
  paymentPolicies: FakeEbayPolicy[];
  returnPolicies: FakeEbayPolicy[];
  locations: FakeEbayLocation[];
  inventoryItems: Map<string, FakeEbayInventoryItem>;
  offers: Map<string, FakeEbayOffer>;
  images: Map<string, FakeEbayImage>;
  orders: FakeEbayOrder[];
}

export interface FakeEbayFault {
  status: number;
  /** How many matching calls fail (default 1). */
  times?: number;
  /** Only calls to this path: as called (no query), or as eBay's template (/sell/inventory/v1/offer/{offerId}). */
  path?: string;
  /** Only calls with this method. */
  method?: string;
  /** eBay did the work but the answer was lost on the way: the state changes, the caller sees the error. */
  afterProcessing?: boolean;
}

export interface FakeEbay {
  url: string;
  /** The Media API's own host (apim.ebay.com on eBay): photo uploads are served here and nowhere else. */
  mediaUrl: string;
  /** Configuration that points a Snaplist server at this fake. */
  env: Record<string, string>;
  /** The eBay adapter's options pointing at this fake. */
  options: EbayAppConfig;
  /** The account a consent without a typed user name connects. */
  defaultUsername: string;
  /** Every request received, in order (the consent page and photo downloads included), and which host took it. */
  requests: Array<{ method: string; path: string; host: 'api' | 'media' }>;
  /** The routes this fake serves, by eBay's path templates. */
  routes: ReadonlyArray<{ method: string; path: string; api: EbayApiName }>;
  /** The seller account with this user name, created with two policies of each kind and one location. */
  account(username?: string): FakeEbayAccount;
  /** Where eBay sends the browser after consent: the accept URL registered for the app's RuName. */
  setAcceptUrl(url: string): void;
  /** What the browser would do on the consent page: answers the URL it lands on (the accept URL with ?code). */
  authorize(authorizeUrl: string, choice?: { username?: string; decline?: boolean }): Promise<string>;
  failNext(fault: FakeEbayFault): void;
  rateLimitNext(options: { times?: number; retryAfterSeconds: number; path?: string }): void;
  /** A buyer buys `quantity` of the live listing of this SKU: an order appears in the Fulfillment API. */
  sell(sku: string, quantity: number, options?: { username?: string; at?: Date }): FakeEbayOrder;
  /** Every access token expires now (their refresh tokens stay good). */
  expireAccessTokens(): void;
  /** The seller removed the app under My eBay: every token (of this user, or of everyone) stops working. */
  revokeAll(username?: string): void;
  close(): Promise<void>;
}

interface Call {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The account of the Bearer token, on API routes. */
  account: FakeEbayAccount;
}

interface Route {
  method: string;
  path: string;
  api: EbayApiName;
  handle(call: Call): Reply | Promise<Reply>;
}

export async function startFakeEbay(
  options: { acceptUrl?: string; marketplaceId?: string; appName?: string; defaultUsername?: string } = {},
): Promise<FakeEbay> {
  const clientId = `Snaplist-Snaplist-PRD-${hex(9)}-${hex(8)}`;
  const clientSecret = `PRD-${hex(12)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(4)}`;
  const ruName = `Snaplist-Snaplist-Snapli-${hex(5)}`;
  const marketplaceId = options.marketplaceId ?? 'EBAY_GB';
  const appName = options.appName ?? 'Snaplist';
  const defaultUsername = options.defaultUsername ?? 'snaplist_seller';
  let url = '';
  let mediaUrl = '';

  const accounts = new Map<string, FakeEbayAccount>();
  const requests: FakeEbay['requests'] = [];
  const faults: Array<Required<Pick<FakeEbayFault, 'status' | 'times'>> & FakeEbayFault> = [];
  const rateLimits: Array<{ times: number; retryAfterSeconds: number; path?: string }> = [];

  function account(username = defaultUsername): FakeEbayAccount {
    let found = accounts.get(username);
    if (!found) {
      found = {
        username,
        userId: hex(10),
        fulfillmentPolicies: [
          { id: digits(11), name: 'Royal Mail 2nd Class' },
          { id: digits(11), name: 'Collection in person' },
        ],
        paymentPolicies: [
          { id: digits(11), name: 'eBay managed payments' },
          { id: digits(11), name: 'Pay on collection' },
        ],
        returnPolicies: [
          { id: digits(11), name: '30-day returns' },
          { id: digits(11), name: 'No returns' },
        ],
        locations: [{ merchantLocationKey: 'home', name: 'Home', status: 'ENABLED' }],
        inventoryItems: new Map(),
        offers: new Map(),
        images: new Map(),
        orders: [],
      };
      accounts.set(username, found);
    }
    return found;
  }

  const oauth = createEbayOAuth({
    clientId,
    clientSecret,
    ruName,
    appName,
    defaultUsername,
    acceptUrl: options.acceptUrl ?? null,
  });

  // ----- Identity, Account and Inventory locations -----

  function user(call: Call): Reply {
    return {
      status: 200,
      json: {
        userId: call.account.userId,
        username: call.account.username,
        accountType: 'INDIVIDUAL',
        registrationMarketplaceId: marketplaceId,
        status: 'CONFIRMED',
      },
    };
  }

  function policies(kind: 'fulfillment' | 'payment' | 'return') {
    return (call: Call): Reply => {
      const wanted = call.url.searchParams.get('marketplace_id');
      if (!wanted) return accountError(400, 20401, 'Missing field marketplace_id.');
      if (!CURRENCIES[wanted]) return accountError(400, 20403, 'Invalid marketplace_id.');
      const list = wanted !== marketplaceId ? [] : call.account[`${kind}Policies`];
      const idField = `${kind}PolicyId`;
      const listField = `${kind}Policies`;
      return {
        status: 200,
        json: {
          ...collectionPage(call, list.length, { limit: 20, offset: 0 }),
          [listField]: list.map((policy) => ({
            [idField]: policy.id,
            name: policy.name,
            marketplaceId: wanted,
            categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
          })),
        },
      };
    };
  }

  function locations(call: Call): Reply {
    const paging = pageOf(call.url.searchParams, 20, 100);
    if ('error' in paging) return paging.error;
    const all = call.account.locations;
    return {
      status: 200,
      json: {
        ...collectionPage(call, all.length, paging),
        locations: all.slice(paging.offset, paging.offset + paging.limit).map((location) => ({
          merchantLocationKey: location.merchantLocationKey,
          name: location.name,
          merchantLocationStatus: location.status,
          locationTypes: ['WAREHOUSE'],
          location: { address: { city: 'London', postalCode: 'N1 9GU', country: 'GB' } },
        })),
      },
    };
  }

  // ----- Inventory items and offers -----

  function putInventoryItem(call: Call): Reply {
    const sku = call.params.sku ?? '';
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(sku)) {
      return inventoryError(
        400,
        25707,
        'This is an invalid value for a SKU.  Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters.',
      );
    }
    const locale = contentLanguageOf(call);
    if ('reply' in locale) return locale.reply;
    const parsed = jsonBody(call);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const problem = inventoryItemProblem(call.account, body);
    if (problem) return problem;
    const existed = call.account.inventoryItems.has(sku);
    call.account.inventoryItems.set(sku, { sku, locale: locale.value, body });
    // A published offer's listing shows the item as it now is.
    return existed
      ? { status: 204 }
      : { status: 201, json: {}, headers: { 'content-language': locale.value } };
  }

  function getInventoryItem(call: Call): Reply {
    const item = call.account.inventoryItems.get(call.params.sku ?? '');
    if (!item)
      return inventoryError(
        404,
        25710,
        "We didn't find the resource/entity you are requesting. Please verify the request",
      );
    return { status: 200, json: { sku: item.sku, locale: item.locale, ...item.body } };
  }

  function createOffer(call: Call): Reply {
    const locale = contentLanguageOf(call);
    if ('reply' in locale) return locale.reply;
    const parsed = jsonBody(call);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const { sku, marketplaceId: offerMarketplace, format, ...details } = body;
    for (const [field, value] of Object.entries({ sku, marketplaceId: offerMarketplace, format })) {
      if (typeof value !== 'string' || value === '')
        return inventoryError(400, 25709, `Invalid value for ${field}.`);
    }
    if (format !== 'FIXED_PRICE' && format !== 'AUCTION')
      return inventoryError(400, 25709, 'Invalid value for format.');
    if (
      format === 'FIXED_PRICE' &&
      (hasPath(details, 'pricingSummary.auctionStartPrice') ||
        hasPath(details, 'pricingSummary.auctionReservePrice'))
    ) {
      return inventoryError(
        400,
        25758,
        'auctionStartPrice and auctionReservePrice are not supported for fixed price offer.',
      );
    }
    if (!call.account.inventoryItems.has(String(sku))) {
      return inventoryError(
        400,
        25702,
        `${String(sku)} could not be found or is not available in the system.`,
      );
    }
    const existing = [...call.account.offers.values()].find(
      (offer) => offer.sku === sku && offer.marketplaceId === offerMarketplace && offer.format === format,
    );
    if (existing) {
      return inventoryError(400, 25002, 'A user error has occurred. Offer entity already exists.', [
        { name: 'offerId', value: existing.offerId },
      ]);
    }
    const problem = offerDetailsProblem(details, String(offerMarketplace));
    if (problem) return problem;
    const offerId = digits(10);
    call.account.offers.set(offerId, {
      offerId,
      sku: String(sku),
      marketplaceId: String(offerMarketplace),
      format: String(format),
      details,
      status: 'UNPUBLISHED',
      listingId: null,
      listingStatus: null,
      soldQuantity: 0,
    });
    return { status: 201, json: { offerId }, headers: { 'content-language': locale.value } };
  }

  function getOffers(call: Call): Reply {
    const sku = call.url.searchParams.get('sku');
    if (!sku) return inventoryError(400, 25709, 'Invalid value for sku.');
    const paging = pageOf(call.url.searchParams, 100, 200);
    if ('error' in paging) return paging.error;
    const wantedMarketplace = call.url.searchParams.get('marketplace_id');
    const offers = [...call.account.offers.values()].filter(
      (offer) => offer.sku === sku && (!wantedMarketplace || offer.marketplaceId === wantedMarketplace),
    );
    if (offers.length === 0) return offerNotAvailable(404, sku);
    return {
      status: 200,
      json: {
        href: call.url.pathname + call.url.search,
        limit: paging.limit,
        size: offers.length,
        total: offers.length,
        offers: offers.slice(paging.offset, paging.offset + paging.limit).map(offerJson),
      },
    };
  }

  function getOffer(call: Call): Reply {
    const offer = call.account.offers.get(call.params.offerId ?? '');
    return offer
      ? { status: 200, json: offerJson(offer) }
      : offerNotAvailable(404, call.params.offerId ?? '');
  }

  function updateOffer(call: Call): Reply {
    const offer = call.account.offers.get(call.params.offerId ?? '');
    if (!offer) return offerNotAvailable(404, call.params.offerId ?? '');
    const locale = contentLanguageOf(call);
    if ('reply' in locale) return locale.reply;
    const parsed = jsonBody(call);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    // updateOffer replaces the offer's details; the keys (SKU, marketplace, format) cannot change.
    const { sku: _sku, marketplaceId: _marketplace, format: _format, ...details } = body;
    const problem = offerDetailsProblem(details, offer.marketplaceId);
    if (problem) return problem;
    if (offer.status === 'PUBLISHED') {
      const publishable = publishProblem(call.account, { ...offer, details });
      if (publishable) return publishable;
    }
    offer.details = details;
    return { status: 204 };
  }

  function publishOffer(call: Call): Reply {
    const offer = call.account.offers.get(call.params.offerId ?? '');
    if (!offer) return offerNotAvailable(404, call.params.offerId ?? '');
    const problem = publishProblem(call.account, offer);
    if (problem) return problem;
    // Publishing a live offer revises its listing: the listing id stays the same.
    offer.status = 'PUBLISHED';
    offer.listingId ??= digits(12);
    offer.listingStatus = quantityOf(call.account, offer) > 0 ? 'ACTIVE' : 'OUT_OF_STOCK';
    return { status: 200, json: { listingId: offer.listingId } };
  }

  function withdrawOffer(call: Call): Reply {
    const offer = call.account.offers.get(call.params.offerId ?? '');
    if (!offer) return offerNotAvailable(404, call.params.offerId ?? '');
    if (offer.status !== 'PUBLISHED') return offerNotAvailable(400, `${offer.offerId} is not published`);
    offer.status = 'UNPUBLISHED';
    offer.listingStatus = 'ENDED';
    return { status: 200, json: { listingId: offer.listingId } };
  }

  function bulkUpdatePriceQuantity(call: Call): Reply {
    const parsed = jsonBody(call);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const updates = body.requests;
    if (!Array.isArray(updates) || updates.length === 0 || updates.length > 25) {
      return inventoryError(400, 25709, 'Invalid value for requests.');
    }
    const responses = updates.map((update: Json) => {
      const sku = typeof update.sku === 'string' ? update.sku : '';
      const item = call.account.inventoryItems.get(sku);
      if (!item) {
        return {
          statusCode: 404,
          sku,
          errors: [inventoryErrorJson(25702, `${sku} could not be found or is not available in the system.`)],
        };
      }
      const quantity = numberAt(update, 'shipToLocationAvailability.quantity');
      if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 0)) {
        return {
          statusCode: 400,
          sku,
          errors: [
            inventoryErrorJson(
              25004,
              'The eBay listing associated with the inventory item, or the unpublished offer has an invalid quantity.',
            ),
          ],
        };
      }
      const offerUpdates = Array.isArray(update.offers) ? (update.offers as Json[]) : [];
      for (const offerUpdate of offerUpdates) {
        const offer = call.account.offers.get(String(offerUpdate.offerId));
        if (!offer || offer.sku !== sku) {
          return {
            statusCode: 404,
            sku,
            offerId: offerUpdate.offerId,
            errors: [offerNotAvailableJson(String(offerUpdate.offerId))],
          };
        }
        const priceProblem =
          offerUpdate.price === undefined ? null : amountProblem(offerUpdate.price, offer.marketplaceId);
        if (priceProblem) return { statusCode: 400, sku, offerId: offer.offerId, errors: [priceProblem] };
      }
      if (quantity !== undefined)
        setPath(item.body, 'availability.shipToLocationAvailability.quantity', quantity);
      for (const offerUpdate of offerUpdates) {
        const offer = call.account.offers.get(String(offerUpdate.offerId));
        if (!offer) continue;
        if (offerUpdate.price !== undefined)
          setPath(offer.details, 'pricingSummary.price', offerUpdate.price);
        if (typeof offerUpdate.availableQuantity === 'number')
          offer.details.availableQuantity = offerUpdate.availableQuantity;
        if (offer.status === 'PUBLISHED')
          offer.listingStatus = quantityOf(call.account, offer) > 0 ? 'ACTIVE' : 'OUT_OF_STOCK';
      }
      return { statusCode: 200, sku, offerId: offerUpdates[0]?.offerId };
    });
    const allGood = responses.every((response) => response.statusCode === 200);
    return { status: allGood ? 200 : 207, json: { responses } };
  }

  // ----- Media API -----

  async function createImageFromFile(call: Call): Promise<Reply> {
    const contentType = String(call.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) {
      return mediaError(400, 'The request must be multipart/form-data.');
    }
    let file: File | string | null;
    try {
      const form = await new Request(`${url}/`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(call.body),
      }).formData();
      file = form.get('image');
    } catch {
      return mediaError(400, 'The multipart body could not be read.');
    }
    if (!(file instanceof File) || file.size === 0) return mediaError(400, 'The image file is missing.');
    const bytes = Buffer.from(await file.arrayBuffer());
    const imageType = imageTypeOf(bytes);
    if (!imageType)
      return mediaError(
        400,
        'The file is not an image eBay supports (JPG, GIF, PNG, BMP, TIFF, AVIF, HEIC, WEBP).',
      );
    const imageId = `${hex(16)}`;
    const image = {
      imageId,
      imageUrl: `${url}/images/g/${imageId}/s-l1600.jpg`,
      contentType: imageType,
      bytes,
    };
    call.account.images.set(imageId, image);
    return {
      status: 201,
      headers: { location: `${mediaUrl}/commerce/media/v1_beta/image/${imageId}` },
      json: {
        imageUrl: image.imageUrl,
        expirationDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    };
  }

  function getImage(call: Call): Reply {
    const image = call.account.images.get(call.params.image_id ?? '');
    if (!image) return mediaError(404, 'The image was not found.');
    return {
      status: 200,
      json: {
        imageUrl: image.imageUrl,
        expirationDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    };
  }

  // ----- Fulfillment API -----

  function getOrders(call: Call): Reply {
    const limitText = call.url.searchParams.get('limit') ?? '50';
    const offsetText = call.url.searchParams.get('offset') ?? '0';
    const limit = Number(limitText);
    const offset = Number(offsetText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return fulfillmentError(400, 31100, `Invalid limit: ${limitText}`);
    if (!Number.isInteger(offset) || offset < 0)
      return fulfillmentError(400, 31000, `Invalid offset: ${offsetText}`);
    let from = Number.NEGATIVE_INFINITY;
    let to = Number.POSITIVE_INFINITY;
    const filter = call.url.searchParams.get('filter');
    if (filter) {
      const match = /^creationdate:\[(.*?)\.\.(.*)\]$/.exec(filter);
      if (!match) return fulfillmentError(400, 30700, `Invalid filter name: ${filter.split(':')[0]}`);
      const [, start = '', end = ''] = match;
      if (start === '') return fulfillmentError(400, 30820, 'Start date is missing');
      from = Date.parse(start);
      to = end === '' ? Date.now() : Date.parse(end);
      if (!isoDate(start) || (end !== '' && !isoDate(end)))
        return fulfillmentError(400, 30810, 'Invalid date format');
      if (from > to) return fulfillmentError(400, 30840, 'Start date should be before end date');
      if (to - from > 2 * 365 * 86_400_000) {
        return fulfillmentError(
          400,
          30830,
          "Time range between start date and end date must be within '2' years.",
        );
      }
    }
    // Newest first, as eBay lists them; a client must not count on any order.
    const matching = call.account.orders
      .filter((order) => {
        const created = Date.parse(order.creationDate);
        return created >= from && created <= to;
      })
      .sort((a, b) => b.creationDate.localeCompare(a.creationDate));
    const pageOrders = matching.slice(offset, offset + limit);
    const next =
      offset + limit < matching.length
        ? `${call.url.pathname}?${new URLSearchParams({ ...(filter ? { filter } : {}), limit: String(limit), offset: String(offset + limit) })}`
        : undefined;
    return {
      status: 200,
      json: {
        ...collectionPage(call, matching.length, { limit, offset }),
        ...(next && { next }),
        orders: pageOrders.map((order) => orderJson(call.account, order)),
      },
    };
  }

  // ----- What a buyer's browser fetches: the photos on eBay Picture Services and the listing page -----

  function pictureFile(call: Call): Reply {
    for (const each of accounts.values()) {
      const image = each.images.get(call.params.imageId ?? '');
      if (image) return { status: 200, bytes: image.bytes, headers: { 'content-type': image.contentType } };
    }
    return { status: 404, html: page('Not found', '<p>No such picture.</p>') };
  }

  function listingPage(call: Call): Reply {
    for (const each of accounts.values()) {
      for (const offer of each.offers.values()) {
        if (offer.listingId !== call.params.listingId) continue;
        const item = each.inventoryItems.get(offer.sku);
        const title = String((item?.body.product as Json | undefined)?.title ?? offer.sku);
        const ended = offer.status !== 'PUBLISHED';
        return {
          status: 200,
          html: page(
            title,
            `<h1>${escapeHtml(title)}</h1><p>${ended ? 'This listing has ended.' : 'Buy it now'}</p>`,
          ),
        };
      }
    }
    return { status: 404, html: page('Not found', '<p>This listing does not exist.</p>') };
  }

  const routes: Route[] = [
    route('GET /oauth2/authorize', 'oauth', (call) => oauth.consentPage(call.url)),
    route('POST /oauth2/authorize', 'oauth', (call) => oauth.consentDecision(call.body)),
    route('POST /identity/v1/oauth2/token', 'oauth', (call) => oauth.tokenEndpoint(call.headers, call.body)),
    route('GET /commerce/identity/v1/user/', 'identity', user),
    route('GET /sell/account/v1/fulfillment_policy', 'account', policies('fulfillment')),
    route('GET /sell/account/v1/payment_policy', 'account', policies('payment')),
    route('GET /sell/account/v1/return_policy', 'account', policies('return')),
    route('GET /sell/inventory/v1/location', 'inventory', locations),
    route('PUT /sell/inventory/v1/inventory_item/{sku}', 'inventory', putInventoryItem),
    route('GET /sell/inventory/v1/inventory_item/{sku}', 'inventory', getInventoryItem),
    route('POST /sell/inventory/v1/offer', 'inventory', createOffer),
    route('GET /sell/inventory/v1/offer', 'inventory', getOffers),
    route('GET /sell/inventory/v1/offer/{offerId}', 'inventory', getOffer),
    route('PUT /sell/inventory/v1/offer/{offerId}', 'inventory', updateOffer),
    route('POST /sell/inventory/v1/offer/{offerId}/publish', 'inventory', publishOffer),
    route('POST /sell/inventory/v1/offer/{offerId}/withdraw', 'inventory', withdrawOffer),
    route('POST /sell/inventory/v1/bulk_update_price_quantity', 'inventory', bulkUpdatePriceQuantity),
    route('POST /commerce/media/v1_beta/image/create_image_from_file', 'media', createImageFromFile),
    route('GET /commerce/media/v1_beta/image/{image_id}', 'media', getImage),
    route('GET /sell/fulfillment/v1/order', 'fulfillment', getOrders),
    route('GET /commerce/taxonomy/v1/get_default_category_tree_id', 'taxonomy', (call) =>
      defaultCategoryTreeId(call.url.searchParams),
    ),
    route(
      'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_category_suggestions',
      'taxonomy',
      (call) => categorySuggestions(call.params.category_tree_id ?? '', call.url.searchParams),
    ),
    route(
      'GET /commerce/taxonomy/v1/category_tree/{category_tree_id}/get_item_aspects_for_category',
      'taxonomy',
      (call) => itemAspectsForCategory(call.params.category_tree_id ?? '', call.url.searchParams),
    ),
    route(
      'GET /sell/metadata/v1/marketplace/{marketplace_id}/get_item_condition_policies',
      'metadata',
      (call) => itemConditionPolicies(call.params.marketplace_id ?? '', call.url.searchParams, CURRENCIES),
    ),
    route('GET /images/g/{imageId}/s-l1600.jpg', 'site', pictureFile),
    route('GET /itm/{listingId}', 'site', listingPage),
  ];
  const matchers = routes.map((route) => ({ route, pattern: templatePattern(route.path) }));

  async function handle(
    host: 'api' | 'media',
    method: string,
    requestUrl: URL,
    headers: http.IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Reply> {
    // The Media API answers on its own host only, as eBay documents it; the other APIs never do there.
    const served = matchers.filter(({ route }) => (route.api === 'media') === (host === 'media'));
    const found = served.flatMap(({ route, pattern }) => {
      const match = pattern.exec(requestUrl.pathname);
      return match ? [{ route, params: decodeParams(match.groups ?? {}) }] : [];
    });
    const matched = found.find(({ route }) => route.method === method);
    if (!matched) return noRoute(method, found.length > 0);
    const { route, params } = matched;
    if (route.api !== 'site' && route.path !== '/oauth2/authorize') {
      const limited = rateLimits.find(
        (limit) => limit.times > 0 && (!limit.path || [requestUrl.pathname, route.path].includes(limit.path)),
      );
      if (limited) {
        limited.times -= 1;
        return tooManyRequests(limited.retryAfterSeconds);
      }
    }
    let callAccount: FakeEbayAccount | null = null;
    const scopes = scopesFor(route.api, method);
    if (scopes) {
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      const grant = bearer ? oauth.grantOf(bearer) : null;
      if (!grant) return invalidAccessToken();
      if (!scopes.some((allowed) => grant.scopes.includes(allowed))) return accessDenied();
      // An application token has no seller behind it: it reaches eBay's public data only.
      if (grant.username === null) {
        if (route.api !== 'taxonomy' && route.api !== 'metadata') return accessDenied();
      } else callAccount = account(grant.username);
    }
    const fault =
      route.api === 'site' || route.path === '/oauth2/authorize'
        ? undefined
        : takeFault(method, [requestUrl.pathname, route.path]);
    if (fault && !fault.afterProcessing) return faultReply(route.api, fault.status);
    const reply = await route.handle({
      method,
      url: requestUrl,
      params,
      headers,
      body,
      account: callAccount ?? account(),
    });
    return fault ? faultReply(route.api, fault.status) : reply;
  }

  /** The next injected fault for a call, by its path as called or as eBay's template. */
  function takeFault(method: string, paths: string[]): FakeEbayFault | undefined {
    const fault = faults.find(
      (each) =>
        each.times > 0 &&
        (!each.path || paths.includes(each.path)) &&
        (!each.method || each.method === method),
    );
    if (fault) fault.times -= 1;
    return fault;
  }

  const serve = (host: 'api' | 'media') => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const requestUrl = new URL(request.url ?? '/', host === 'media' ? mediaUrl : url);
      requests.push({ method, path: requestUrl.pathname, host });
      handle(host, method, requestUrl, request.headers, Buffer.concat(chunks))
        .catch(
          (error: unknown): Reply => ({
            status: 500,
            json: inventoryErrorJsonEnvelope(
              25001,
              `A system error has occurred. ${error instanceof Error ? error.message : ''}`,
            ),
          }),
        )
        .then((reply) => {
          const headers: Record<string, string> = {
            'x-ebay-c-request-id': `rid-${hex(8)}`,
            ...reply.headers,
          };
          if (reply.bytes) {
            response.writeHead(reply.status, headers);
            response.end(reply.bytes);
          } else if (reply.html !== undefined) {
            response.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', ...headers });
            response.end(reply.html);
          } else if (reply.json !== undefined) {
            response.writeHead(reply.status, { 'content-type': 'application/json', ...headers });
            response.end(JSON.stringify(reply.json));
          } else {
            response.writeHead(reply.status, headers);
            response.end();
          }
        });
    });
  };
  const server = http.createServer(serve('api'));
  const mediaServer = http.createServer(serve('media'));
  url = await listenLocally(server);
  mediaUrl = await listenLocally(mediaServer);

  return {
    url,
    mediaUrl,
    env: {
      EBAY_CLIENT_ID: clientId,
      EBAY_CLIENT_SECRET: clientSecret,
      EBAY_RU_NAME: ruName,
      EBAY_API_URL: url,
      EBAY_AUTH_URL: url,
      EBAY_MARKETPLACE_ID: marketplaceId,
      EBAY_LISTING_URL: `${url}/itm/`,
      EBAY_MEDIA_URL: mediaUrl,
    },
    options: {
      clientId,
      clientSecret,
      ruName,
      apiUrl: url,
      authUrl: url,
      marketplaceId,
      listingUrl: `${url}/itm/`,
      mediaUrl,
      deletionVerificationToken: undefined,
    },
    defaultUsername,
    requests,
    routes: routes.map(({ method, path, api }) => ({ method, path, api })),
    account,
    setAcceptUrl: oauth.setAcceptUrl,
    async authorize(authorizeUrl, choice = {}) {
      return oauth.authorize(authorizeUrl, {
        username: choice.username ?? defaultUsername,
        decline: choice.decline ?? false,
      });
    },
    failNext(fault) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    rateLimitNext({ times = 1, retryAfterSeconds, path }) {
      rateLimits.push({ times, retryAfterSeconds, path });
    },
    sell(sku, quantity, sellOptions = {}) {
      const seller = account(sellOptions.username);
      const offer = [...seller.offers.values()].find(
        (each) => each.sku === sku && each.status === 'PUBLISHED',
      );
      const item = seller.inventoryItems.get(sku);
      if (!offer?.listingId || !item)
        throw new Error(`fake eBay: ${seller.username} has no live listing for ${sku}`);
      const available = quantityOf(seller, offer);
      if (available < quantity) throw new Error(`fake eBay: only ${available} of ${sku} left`);
      setPath(item.body, 'availability.shipToLocationAvailability.quantity', available - quantity);
      offer.details.availableQuantity = available - quantity;
      offer.soldQuantity += quantity;
      if (available === quantity) offer.listingStatus = 'OUT_OF_STOCK';
      const order: FakeEbayOrder = {
        orderId: `${digits(2)}-${digits(5)}-${digits(5)}`,
        creationDate: (sellOptions.at ?? new Date()).toISOString(),
        cancelled: false,
        lineItems: [
          {
            lineItemId: digits(11),
            legacyItemId: offer.listingId,
            sku,
            title: String((item.body.product as Json | undefined)?.title ?? sku),
            quantity,
          },
        ],
      };
      seller.orders.push(order);
      return order;
    },
    expireAccessTokens: oauth.expireAccessTokens,
    revokeAll: oauth.revokeAll,
    close: async () => {
      await Promise.all([closeServer(server), closeServer(mediaServer)]);
    },
  };

  /** The head of a page of a collection, as eBay's Account, Inventory and Fulfillment APIs all start one. */
  function collectionPage(call: Call, total: number, page: { limit: number; offset: number }) {
    return { href: call.url.pathname + call.url.search, total, limit: page.limit, offset: page.offset };
  }

  // ----- Checks eBay makes on bodies -----

  function inventoryItemProblem(seller: FakeEbayAccount, body: Json): Reply | null {
    const product = (body.product ?? {}) as Json;
    if (product.title !== undefined && (typeof product.title !== 'string' || product.title.length > 80)) {
      return inventoryError(
        400,
        25080,
        'The value of the title field is invalid. Field must not exceed 80 characters.',
      );
    }
    if (body.condition !== undefined && !CONDITIONS.has(String(body.condition))) {
      return listingDataError(
        25021,
        'invalid item condition information. Could not serialize field [condition]',
      );
    }
    const quantity = numberAt(body, 'availability.shipToLocationAvailability.quantity');
    if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 0)) {
      return listingDataError(25004, 'an invalid quantity.');
    }
    const aspects = product.aspects;
    if (aspects !== undefined) {
      const valid =
        typeof aspects === 'object' &&
        aspects !== null &&
        Object.values(aspects).every(
          (values) =>
            Array.isArray(values) && values.every((value) => typeof value === 'string' && value.length <= 65),
        );
      if (!valid)
        return inventoryError(
          400,
          25502,
          'Invalid attribute information. Aspect values are lists of at most 65 characters each.',
        );
    }
    const imageUrls = product.imageUrls;
    if (imageUrls !== undefined) {
      if (!Array.isArray(imageUrls) || imageUrls.length > 24)
        return listingDataError(25014, 'invalid pictures.');
      const known = new Set([...seller.images.values()].map((image) => image.imageUrl));
      if (imageUrls.some((imageUrl) => !known.has(String(imageUrl)))) {
        return inventoryError(400, 25086, 'The URL provided must be an eBay Picture Service URL.');
      }
    }
    return null;
  }

  function offerDetailsProblem(details: Json, onMarketplace: string): Reply | null {
    if (details.categoryId !== undefined && !/^\d+$/.test(String(details.categoryId))) {
      return inventoryError(400, 25709, 'Invalid value for categoryId.');
    }
    if (
      details.availableQuantity !== undefined &&
      (!Number.isInteger(details.availableQuantity) || Number(details.availableQuantity) < 0)
    ) {
      return inventoryError(400, 25709, 'Invalid value for availableQuantity.');
    }
    if (details.listingDuration !== undefined && details.listingDuration !== 'GTC') {
      return inventoryError(
        400,
        25709,
        'Invalid value for listingDuration. Fixed-price listings are Good Til Cancelled.',
      );
    }
    const price = (details.pricingSummary as Json | undefined)?.price;
    if (price !== undefined) {
      const problem = amountProblem(price, onMarketplace);
      if (problem) return { status: 400, json: envelope(problem) };
    }
    return null;
  }

  /** What publishOffer requires on top of what create accepts, in the order eBay reports it. */
  function publishProblem(
    seller: FakeEbayAccount,
    offer: Pick<FakeEbayOffer, 'sku' | 'details' | 'marketplaceId'>,
  ): Reply | null {
    const item = seller.inventoryItems.get(offer.sku);
    if (!item)
      return inventoryError(400, 25702, `${offer.sku} could not be found or is not available in the system.`);
    const product = (item.body.product ?? {}) as Json;
    if (typeof product.title !== 'string' || product.title.trim() === '')
      return userError('The title is missing. Add a title and try again.');
    if (typeof product.description !== 'string' || product.description.trim() === '')
      return userError('The description is missing. Add a description and try again.');
    if (!Array.isArray(product.imageUrls) || product.imageUrls.length === 0)
      return userError('Add at least 1 photo.');
    if (!offer.details.categoryId)
      return listingDataError(25005, 'an invalid category ID. The category is missing.');
    const leaf = fakeEbayLeaf(String(offer.details.categoryId));
    if (!leaf)
      return listingDataError(
        25005,
        'an invalid category ID. Listings go in a leaf category of the marketplace.',
      );
    const allowedConditions = (leaf.conditions ?? []).map(([conditionId]) => conditionId);
    if (item.body.condition === undefined && allowedConditions.length > 0)
      return listingDataError(25021, 'invalid item condition information. The condition is missing.');
    if (
      item.body.condition !== undefined &&
      !allowedConditions.includes(CONDITION_IDS[String(item.body.condition)] ?? '')
    ) {
      return listingDataError(
        25021,
        `invalid item condition information. The condition ${String(item.body.condition)} is not supported in category ${leaf.categoryId}.`,
      );
    }
    const aspects = (product.aspects ?? {}) as Record<string, unknown>;
    for (const wanted of leaf.aspects ?? []) {
      const given = aspects[wanted.name];
      const values = Array.isArray(given) ? given.map(String) : [];
      if (wanted.required && values.length === 0) {
        return userError(
          `The item specific ${wanted.name} is missing. Add ${wanted.name} to this listing, enter a valid value, and then try again.`,
        );
      }
      const unknown = values.find(
        (value) => wanted.mode === 'SELECTION_ONLY' && !wanted.values.includes(value),
      );
      if (unknown !== undefined || (wanted.cardinality === 'SINGLE' && values.length > 1)) {
        return userError(
          `The item specific ${wanted.name} has an invalid value. Enter a valid value for ${wanted.name}, and then try again.`,
        );
      }
    }
    const price = (offer.details.pricingSummary as Json | undefined)?.price;
    if (price === undefined || amountProblem(price, offer.marketplaceId)) {
      return listingDataError(25003, 'an invalid price. Add a price in the currency of the marketplace.');
    }
    const policies = (offer.details.listingPolicies ?? {}) as Json;
    const kinds = [
      { field: 'fulfillmentPolicyId', list: seller.fulfillmentPolicies, errorId: 25007, name: 'Fulfillment' },
      { field: 'paymentPolicyId', list: seller.paymentPolicies, errorId: 25008, name: 'Payment' },
      { field: 'returnPolicyId', list: seller.returnPolicies, errorId: 25009, name: 'Return' },
    ];
    for (const kind of kinds) {
      const id = policies[kind.field];
      if (typeof id !== 'string' || id === '') {
        return listingDataError(
          kind.errorId,
          `invalid data in the associated ${kind.name} policy. Please add a valid ${kind.name.toLowerCase()} policy to the offer.`,
        );
      }
      if (!kind.list.some((policy) => policy.id === id)) {
        return inventoryError(400, 25035, 'The specified policy is not found for the market place', [
          { name: kind.field, value: id },
        ]);
      }
    }
    const key = offer.details.merchantLocationKey;
    const location = seller.locations.find((each) => each.merchantLocationKey === key);
    if (location?.status !== 'ENABLED') {
      return inventoryError(
        400,
        25012,
        'Invalid inventory location. Add a merchantLocationKey of an enabled inventory location to the offer.',
      );
    }
    return null;
  }

  function amountProblem(amount: unknown, onMarketplace: string): EbayErrorJson | null {
    const value = (amount as Json | null)?.value;
    const currency = (amount as Json | null)?.currency;
    if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
      return inventoryErrorJson(25709, 'Invalid value for pricingSummary.price.value.');
    }
    if (currency !== CURRENCIES[onMarketplace])
      return inventoryErrorJson(25709, 'Invalid value for pricingSummary.price.currency.');
    return null;
  }

  function quantityOf(seller: FakeEbayAccount, offer: Pick<FakeEbayOffer, 'sku' | 'details'>): number {
    const offered = offer.details.availableQuantity;
    if (typeof offered === 'number') return offered;
    return (
      numberAt(
        seller.inventoryItems.get(offer.sku)?.body ?? {},
        'availability.shipToLocationAvailability.quantity',
      ) ?? 0
    );
  }

  function offerJson(offer: FakeEbayOffer): Json {
    return {
      offerId: offer.offerId,
      sku: offer.sku,
      marketplaceId: offer.marketplaceId,
      format: offer.format,
      ...offer.details,
      status: offer.status,
      ...(offer.listingId && {
        listing: {
          listingId: offer.listingId,
          listingStatus: offer.listingStatus,
          soldQuantity: offer.soldQuantity,
        },
      }),
    };
  }

  function orderJson(seller: FakeEbayAccount, order: FakeEbayOrder): Json {
    const currency = CURRENCIES[marketplaceId] ?? 'GBP';
    return {
      orderId: order.orderId,
      legacyOrderId: order.orderId,
      creationDate: order.creationDate,
      lastModifiedDate: order.creationDate,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: seller.username,
      buyer: { username: 'a_buyer' },
      cancelStatus: { cancelState: order.cancelled ? 'CANCELED' : 'NONE_REQUESTED', cancelRequests: [] },
      pricingSummary: { total: { value: '0.00', currency } },
      lineItems: order.lineItems.map((line) => ({
        lineItemId: line.lineItemId,
        legacyItemId: line.legacyItemId,
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        soldFormat: 'FIXED_PRICE',
        listingMarketplaceId: marketplaceId,
        purchaseMarketplaceId: marketplaceId,
        lineItemFulfillmentStatus: 'NOT_STARTED',
      })),
    };
  }
}

// ----- Routing -----

function route(endpoint: string, api: EbayApiName, handle: Route['handle']): Route {
  const [method = '', path = ''] = endpoint.split(' ');
  return { method, path, api, handle };
}

/** The scopes that allow a call, any one of them (a read-only scope allows reading); null without a token. */
function scopesFor(api: EbayApiName, method: string): string[] | null {
  const grants = (name: string) =>
    method === 'GET' ? [scope(name), scope(`${name}.readonly`)] : [scope(name)];
  switch (api) {
    case 'identity':
      return [scope('commerce.identity.readonly')];
    case 'account':
      return grants('sell.account');
    case 'inventory':
    case 'media':
      return grants('sell.inventory');
    case 'fulfillment':
      return grants('sell.fulfillment');
    case 'taxonomy':
      return [APPLICATION_SCOPE];
    case 'metadata':
      return [APPLICATION_SCOPE, scope('sell.inventory')];
    default:
      return null;
  }
}
