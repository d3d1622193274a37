// The Etsy adapter (decision 031): OAuth 2 with PKCE, then Etsy's own listing flow: a draft in the leaf of
// Etsy's seller taxonomy the item belongs to, its inventory (price, quantity and our SKU), the node's properties
// the listing fills, the photos, then state `active`. Ending a listing sets it `inactive`; sales are read from
// the shop's receipts. The shop id is the one the connection kept (`session.accountId`); `users/me` is asked only
// for a connection that kept none. The taxonomy and its properties are Etsy's, not a seller's: cached for all.
import crypto from 'node:crypto';
import type { Currency } from '@snaplist/contract';
import type { EtsyAppConfig } from '../../../config';
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
  type PublishProgress,
  type SoldItem,
} from '../marketplace-adapter';
import { type EtsyClient, type EtsyTokenResponse, etsyClient } from './etsy-client';
import {
  ETSY_MAX_IMAGES,
  ETSY_TITLE_LENGTH,
  etsyMaterials,
  etsyPrice,
  etsyTags,
  etsyTitle,
  etsyWhenMade,
  isVintage,
  WHO_MADE,
} from './etsy-listing';
import {
  type EtsyPropertyChoice,
  type EtsyPropertyReading,
  type EtsyTaxonomyNode,
  type EtsyTaxonomyProperty,
  etsyNodeFor,
  etsyPropertyValues,
} from './etsy-taxonomy';

/** Read listings and shops (shipping and processing profiles), write listings, read receipts. */
export const ETSY_SCOPES = ['listings_r', 'listings_w', 'shops_r', 'transactions_r'] as const;
/** Etsy's documented refresh-token lifetime; its token answer does not say. */
const REFRESH_TOKEN_DAYS = 90;
/** Etsy's largest page of receipts. */
const RECEIPTS_PAGE = 100;
/** A draft created this long before the request was recorded still counts as ours (clock skew). */
const DRAFT_CLOCK_SKEW_SECONDS = 300;
/** Etsy's taxonomy and its properties change a few times a year: asked again once a day. */
const TAXONOMY_CACHE_MS = 24 * 60 * 60 * 1000;

/** The settings a seller chooses once per Etsy connection. */
export const ETSY_SETTINGS = {
  shippingProfileId: 'shippingProfileId',
  /** Etsy's processing profile ("ready to ship in 1-2 days"), required on physical listings. */
  readinessStateId: 'readinessStateId',
} as const;

interface EtsyMe {
  user_id: number;
  shop_id: number | null;
}

interface EtsyShop {
  shop_id: number;
  shop_name: string;
  currency_code: string;
}

interface EtsyListing {
  listing_id: number;
  title: string;
  state: string;
  url: string | null;
  created_timestamp: number;
}

interface EtsyListImage {
  listing_image_id: number;
  rank: number;
}

interface EtsyPage<T> {
  count: number;
  results: T[];
}

interface EtsyShippingProfile {
  shipping_profile_id: number;
  title: string | null;
}

interface EtsyReadinessState {
  readiness_state_id: number;
  readiness_state: string;
  min_processing_days: number | null;
  max_processing_days: number | null;
  processing_days_display_label: string | null;
}

interface EtsyReceipt {
  receipt_id: number;
  status: string;
  created_timestamp: number;
  transactions: Array<{ transaction_id: number; sku: string | null; quantity: number }>;
}

/**
 * What publishing has done so far, saved after every step that created something on Etsy. `draftRequestedAt`
 * is saved before the draft is asked for: when the answer is lost, the retry finds that draft instead of
 * creating another.
 */
interface EtsyProgress {
  shopId?: number;
  currency?: string;
  readinessStateId?: number;
  draftRequestedAt?: number;
  listingId?: number;
  /** Our photo id → Etsy's listing_image_id. */
  images?: Record<string, number>;
  /** The property ids set with updateListingProperty. */
  properties?: number[];
}

/** Where the item goes on Etsy: the taxonomy node (null when none fits) and the node's properties it fills. */
interface EtsyPlacement {
  node: EtsyTaxonomyNode | null;
  properties: EtsyPropertyReading;
}

