// The eBay adapter: OAuth 2 authorization code grant with the app's RuName, the Sell Inventory API's
// inventory item -> offer -> publish, photos through the Media API on its own host, the category, item specifics
// and condition from eBay's Taxonomy and Metadata APIs, business policies and locations from the Account and
// Inventory APIs, and sales from the Fulfillment API. Every step is idempotent on the listing's SKU
// and the saved progress, so a retry never makes a second offer or listing (docs/decisions/030).
import { z } from 'zod';
import type { EbayAppConfig } from '../../../config';
import {
  type AuthorizationInput,
  type AuthorizationStart,
  type CodeExchangeInput,
  type ConnectedAccount,
  type MarketplaceAdapter,
  MarketplaceError,
  type MarketplaceSession,
  type MarketplaceTokens,
  type MissingRequirement,
  type PublishableListing,
  type PublishablePhoto,
  type PublishProgress,
  type PublishResult,
  type SoldItem,
} from '../marketplace-adapter';
import { createEbayCatalogue, EBAY_APPLICATION_SCOPE } from './ebay-catalogue';
import { EbayApi, ebayFetch, failureOf, oauthFailureOf, readErrors, readJson } from './ebay-http';
import {
  categoryQuery,
  contentLanguage,
  EBAY_TITLE_MAX,
  type EbayListingSettings,
  type EbayPlacement,
  EU_MARKETPLACES,
  ebayAmount,
  ebayConditionFor,
  fillAspects,
  incompleteRegulatorySettings,
  inventoryItemBody,
  offerDetails,
  REGULATORY_SETTINGS,
  siteCurrency,
} from './ebay-listing';

/** What Snaplist asks the seller to grant: list and end items, read policies and sales, and their user name. */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

/** The settings a seller must choose once, by the names of the offer fields they fill. */
export const EBAY_SETTINGS = [
  'fulfillmentPolicyId',
  'paymentPolicyId',
  'returnPolicyId',
  'merchantLocationKey',
] as const satisfies ReadonlyArray<keyof EbayListingSettings>;

/**
 * Countries a manufacturer or responsible person is most often in, by ISO code as the regulatory block takes them:
 * the EU's, and the other countries most clothes are made in.
 */
const REGULATORY_COUNTRIES = (
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' +
  'GB CH NO TR MA TN CN HK IN BD PK LK VN KH ID TH JP KR US CA AU'
).split(' ');

/** How the seller's messages name the marketplace. */
const MARKETPLACE_NAME = 'eBay';

/** eBay's "Offer entity already exists", which names the existing offer in its parameters. */
const OFFER_ALREADY_EXISTS = 25002;
/** getOrders pages at most 200 orders; locations are few, so one large page usually holds them all. */
const ORDERS_PAGE_SIZE = 200;
const LOCATIONS_PAGE_SIZE = 100;
/** How far back getOrders searches: two years, less a day so clocks that differ a little stay inside it. */
const ORDERS_HISTORY_MS = (2 * 365 - 1) * 86_400_000;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
});

const UserSchema = z.object({ userId: z.string().optional(), username: z.string().optional() });

const ProgressSchema = z.object({
  /** eBay Picture Services URL of each photo already uploaded, by our photo id. */
  imageUrls: z.record(z.string(), z.string()).default({}),
  offerId: z.string().optional(),
  listingId: z.string().optional(),
});
type EbayProgress = z.infer<typeof ProgressSchema>;

/** The three policy lists of the Account API, each naming its id field after its kind. */
const PoliciesSchema = z.object({
  fulfillmentPolicies: z
    .array(z.object({ fulfillmentPolicyId: z.string(), name: z.string().optional() }))
    .optional(),
  paymentPolicies: z.array(z.object({ paymentPolicyId: z.string(), name: z.string().optional() })).optional(),
  returnPolicies: z.array(z.object({ returnPolicyId: z.string(), name: z.string().optional() })).optional(),
});

const LocationsSchema = z.object({
  total: z.number().optional(),
  locations: z
    .array(
      z.object({
        merchantLocationKey: z.string(),
        name: z.string().optional(),
        merchantLocationStatus: z.string().optional(),
      }),
    )
    .default([]),
});

const OfferSchema = z.object({ offerId: z.string(), status: z.string().optional() });
const OffersSchema = z.object({
  offers: z.array(OfferSchema.extend({ marketplaceId: z.string() })).default([]),
});
const ImageSchema = z.object({ imageUrl: z.string() });
const PublishSchema = z.object({ listingId: z.string() });
const BulkPriceQuantitySchema = z.object({
  responses: z
    .array(
      z.object({
        statusCode: z.number(),
        errors: z
          .array(z.object({ errorId: z.number().optional(), message: z.string().optional() }))
          .optional(),
      }),
    )
    .default([]),
});
const OrdersSchema = z.object({
  total: z.number().default(0),
  orders: z
    .array(
      z.object({
        orderId: z.string(),
        creationDate: z.string(),
        cancelStatus: z.object({ cancelState: z.string().optional() }).optional(),
        lineItems: z
          .array(z.object({ sku: z.string().optional(), quantity: z.number().default(1) }))
          .default([]),
      }),
    )
    .default([]),
});

export function createEbayAdapter(options: EbayAppConfig): MarketplaceAdapter {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const authUrl = options.authUrl.replace(/\/+$/, '');
  const mediaUrl = options.mediaUrl.replace(/\/+$/, '');
  const api = (session: MarketplaceSession) => new EbayApi(apiUrl, session.accessToken);
  // eBay documents the Media API on its own host (apim.ebay.com).
  const media = (session: MarketplaceSession) => new EbayApi(mediaUrl, session.accessToken);
  const catalogue = createEbayCatalogue({
    apiUrl,
    marketplaceId: options.marketplaceId,
    async requestApplicationToken() {
      const token = await tokenRequest({ grant_type: 'client_credentials', scope: EBAY_APPLICATION_SCOPE });
      return { accessToken: token.access_token, expiresIn: token.expires_in };
    },
  });

  async function tokenRequest(form: Record<string, string>) {
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await ebayFetch(`${apiUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form),
    });
    if (!response.ok) throw await oauthFailureOf(response);
    return parse(TokenResponseSchema, await readJson(response), 'token');
  }

  async function uploadPhoto(session: MarketplaceSession, photo: PublishablePhoto): Promise<string> {
    const form = new FormData();
    const bytes = await photo.bytes();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: photo.mimeType }), fileNameOf(photo));
    const response = await media(session).send(
      'POST',
      '/commerce/media/v1_beta/image/create_image_from_file',
      {
        body: form,
      },
    );
    if (!response.ok) throw failureOf(response, await readErrors(response));
    await response.body?.cancel();
    // The image resource's URI; eBay documents getImage as the way to the URL a listing uses.
    const location = response.headers.get('location');
    const imageId = location?.split('/').filter(Boolean).pop();
    if (!imageId) throw new MarketplaceError('transient', 'eBay did not say where the uploaded photo is.');
    const image = await media(session).call(
      'GET',
      `/commerce/media/v1_beta/image/${encodeURIComponent(imageId)}`,
    );
    return parse(ImageSchema, image, 'image').imageUrl;
  }

  /**
   * Where the listing goes and what it says there: eBay's first suggestion for its words, the aspects that
   * category takes filled from the listing, and the condition it takes. What the listing cannot give is in
   * `missing`, each named as the seller fixes it.
   */
  async function placementOf(
    listing: PublishableListing,
  ): Promise<{ placement: EbayPlacement | null; missing: MissingRequirement[] }> {
    const query = categoryQuery(listing);
    const [category] = query.trim() === '' ? [] : await catalogue.suggestions(query);
    if (!category) {
      return {
        placement: null,
        missing: [
          {
            field: 'category',
            code: 'marketplace_category_not_found',
            params: { marketplace: MARKETPLACE_NAME },
          },
        ],
      };
    }
    const [aspects, conditions] = await Promise.all([
      catalogue.aspects(category.categoryId),
      catalogue.conditions(category.categoryId),
    ]);
    const filled = fillAspects(listing, aspects, category, options.marketplaceId);
    const missing = filled.missing.map(
      (name): MissingRequirement => ({
        field: `aspects.${name}`,
        code: 'marketplace_aspect_required',
        params: { marketplace: MARKETPLACE_NAME, name },
      }),
    );
    const condition = ebayConditionFor(listing.condition, conditions);
    if ('allowed' in condition) {
      missing.push({
        field: 'condition',
        code: 'marketplace_condition_not_allowed',
        params: { marketplace: MARKETPLACE_NAME, allowed: condition.allowed.join(', ') },
      });
    }
    const placement = {
      categoryId: category.categoryId,
      aspects: filled.aspects,
      condition: 'condition' in condition ? condition.condition : null,
    };
    return { placement, missing };
  }

  /** The SKU's offer on our marketplace: the one already made (saved, or named by eBay), else a new one. */
  async function offerFor(
    session: MarketplaceSession,
    listing: PublishableListing,
    settings: EbayListingSettings,
    placement: EbayPlacement,
    savedOfferId: string | undefined,
  ): Promise<string> {
    const details = offerDetails(listing, settings, placement);
    const headers = { 'content-language': contentLanguage(options.marketplaceId) };
    if (savedOfferId) {
      // The settings or the listing may have changed since it was made (a policy added after a refusal).
      try {
        await api(session).call('PUT', `/sell/inventory/v1/offer/${encodeURIComponent(savedOfferId)}`, {
          json: details,
          headers,
        });
        return savedOfferId;
      } catch (error) {
        // Deleted on eBay since: make it again below.
        if (!(error instanceof MarketplaceError && error.kind === 'not_found')) throw error;
      }
    }
    const response = await api(session).send('POST', '/sell/inventory/v1/offer', {
      json: { sku: listing.sku, marketplaceId: options.marketplaceId, format: 'FIXED_PRICE', ...details },
      headers,
    });
    if (response.ok) return parse(OfferSchema, await readJson(response), 'offer').offerId;
    const errors = await readErrors(response);
    // An earlier attempt made it and its answer was lost: eBay names it, so bring it up to date and use it.
    const existingOfferId = errors
      .find((error) => error.errorId === OFFER_ALREADY_EXISTS)
      ?.parameters?.find((parameter) => parameter.name === 'offerId')?.value;
    if (!existingOfferId) throw failureOf(response, errors);
    await api(session).call('PUT', `/sell/inventory/v1/offer/${encodeURIComponent(existingOfferId)}`, {
      json: details,
      headers,
    });
    return existingOfferId;
  }

  /** The offer of a published listing: from the saved progress, else looked up by SKU. */
  async function publishedOfferId(
    session: MarketplaceSession,
    published: { progress: PublishProgress; sku: string },
  ): Promise<string | null> {
    const saved = progressOf(published.progress).offerId;
    if (saved) return saved;
    try {
      const answer = await api(session).call('GET', '/sell/inventory/v1/offer', {
        query: { sku: published.sku, marketplace_id: options.marketplaceId },
      });
      const offers = parse(OffersSchema, answer, 'offers').offers;
      return offers.find((offer) => offer.marketplaceId === options.marketplaceId)?.offerId ?? null;
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async function policyChoices(session: MarketplaceSession, kind: 'fulfillment' | 'payment' | 'return') {
    const answer = await api(session).call('GET', `/sell/account/v1/${kind}_policy`, {
      query: { marketplace_id: options.marketplaceId },
    });
    const lists = parse(PoliciesSchema, answer, `${kind} policies`);
    const policies =
      {
        fulfillment: lists.fulfillmentPolicies?.map((policy) => ({
          id: policy.fulfillmentPolicyId,
          name: policy.name,
        })),
        payment: lists.paymentPolicies?.map((policy) => ({ id: policy.paymentPolicyId, name: policy.name })),
        return: lists.returnPolicies?.map((policy) => ({ id: policy.returnPolicyId, name: policy.name })),
      }[kind] ?? [];
    return policies.map((policy) => ({ value: policy.id, label: policy.name ?? policy.id }));
  }

  async function locationChoices(session: MarketplaceSession) {
    const choices: Array<{ value: string; label: string }> = [];
    for (let offset = 0; ; offset += LOCATIONS_PAGE_SIZE) {
      const answer = await api(session).call('GET', '/sell/inventory/v1/location', {
        query: { limit: String(LOCATIONS_PAGE_SIZE), offset: String(offset) },
      });
      const page = parse(LocationsSchema, answer, 'locations');
      for (const location of page.locations) {
        if (location.merchantLocationStatus === 'DISABLED') continue;
        choices.push({
          value: location.merchantLocationKey,
          label: location.name ?? location.merchantLocationKey,
        });
      }
      if (page.locations.length === 0 || offset + page.locations.length >= (page.total ?? 0)) return choices;
    }
  }

  return {
    marketplace: 'ebay',

    startAuthorization(input: AuthorizationInput): AuthorizationStart {
      // eBay's redirect_uri is the RuName; eBay itself sends the seller on to the accept URL registered for it.
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: options.ruName,
        response_type: 'code',
        scope: EBAY_SCOPES.join(' '),
        state: input.state,
      });
      return { url: `${authUrl}/oauth2/authorize?${query}`, codeVerifier: null, shop: null };
    },

    async exchangeCode(input: CodeExchangeInput): Promise<ConnectedAccount> {
      const issuedAt = Date.now();
      const token = await tokenRequest({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: options.ruName,
      });
      const user = parse(
        UserSchema,
        await new EbayApi(identityBaseUrl(apiUrl), token.access_token).call(
          'GET',
          '/commerce/identity/v1/user/',
        ),
        'user',
      );
      return {
        accessToken: token.access_token,
        refreshToken: token.refresh_token ?? null,
        accessTokenExpiresAt: expiresAt(issuedAt, token.expires_in),
        refreshTokenExpiresAt: expiresAt(issuedAt, token.refresh_token_expires_in),
        accountName: user.username ?? null,
        accountId: user.userId ?? null,
      };
    },

    async refresh(tokens: MarketplaceTokens): Promise<MarketplaceTokens> {
      if (!tokens.refreshToken)
        throw new MarketplaceError('auth', 'There is no eBay refresh token: connect again.');
      const issuedAt = Date.now();
      const token = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        scope: EBAY_SCOPES.join(' '),
      });
      // eBay keeps the refresh token (about 18 months) and issues only a new access token.
      return {
        accessToken: token.access_token,
        refreshToken: token.refresh_token ?? tokens.refreshToken,
        accessTokenExpiresAt: expiresAt(issuedAt, token.expires_in),
        refreshTokenExpiresAt: token.refresh_token_expires_in
          ? expiresAt(issuedAt, token.refresh_token_expires_in)
          : tokens.refreshTokenExpiresAt,
      };
    },

    async revoke(): Promise<void> {
      // eBay has no API to revoke a user token: the seller removes the app under My eBay, and Snaplist
      // forgetting the tokens is all that disconnecting can do here.
    },

    async settingChoices(session: MarketplaceSession) {
      const [fulfillment, payment, returns, locations] = await Promise.all([
        policyChoices(session, 'fulfillment'),
        policyChoices(session, 'payment'),
        policyChoices(session, 'return'),
        locationChoices(session),
      ]);
      const choices = [
        { name: 'fulfillmentPolicyId', choices: fulfillment },
        { name: 'paymentPolicyId', choices: payment },
        { name: 'returnPolicyId', choices: returns },
        { name: 'merchantLocationKey', choices: locations },
      ];
      if (!EU_MARKETPLACES.has(options.marketplaceId)) return choices;
      // The regulatory block's details are typed in (no choices), except the countries.
      const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
      const countries = REGULATORY_COUNTRIES.map((code) => ({
        value: code,
        label: countryNames.of(code) ?? code,
      }));
      return [
        ...choices,
        ...REGULATORY_SETTINGS.map((name) =>
          name.endsWith('Country')
            ? { name, choices: countries, optional: true }
            : { name, choices: [], input: 'text' as const, optional: true },
        ),
      ];
    },

    async missingRequirements(listing: PublishableListing, settings: Record<string, string>) {
      const missing = EBAY_SETTINGS.filter((name) => !settings[name]?.trim()).map(
        (name): MissingRequirement => ({ field: `settings.${name}`, code: 'marketplace_setting_required' }),
      );
      for (const name of incompleteRegulatorySettings(settingsOf(settings))) {
        missing.push({ field: `settings.${name}`, code: 'marketplace_setting_required' });
      }
      if (listing.title.length > EBAY_TITLE_MAX) {
        missing.push({ field: 'title', code: 'marketplace_title_too_long', params: { max: EBAY_TITLE_MAX } });
      }
      if (listing.photos.length === 0) missing.push({ field: 'photos', code: 'photo_required_to_publish' });
      if (listing.price <= 0) missing.push({ field: 'price', code: 'price_required_to_publish' });
      const currency = siteCurrency(options.marketplaceId);
      if (currency && listing.currency !== currency) {
        missing.push({ field: 'currency', code: 'marketplace_currency_mismatch', params: { currency } });
      }
      try {
        missing.push(...(await placementOf(listing)).missing);
      } catch (error) {
        // eBay cannot say just now: publishing asks again, and refuses then what the listing lacks.
        if (
          !(
            error instanceof MarketplaceError &&
            (error.kind === 'transient' || error.kind === 'rate_limited')
          )
        )
          throw error;
      }
      return missing;
    },

    async publish(session, listing, settings, savedProgress, saveProgress): Promise<PublishResult> {
      // Settled before anything is sent: a listing eBay would refuse for its category is refused here.
      const { placement, missing } = await placementOf(listing);
      if (!placement || missing.length > 0) {
        throw new MarketplaceError('rejected', placementRefusal(missing));
      }
      const progress: EbayProgress = progressOf(savedProgress);
      for (const photo of listing.photos) {
        if (progress.imageUrls[photo.id]) continue;
        progress.imageUrls[photo.id] = await uploadPhoto(session, photo);
        await saveProgress({ ...progress });
      }
      const imageUrls = listing.photos.flatMap((photo) => progress.imageUrls[photo.id] ?? []);

      // createOrReplaceInventoryItem is keyed by SKU: repeating it replaces, never duplicates.
      await api(session).call('PUT', `/sell/inventory/v1/inventory_item/${encodeURIComponent(listing.sku)}`, {
        json: inventoryItemBody(listing, imageUrls, placement),
        headers: { 'content-language': contentLanguage(options.marketplaceId) },
      });

      const offerId = await offerFor(session, listing, settingsOf(settings), placement, progress.offerId);
      if (offerId !== progress.offerId) {
        progress.offerId = offerId;
        await saveProgress({ ...progress });
      }

      // Publishing an offer that is already live revises it and answers the same listing id.
      const published = await api(session).call(
        'POST',
        `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/publish`,
      );
      const { listingId } = parse(PublishSchema, published, 'publish');
      progress.listingId = listingId;
      return { externalId: listingId, url: `${options.listingUrl}${listingId}`, progress: { ...progress } };
    },

    async updatePriceAndQuantity(session, published, change): Promise<void> {
      const offerId = await publishedOfferId(session, published);
      if (!offerId) throw new MarketplaceError('not_found', 'eBay has no offer for this listing.');
      const answer = await api(session).call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
        json: {
          requests: [
            {
              sku: published.sku,
              shipToLocationAvailability: { quantity: change.quantity },
              offers: [
                {
                  offerId,
                  availableQuantity: change.quantity,
                  price: ebayAmount(change.price, change.currency),
                },
              ],
            },
          ],
        },
      });
      // The call answers 200 or 207 and reports each SKU and offer on its own.
      for (const result of parse(BulkPriceQuantitySchema, answer, 'price and quantity').responses) {
        if (result.statusCode >= 200 && result.statusCode < 300) continue;
        const message =
          result.errors?.map((error) => error.message).join(' ') || 'eBay refused the new price.';
        const marketplaceCode = result.errors?.[0]?.errorId?.toString();
        const kind =
          result.statusCode >= 500 ? 'transient' : result.statusCode === 404 ? 'not_found' : 'rejected';
        throw new MarketplaceError(kind, message, { status: result.statusCode, marketplaceCode });
      }
    },

    async end(session, published): Promise<void> {
      const offerId = await publishedOfferId(session, published);
      if (!offerId) return;
      // Withdrawing is for live offers only; one already ended (by hand on eBay, or sold out) is done.
      try {
        const offer = parse(
          OfferSchema,
          await api(session).call('GET', `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}`),
          'offer',
        );
        if (offer.status !== 'PUBLISHED') return;
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'not_found') return;
        throw error;
      }
      await api(session).call('POST', `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/withdraw`);
    },

    async soldSince(session, since): Promise<SoldItem[]> {
      // getOrders refuses a search reaching further back than two years (error 30830).
      const from = Math.max(Date.parse(since), Date.now() - ORDERS_HISTORY_MS);
      const filter = `creationdate:[${new Date(from).toISOString()}..]`;
      const quantities = new Map<string, SoldItem>();
      for (let offset = 0; ; offset += ORDERS_PAGE_SIZE) {
        const answer = await api(session).call('GET', '/sell/fulfillment/v1/order', {
          query: { filter, limit: String(ORDERS_PAGE_SIZE), offset: String(offset) },
        });
        const page = parse(OrdersSchema, answer, 'orders');
        for (const order of page.orders) {
          if (order.cancelStatus?.cancelState === 'CANCELED') continue;
          for (const item of order.lineItems) {
            // Items listed on eBay by other means carry no SKU, or not one of ours: the caller matches SKUs.
            if (!item.sku) continue;
            const key = `${order.orderId}\n${item.sku}`;
            const seen = quantities.get(key);
            if (seen) seen.quantity += item.quantity;
            else {
              quantities.set(key, {
                sku: item.sku,
                quantity: item.quantity,
                orderId: order.orderId,
                soldAt: new Date(order.creationDate).toISOString(),
              });
            }
          }
        }
        if (page.orders.length === 0 || offset + page.orders.length >= page.total) break;
      }
      return [...quantities.values()].sort((a, b) => a.soldAt.localeCompare(b.soldAt));
    },
  };
}

/**
 * eBay serves the Identity API from apiz.ebay.com (apiz.sandbox.ebay.com), not api.*; any other host (a
 * proxy, a test server) is taken to serve every API.
 */
export function identityBaseUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === 'api.ebay.com' || url.hostname === 'api.sandbox.ebay.com') {
    url.hostname = `apiz.${url.hostname.slice('api.'.length)}`;
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function progressOf(progress: PublishProgress): EbayProgress {
  const parsed = ProgressSchema.safeParse(progress);
  // Progress is ours, written by this adapter; anything else means starting over, which the SKU keeps safe.
  return parsed.success ? { ...parsed.data, imageUrls: { ...parsed.data.imageUrls } } : { imageUrls: {} };
}

function settingsOf(settings: Record<string, string>): EbayListingSettings {
  return Object.fromEntries(
    [...EBAY_SETTINGS, ...REGULATORY_SETTINGS].flatMap((name) =>
      settings[name]?.trim() ? [[name, settings[name].trim()]] : [],
    ),
  );
}

/** Why a listing cannot go on eBay as it is, in words for the activity list. */
function placementRefusal(missing: MissingRequirement[]): string {
  const reasons = missing.map((requirement) => {
    if (requirement.code === 'marketplace_aspect_required')
      return `this category needs "${requirement.params?.name}", which the listing does not say`;
    if (requirement.code === 'marketplace_condition_not_allowed')
      return `this category takes only these conditions: ${requirement.params?.allowed}`;
    return 'eBay found no category for this item from its title';
  });
  return `eBay cannot list this item: ${reasons.join('; ')}.`;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new MarketplaceError('transient', `eBay's ${what} answer could not be read.`);
  }
  return parsed.data;
}

function expiresAt(issuedAt: number, seconds: number | undefined): string | null {
  return seconds === undefined ? null : new Date(issuedAt + seconds * 1000).toISOString();
}

function fileNameOf(photo: PublishablePhoto): string {
  const extension = photo.mimeType === 'image/png' ? 'png' : photo.mimeType === 'image/webp' ? 'webp' : 'jpg';
  return `${photo.id}.${extension}`;
}