export function createEtsyAdapter(options: EtsyAppConfig): MarketplaceAdapter {
  const etsy = etsyClient(options);
  const taxonomy = cachedForADay(async () => {
    const tree = await etsy.call<EtsyPage<EtsyTaxonomyNode>>({
      method: 'GET',
      path: '/v3/application/seller-taxonomy/nodes',
    });
    return tree.results;
  });
  const nodeProperties = new Map<number, () => Promise<EtsyTaxonomyProperty[]>>();
  function propertiesOf(taxonomyId: number): Promise<EtsyTaxonomyProperty[]> {
    let cached = nodeProperties.get(taxonomyId);
    if (!cached) {
      cached = cachedForADay(async () => {
        const properties = await etsy.call<EtsyPage<EtsyTaxonomyProperty>>({
          method: 'GET',
          path: `/v3/application/seller-taxonomy/nodes/${taxonomyId}/properties`,
        });
        return properties.results;
      });
      nodeProperties.set(taxonomyId, cached);
    }
    return cached();
  }

  async function placementOf(listing: PublishableListing): Promise<EtsyPlacement> {
    const node = etsyNodeFor(await taxonomy(), listing);
    if (!node) return { node, properties: { filled: [], missing: [] } };
    return { node, properties: etsyPropertyValues(await propertiesOf(node.id), listing) };
  }

  async function endListing(
    session: MarketplaceSession,
    published: { externalId: string; progress: PublishProgress },
  ): Promise<void> {
    const listingId = etsyListingId(published.externalId);
    let listing: EtsyListing;
    try {
      listing = await etsy.call<EtsyListing>({
        method: 'GET',
        path: `/v3/application/listings/${listingId}`,
        accessToken: session.accessToken,
      });
    } catch (error) {
      // Deleted on Etsy: nothing is for sale any more.
      if (error instanceof MarketplaceError && error.kind === 'not_found') return;
      throw error;
    }
    // Sold out, expired, inactive or never published: nobody can buy it already.
    if (listing.state !== 'active') return;
    const shopId = readProgress(published.progress).shopId ?? (await shopIdFor(etsy, session));
    await setState(etsy, session, shopId, listingId, 'inactive');
  }

  return {
    marketplace: 'etsy',

    startAuthorization(input: AuthorizationInput): AuthorizationStart {
      const codeVerifier = crypto.randomBytes(48).toString('base64url');
      const codeChallenge = crypto.createHash('sha256').update(codeVerifier).digest('base64url');
      const query = {
        response_type: 'code',
        redirect_uri: input.redirectUri,
        scope: ETSY_SCOPES.join(' '),
        client_id: options.apiKey,
        state: input.state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      };
      // Etsy's documentation spells the scope list with %20, which URLSearchParams would write as +.
      const search = Object.entries(query)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&');
      return { url: `${new URL('/oauth/connect', options.authUrl)}?${search}`, codeVerifier, shop: null };
    },

    async exchangeCode(input: CodeExchangeInput): Promise<ConnectedAccount> {
      if (!input.codeVerifier) {
        throw new MarketplaceError('auth', 'The PKCE code verifier of this connection is missing.');
      }
      const tokens = tokensFrom(
        await etsy.token({
          grant_type: 'authorization_code',
          client_id: options.apiKey,
          redirect_uri: input.redirectUri,
          code: input.code,
          code_verifier: input.codeVerifier,
        }),
      );
      const me = await etsy.call<EtsyMe>({
        method: 'GET',
        path: '/v3/application/users/me',
        accessToken: tokens.accessToken,
      });
      if (me.shop_id === null || me.shop_id === undefined) {
        throw new MarketplaceError(
          'rejected',
          'This Etsy account has no shop yet. Open your shop on Etsy, then connect it.',
        );
      }
      const shop = await getShop(etsy, me.shop_id);
      return { ...tokens, accountName: shop.shop_name, accountId: String(shop.shop_id) };
    },

    async refresh(tokens: MarketplaceTokens): Promise<MarketplaceTokens> {
      if (!tokens.refreshToken) {
        throw new MarketplaceError('auth', 'No Etsy refresh token is stored: connect again.');
      }
      return tokensFrom(
        await etsy.token({
          grant_type: 'refresh_token',
          client_id: options.apiKey,
          refresh_token: tokens.refreshToken,
        }),
      );
    },

    // Etsy has no token revocation endpoint: a seller removes the app's access under Apps on etsy.com.
    async revoke(): Promise<void> {},

    async settingChoices(session: MarketplaceSession) {
      const shopId = await shopIdFor(etsy, session);
      const [shipping, readiness] = await Promise.all([
        etsy.call<EtsyPage<EtsyShippingProfile>>({
          method: 'GET',
          path: `/v3/application/shops/${shopId}/shipping-profiles`,
          accessToken: session.accessToken,
        }),
        etsy.call<EtsyPage<EtsyReadinessState>>({
          method: 'GET',
          path: `/v3/application/shops/${shopId}/readiness-state-definitions`,
          accessToken: session.accessToken,
        }),
      ]);
      return [
        {
          name: ETSY_SETTINGS.shippingProfileId,
          choices: shipping.results.map((profile) => ({
            value: String(profile.shipping_profile_id),
            label: profile.title ?? String(profile.shipping_profile_id),
          })),
        },
        {
          name: ETSY_SETTINGS.readinessStateId,
          // A second-hand item exists already: only the "ready to ship" processing profiles fit it.
          choices: readiness.results
            .filter((state) => state.readiness_state === 'ready_to_ship')
            .map((state) => ({ value: String(state.readiness_state_id), label: processingLabel(state) })),
        },
      ];
    },

    async missingRequirements(listing, settings): Promise<MissingRequirement[]> {
      const missing: MissingRequirement[] = [];
      for (const name of Object.values(ETSY_SETTINGS)) {
        if (!positiveId(settings[name])) {
          missing.push({ field: `settings.${name}`, code: 'marketplace_setting_required' });
        }
      }
      if (listing.price <= 0) missing.push({ field: 'price', code: 'price_required_to_publish' });
      if (listing.photos.length === 0) missing.push({ field: 'photos', code: 'photo_required_to_publish' });
      if (listing.title.length > ETSY_TITLE_LENGTH) {
        missing.push({
          field: 'title',
          code: 'marketplace_title_too_long',
          params: { max: ETSY_TITLE_LENGTH },
        });
      }
      if (!isVintage(listing.category)) {
        missing.push({ field: 'category', code: 'etsy_vintage_only' });
        return missing;
      }
      let placement: EtsyPlacement;
      try {
        placement = await placementOf(listing);
      } catch (error) {
        // Etsy unreachable or busy: publishing asks again and is retried until it answers.
        if (
          error instanceof MarketplaceError &&
          (error.kind === 'transient' || error.kind === 'rate_limited')
        ) {
          return missing;
        }
        throw error;
      }
      return [...missing, ...placementRequirements(placement)];
    },

    async publish(session, listing, settings, savedProgress, saveProgress) {
      // Checked before anything is sent: Etsy refuses it anyway ("Oh dear, you cannot sell this item on Etsy").
      if (!isVintage(listing.category)) {
        throw new MarketplaceError(
          'rejected',
          'Etsy only accepts second-hand items that are vintage (at least 20 years old). Set the category to Vintage to publish there.',
          { marketplaceCode: 'not_vintage' },
        );
      }
      const shippingProfileId = positiveId(settings[ETSY_SETTINGS.shippingProfileId]);
      const readinessStateId = positiveId(settings[ETSY_SETTINGS.readinessStateId]);
      if (!shippingProfileId || !readinessStateId) {
        throw new MarketplaceError(
          'rejected',
          'Choose a shipping profile and a processing time for Etsy in Settings.',
        );
      }
      const placement = await placementOf(listing);
      const node = placement.node;
      if (!node) {
        throw new MarketplaceError(
          'rejected',
          'Etsy has no category for this item from its title: make the title say what the item is and whose (women’s, men’s, kids’).',
          { marketplaceCode: 'category_not_found' },
        );
      }
      if (placement.properties.missing.length > 0) {
        throw new MarketplaceError(
          'rejected',
          `Etsy needs ${placement.properties.missing.map((name) => `“${name}”`).join(', ')} for ${node.name}, which the listing does not say.`,
          { marketplaceCode: 'property_required' },
        );
      }
      let progress = readProgress(savedProgress);
      const save = async (next: EtsyProgress) => {
        progress = next;
        await saveProgress({ ...next });
      };
      const shopId = progress.shopId ?? (await shopIdFor(etsy, session));
      const currency = progress.currency ?? (await getShop(etsy, shopId)).currency_code;
      if (currency !== listing.currency) throw currencyMismatch(currency, listing.currency);
      const title = etsyTitle(listing.title);

      let listingId =
        progress.listingId ?? (await findRequestedDraft(etsy, session, shopId, title, progress));
      const resuming = listingId !== undefined;
      if (listingId === undefined) {
        await save({ ...progress, shopId, currency, readinessStateId, draftRequestedAt: nowSeconds() });
        const draft = await etsy.call<EtsyListing>({
          method: 'POST',
          path: `/v3/application/shops/${shopId}/listings`,
          accessToken: session.accessToken,
          body: {
            form: draftForm(listing, title, node.id, { shippingProfileId, readinessStateId }),
          },
        });
        listingId = draft.listing_id;
      }
      if (progress.listingId !== listingId) {
        await save({ ...progress, shopId, currency, readinessStateId, listingId });
      }

      // Idempotent: it sets the whole inventory, so a retry simply sets it again.
      await putInventory(etsy, session, listingId, {
        sku: listing.sku,
        price: listing.price,
        quantity: listing.quantity,
        readinessStateId,
      });

      for (const choice of placement.properties.filled) {
        if (progress.properties?.includes(choice.propertyId)) continue;
        await putProperty(etsy, session, { shopId, listingId }, choice);
        await save({ ...progress, properties: [...(progress.properties ?? []), choice.propertyId] });
      }

      const photos = listing.photos.slice(0, ETSY_MAX_IMAGES);
      // An upload whose answer was lost left its image on the listing at the rank it asked for: adopt it.
      const resumed = resuming && photos.some((photo) => progress.images?.[photo.id] === undefined);
      const uploadedByRank = resumed
        ? await imagesByRank(etsy, session, listingId)
        : new Map<number, number>();
      for (const [index, photo] of photos.entries()) {
        if (progress.images?.[photo.id] !== undefined) continue;
        const adopted = uploadedByRank.get(index + 1);
        if (adopted !== undefined && !Object.values(progress.images ?? {}).includes(adopted)) {
          await save({ ...progress, images: { ...progress.images, [photo.id]: adopted } });
          continue;
        }
        const form = new FormData();
        const bytes = await photo.bytes();
        form.append(
          'image',
          new Blob([new Uint8Array(bytes)], { type: photo.mimeType }),
          photoFileName(photo),
        );
        form.append('rank', String(index + 1));
        const image = await etsy.call<EtsyListImage>({
          method: 'POST',
          path: `/v3/application/shops/${shopId}/listings/${listingId}/images`,
          accessToken: session.accessToken,
          body: { multipart: form },
        });
        await save({ ...progress, images: { ...progress.images, [photo.id]: image.listing_image_id } });
      }

      const live = await setState(etsy, session, shopId, listingId, 'active');
      return {
        externalId: String(listingId),
        url: live.url ?? new URL(`/listing/${listingId}`, options.authUrl).toString(),
        progress: { ...progress },
      };
    },

    async updatePriceAndQuantity(session, published, change) {
      const progress = readProgress(published.progress);
      if (progress.currency && progress.currency !== change.currency) {
        throw currencyMismatch(progress.currency, change.currency);
      }
      // Etsy keeps no active listing without stock: none left means the listing ends.
      if (change.quantity <= 0) {
        await endListing(session, published);
        return;
      }
      await putInventory(etsy, session, etsyListingId(published.externalId), {
        sku: published.sku,
        price: change.price,
        quantity: change.quantity,
        readinessStateId: progress.readinessStateId,
      });
    },

    end: endListing,

    async soldSince(session, since): Promise<SoldItem[]> {
      const shopId = await shopIdFor(etsy, session);
      const minCreated = Math.floor(Date.parse(since) / 1000);
      const receipts: EtsyReceipt[] = [];
      for (let offset = 0; ; offset += RECEIPTS_PAGE) {
        const page = await etsy.call<EtsyPage<EtsyReceipt>>({
          method: 'GET',
          path: `/v3/application/shops/${shopId}/receipts`,
          accessToken: session.accessToken,
          query: {
            min_created: String(minCreated),
            limit: String(RECEIPTS_PAGE),
            offset: String(offset),
            sort_on: 'created',
            sort_order: 'asc',
          },
        });
        receipts.push(...page.results);
        if (page.results.length < RECEIPTS_PAGE || offset + page.results.length >= page.count) break;
      }
      return receipts
        .filter((receipt) => receipt.status.toLowerCase() !== 'canceled')
        .sort((a, b) => a.created_timestamp - b.created_timestamp)
        .flatMap((receipt) =>
          receipt.transactions
            .filter((transaction) => transaction.sku)
            .map((transaction) => ({
              sku: transaction.sku ?? '',
              quantity: transaction.quantity,
              // One receipt can hold several of our listings: each transaction is a sale of its own.
              orderId: `${receipt.receipt_id}-${transaction.transaction_id}`,
              soldAt: new Date(receipt.created_timestamp * 1000).toISOString(),
            })),
        );
    },
  };
}

function tokensFrom(answer: EtsyTokenResponse): MarketplaceTokens {
  const now = Date.now();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessTokenExpiresAt: new Date(now + answer.expires_in * 1000).toISOString(),
    refreshTokenExpiresAt: new Date(now + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  };
}

/** The shop the connection kept; `users/me` only for a connection made before it kept one. */
async function shopIdFor(etsy: EtsyClient, session: MarketplaceSession): Promise<number> {
  const kept = positiveId(session.accountId ?? undefined);
  if (kept) return kept;
  const me = await etsy.call<EtsyMe>({
    method: 'GET',
    path: '/v3/application/users/me',
    accessToken: session.accessToken,
  });
  if (me.shop_id === null || me.shop_id === undefined) {
    throw new MarketplaceError('rejected', 'This Etsy account has no shop any more.');
  }
  return me.shop_id;
}

function getShop(etsy: EtsyClient, shopId: number): Promise<EtsyShop> {
  return etsy.call<EtsyShop>({ method: 'GET', path: `/v3/application/shops/${shopId}` });
}

/** The draft a lost answer left behind: ours if it carries our title and was created after we asked. */
async function findRequestedDraft(
  etsy: EtsyClient,
  session: MarketplaceSession,
  shopId: number,
  title: string,
  progress: EtsyProgress,
): Promise<number | undefined> {
  if (progress.draftRequestedAt === undefined) return undefined;
  const requestedAt = progress.draftRequestedAt;
  const drafts = await etsy.call<EtsyPage<EtsyListing>>({
    method: 'GET',
    path: `/v3/application/shops/${shopId}/listings`,
    accessToken: session.accessToken,
    query: { state: 'draft', limit: '100', sort_on: 'created', sort_order: 'desc' },
  });
  const ours = drafts.results
    .filter(
      (draft) => draft.title === title && draft.created_timestamp >= requestedAt - DRAFT_CLOCK_SKEW_SECONDS,
    )
    .sort((a, b) => b.created_timestamp - a.created_timestamp);
  return ours[0]?.listing_id;
}

function draftForm(
  listing: PublishableListing,
  title: string,
  taxonomyId: number,
  settings: { shippingProfileId: number; readinessStateId: number },
): Record<string, string> {
  const form: Record<string, string> = {
    quantity: String(listing.quantity),
    title,
    description: listing.description,
    price: etsyPrice(listing.price),
    who_made: WHO_MADE,
    when_made: etsyWhenMade(title),
    is_supply: 'false',
    taxonomy_id: String(taxonomyId),
    type: 'physical',
    shipping_profile_id: String(settings.shippingProfileId),
    readiness_state_id: String(settings.readinessStateId),
  };
  // Etsy's form encoding takes a list as comma-separated values; its tag and material rules exclude commas.
  const tags = etsyTags(listing.tags);
  if (tags.length > 0) form.tags = tags.join(',');
  const materials = etsyMaterials(listing.composition);
  if (materials.length > 0) form.materials = materials.join(',');
  return form;
}

async function putInventory(
  etsy: EtsyClient,
  session: MarketplaceSession,
  listingId: number,
  offer: { sku: string; price: number; quantity: number; readinessStateId: number | undefined },
): Promise<void> {
  await etsy.call({
    method: 'PUT',
    path: `/v3/application/listings/${listingId}/inventory`,
    accessToken: session.accessToken,
    body: {
      json: {
        products: [
          {
            sku: offer.sku,
            property_values: [],
            offerings: [
              {
                price: Number(etsyPrice(offer.price)),
                quantity: offer.quantity,
                is_enabled: true,
                ...(offer.readinessStateId !== undefined && { readiness_state_id: offer.readinessStateId }),
              },
            ],
          },
        ],
        price_on_property: [],
        quantity_on_property: [],
        sku_on_property: [],
      },
    },
  });
}

/** updateListingProperty: sets the whole property, so sending it again changes nothing. */
async function putProperty(
  etsy: EtsyClient,
  session: MarketplaceSession,
  where: { shopId: number; listingId: number },
  choice: EtsyPropertyChoice,
): Promise<void> {
  const form: Record<string, string> = {
    value_ids: choice.valueIds.join(','),
    // Etsy refuses parentheses in values; the value ids say which values they are.
    values: choice.values.map((value) => value.replace(/[()]/g, '').trim()).join(','),
  };
  if (choice.scaleId !== null) form.scale_id = String(choice.scaleId);
  await etsy.call({
    method: 'PUT',
    path: `/v3/application/shops/${where.shopId}/listings/${where.listingId}/properties/${choice.propertyId}`,
    accessToken: session.accessToken,
    body: { form },
  });
}

/** What the seller is asked for before publishing: a category the words give, the node's required properties. */
function placementRequirements(placement: EtsyPlacement): MissingRequirement[] {
  if (!placement.node) {
    return [{ field: 'category', code: 'marketplace_category_not_found', params: { marketplace: 'Etsy' } }];
  }
  return placement.properties.missing.map((name) => ({
    field: `aspects.${name}`,
    code: 'marketplace_aspect_required',
    params: { marketplace: 'Etsy', name },
  }));
}

/** One shared answer per day; a failed fetch is not kept, so the next caller asks again. */
function cachedForADay<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: { value: Promise<T>; expiresAt: number } | undefined;
  return () => {
    const now = Date.now();
    if (cached && cached.expiresAt > now) return cached.value;
    const entry = { value: load(), expiresAt: now + TAXONOMY_CACHE_MS };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.value;
  };
}

/** The listing's images by rank (getListingImages), to adopt an upload whose answer was lost. */
async function imagesByRank(
  etsy: EtsyClient,
  session: MarketplaceSession,
  listingId: number,
): Promise<Map<number, number>> {
  const images = await etsy.call<EtsyPage<EtsyListImage>>({
    method: 'GET',
    path: `/v3/application/listings/${listingId}/images`,
    accessToken: session.accessToken,
  });
  return new Map(images.results.map((image) => [image.rank, image.listing_image_id]));
}

function setState(
  etsy: EtsyClient,
  session: MarketplaceSession,
  shopId: number,
  listingId: number,
  state: 'active' | 'inactive',
): Promise<EtsyListing> {
  return etsy.call<EtsyListing>({
    method: 'PATCH',
    path: `/v3/application/shops/${shopId}/listings/${listingId}`,
    accessToken: session.accessToken,
    body: { form: { state } },
  });
}

function currencyMismatch(shopCurrency: string, listingCurrency: Currency): MarketplaceError {
  return new MarketplaceError(
    'rejected',
    `Your Etsy shop sells in ${shopCurrency} and this listing is priced in ${listingCurrency}. Price it in ${shopCurrency} to publish it on Etsy.`,
    { marketplaceCode: 'currency_mismatch' },
  );
}

function processingLabel(state: EtsyReadinessState): string {
  if (state.processing_days_display_label) return state.processing_days_display_label;
  return `${state.min_processing_days ?? '?'}-${state.max_processing_days ?? '?'} days`;
}

function photoFileName(photo: { id: string; mimeType: string }): string {
  const extension = photo.mimeType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'jpg';
  return `${photo.id}.${extension}`;
}

function etsyListingId(externalId: string): number {
  const id = positiveId(externalId);
  if (!id) throw new MarketplaceError('not_found', `${externalId} is not an Etsy listing id.`);
  return id;
}

function positiveId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Saved progress is JSON from the database: keep only what has the expected shape. */
function readProgress(saved: PublishProgress): EtsyProgress {
  const progress: EtsyProgress = {};
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  const shopId = number(saved.shopId);
  if (shopId !== undefined) progress.shopId = shopId;
  if (typeof saved.currency === 'string') progress.currency = saved.currency;
  const readinessStateId = number(saved.readinessStateId);
  if (readinessStateId !== undefined) progress.readinessStateId = readinessStateId;
  const draftRequestedAt = number(saved.draftRequestedAt);
  if (draftRequestedAt !== undefined) progress.draftRequestedAt = draftRequestedAt;
  const listingId = number(saved.listingId);
  if (listingId !== undefined) progress.listingId = listingId;
  if (Array.isArray(saved.properties)) {
    progress.properties = saved.properties.filter((id): id is number => number(id) !== undefined);
  }
  if (typeof saved.images === 'object' && saved.images !== null) {
    const images = Object.entries(saved.images).filter(
      (entry): entry is [string, number] => number(entry[1]) !== undefined,
    );
    progress.images = Object.fromEntries(images);
  }
  return progress;
}
