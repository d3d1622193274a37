// Shopify through its Admin GraphQL API, for one seller's shop at a time. Publishing uploads the photos to staged
// targets, creates the product with productSet (media, one variant with price, SKU and stock at the chosen location,
// status ACTIVE, the taxonomy category that fits the item, if one does) in one mutation, then puts it on the Online Store. The product's id is saved as soon as it exists;
// a retry that lost productSet's answer finds the product by its handle (fixed by the SKU) or, failing that, by SKU,
// so a listing is never published twice. Ending archives the product; sales are read from orders.
import crypto from 'node:crypto';
import type { Currency } from '@snaplist/contract';
import type { ShopifyAppConfig } from '../../../config';
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
  type PublishResult,
  type SoldItem,
} from '../marketplace-adapter';
import {
  authorizeUrl,
  callbackSignatureValid,
  isShopDomain,
  missingScopes,
  normaliseShopDomain,
  requestTokens,
  type ShopifyAppCredentials,
  shopBase,
} from './shopify-auth';
import { SHOPIFY_ACCESS_DENIED, type ShopifyClient, shopifyClient, throwUserErrors } from './shopify-graphql';
import {
  LOCATIONS_QUERY,
  type LocationsData,
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_QUERY,
  type OrderLineItemsData,
  type OrdersData,
  PRICE_MUTATION,
  PRODUCT_BY_HANDLE_QUERY,
  PRODUCT_QUERY,
  PRODUCT_SET_MUTATION,
  PRODUCT_STATUS_MUTATION,
  type PriceData,
  type ProductByHandleData,
  type ProductData,
  type ProductSetData,
  type ProductStatusData,
  type ProductSummary,
  PUBLICATIONS_QUERY,
  PUBLISH_MUTATION,
  type PublicationsData,
  type PublishData,
  type QuantityData,
  quantityMutation,
  SHOP_QUERY,
  type ShopData,
  STAGED_UPLOADS_MUTATION,
  type StagedUploadsData,
  UNINSTALL_MUTATION,
  type UninstallData,
  VARIANTS_BY_SKU_QUERY,
  type VariantsBySkuData,
} from './shopify-operations';
import {
  descriptionHtml,
  photoFilename,
  productHandle,
  productOption,
  productTags,
  SHOPIFY_TITLE_LIMIT,
  shopifyMoney,
} from './shopify-product';
import { taxonomyChooser } from './shopify-taxonomy';

export { normaliseShopDomain } from './shopify-auth';

/** The one setting a seller chooses: the location whose stock the product uses. */
export const SHOPIFY_LOCATION_SETTING = 'locationId';
/** The title of the Online Store's catalog: Shopify's own sales channel, the one a reseller's buyers browse. */
const ONLINE_STORE = 'Online Store';
/** The marketplace code of a product that is in the shop but on no storefront a buyer can reach. */
const SHOPIFY_NO_ONLINE_STORE = 'online_store_missing';
/**
 * Orders are found through Shopify's search, which lists a new order a little after it was placed; reading from
 * a little before `since` keeps a late-indexed order from being missed. The crosslisting module counts each
 * (order, SKU) once, so an order seen twice is harmless.
 */
const SALES_OVERLAP_MS = 10 * 60 * 1000;

/** What publishing saved: the product and the variant and stock it owns (Shopify's GIDs). */
interface ShopifyProgress {
  productId?: string;
  handle?: string;
  variantId?: string;
  inventoryItemId?: string;
  locationId?: string;
}

export function createShopifyAdapter(options: ShopifyAppConfig): MarketplaceAdapter {
  const app: ShopifyAppCredentials = options;
  const taxonomy = taxonomyChooser();

  function clientFor(session: MarketplaceSession): { client: ShopifyClient; shop: string } {
    const shop = session.shop;
    if (!shop || !isShopDomain(shop)) {
      throw new MarketplaceError('rejected', 'This Shopify connection has no shop; connect the shop again.');
    }
    const endpoint = `${shopBase(options.shopUrl, shop)}/admin/api/${options.apiVersion}/graphql.json`;
    return { client: shopifyClient(endpoint, session.accessToken), shop };
  }

  async function requireCurrency(client: ShopifyClient, currency: Currency): Promise<void> {
    const { shop } = await client<ShopData>(SHOP_QUERY);
    if (shop.currencyCode !== currency) {
      throw new MarketplaceError(
        'rejected',
        `The shop sells in ${shop.currencyCode} and this listing is priced in ${currency}. Price it in ${shop.currencyCode} to publish it there.`,
        { marketplaceCode: 'currency_mismatch' },
      );
    }
  }

  /** The product an earlier attempt created: by saved id, then by handle, then by SKU. */
  async function findPublished(
    client: ShopifyClient,
    listing: PublishableListing,
    saved: ShopifyProgress,
  ): Promise<ProductSummary | null> {
    if (saved.productId) {
      const { product } = await client<ProductData>(PRODUCT_QUERY, { id: saved.productId });
      if (product) return product;
    }
    const owns = (product: ProductSummary | null) =>
      product?.variants.nodes.some((variant) => variant.sku === listing.sku) ? product : null;
    const byHandle = await client<ProductByHandleData>(PRODUCT_BY_HANDLE_QUERY, {
      identifier: { handle: productHandle(listing) },
    });
    if (owns(byHandle.productByIdentifier)) return byHandle.productByIdentifier;
    const bySku = await client<VariantsBySkuData>(VARIANTS_BY_SKU_QUERY, {
      query: `sku:${searchQuoted(listing.sku)}`,
    });
    return bySku.productVariants.nodes.find((node) => node.sku === listing.sku)?.product ?? null;
  }

  async function uploadPhotos(client: ShopifyClient, listing: PublishableListing): Promise<string[]> {
    if (listing.photos.length === 0) return [];
    const photos = await Promise.all(
      listing.photos.map(async (photo, index) => ({
        bytes: await photo.bytes(),
        mimeType: photo.mimeType,
        filename: photoFilename(listing, index, photo.mimeType),
      })),
    );
    const { stagedUploadsCreate } = await client<StagedUploadsData>(STAGED_UPLOADS_MUTATION, {
      input: photos.map((photo) => ({
        resource: 'IMAGE',
        filename: photo.filename,
        mimeType: photo.mimeType,
        httpMethod: 'POST',
        fileSize: String(photo.bytes.length),
      })),
    });
    throwUserErrors(stagedUploadsCreate.userErrors);
    const targets = stagedUploadsCreate.stagedTargets ?? [];
    const resourceUrls: string[] = [];
    for (const [index, photo] of photos.entries()) {
      const target = targets[index];
      if (!target) throw new MarketplaceError('transient', 'Shopify gave fewer upload targets than photos.');
      const form = new FormData();
      for (const parameter of target.parameters) form.append(parameter.name, parameter.value);
      // The storage service reads the fields before the file, so the file goes last.
      form.append('file', new Blob([new Uint8Array(photo.bytes)], { type: photo.mimeType }), photo.filename);
      let response: Response;
      try {
        response = await fetch(target.url, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new MarketplaceError('transient', `A photo could not be sent to Shopify: ${String(error)}`);
      }
      if (!response.ok) {
        throw new MarketplaceError(
          response.status >= 500 || response.status === 429 ? 'transient' : 'rejected',
          `Shopify's storage refused a photo (${response.status}).`,
          { status: response.status },
        );
      }
      resourceUrls.push(target.resourceUrl);
    }
    return resourceUrls;
  }

  async function createProduct(
    client: ShopifyClient,
    listing: PublishableListing,
    locationId: string,
    resourceUrls: string[],
  ): Promise<ProductSummary> {
    const option = productOption(listing);
    const category = await taxonomy.categoryFor(client, listing);
    const { productSet } = await client<ProductSetData>(PRODUCT_SET_MUTATION, {
      input: {
        title: listing.title,
        descriptionHtml: descriptionHtml(listing.description),
        handle: productHandle(listing),
        ...(listing.brand ? { vendor: listing.brand } : {}),
        productType: listing.category,
        ...(category ? { category } : {}),
        tags: productTags(listing.tags),
        status: 'ACTIVE',
        productOptions: [{ name: option.name, values: [{ name: option.value }] }],
        files: resourceUrls.map((originalSource) => ({
          originalSource,
          contentType: 'IMAGE',
          alt: listing.title,
        })),
        variants: [
          {
            optionValues: [{ optionName: option.name, name: option.value }],
            price: shopifyMoney(listing.price),
            sku: listing.sku,
            ...(listing.barcode ? { barcode: listing.barcode } : {}),
            inventoryItem: { tracked: true },
            inventoryQuantities: [{ locationId, name: 'available', quantity: listing.quantity }],
          },
        ],
      },
    });
    throwUserErrors(productSet.userErrors);
    if (!productSet.product)
      throw new MarketplaceError('transient', 'Shopify did not return the product it created.');
    return productSet.product;
  }

  async function setStatus(
    client: ShopifyClient,
    productId: string,
    status: 'ACTIVE' | 'ARCHIVED',
  ): Promise<boolean> {
    const { productUpdate } = await client<ProductStatusData>(PRODUCT_STATUS_MUTATION, {
      product: { id: productId, status },
    });
    if (productUpdate.userErrors.length > 0 && !productUpdate.product) {
      const gone = productUpdate.userErrors.some((error) => /does not exist|not found/i.test(error.message));
      if (gone) return false;
    }
    throwUserErrors(productUpdate.userErrors);
    return true;
  }

  async function setPriceAndQuantity(
    client: ShopifyClient,
    ids: Required<Pick<ShopifyProgress, 'productId' | 'variantId' | 'inventoryItemId' | 'locationId'>>,
    change: { price: number; quantity: number },
  ): Promise<void> {
    const { productVariantsBulkUpdate } = await client<PriceData>(PRICE_MUTATION, {
      productId: ids.productId,
      variants: [{ id: ids.variantId, price: shopifyMoney(change.price) }],
    });
    if (productVariantsBulkUpdate.userErrors.some((error) => error.code === 'PRODUCT_DOES_NOT_EXIST')) {
      throw new MarketplaceError('not_found', 'The product is no longer in the Shopify shop.');
    }
    throwUserErrors(productVariantsBulkUpdate.userErrors);
    // Snaplist is where the seller keeps the count, so it is set outright (changeFromQuantity null) rather than
    // compared first. Setting an absolute count twice is harmless, so each call has a key of its own.
    const { inventorySetQuantities } = await client<QuantityData>(quantityMutation(crypto.randomUUID()), {
      input: {
        name: 'available',
        reason: 'correction',
        quantities: [
          {
            inventoryItemId: ids.inventoryItemId,
            locationId: ids.locationId,
            quantity: change.quantity,
            changeFromQuantity: null,
          },
        ],
      },
    });
    throwUserErrors(inventorySetQuantities.userErrors);
  }

  async function onlineStorePublication(client: ShopifyClient): Promise<string | null> {
    let after: string | null = null;
    do {
      const { publications }: PublicationsData = await client<PublicationsData>(PUBLICATIONS_QUERY, {
        after,
      });
      const onlineStore = publications.nodes.find(
        (publication) => publication.catalog?.title === ONLINE_STORE,
      );
      if (onlineStore) return onlineStore.id;
      after = publications.pageInfo.hasNextPage ? publications.pageInfo.endCursor : null;
    } while (after);
    return null;
  }

  /**
   * Puts the product on the Online Store; its storefront address once it is there. A shop without the Online
   * Store channel has no page a buyer could open, so the product is not reported live with a link to nothing.
   */
  async function publishToOnlineStore(client: ShopifyClient, productId: string): Promise<string | null> {
    const publicationId = await onlineStorePublication(client);
    if (!publicationId) {
      throw new MarketplaceError(
        'rejected',
        'The product is in your Shopify shop but not on sale: the shop has no Online Store sales channel. Add the Online Store channel in Shopify, then publish again.',
        { marketplaceCode: SHOPIFY_NO_ONLINE_STORE },
      );
    }
    const { publishablePublish } = await client<PublishData>(PUBLISH_MUTATION, {
      id: productId,
      input: [{ publicationId }],
    });
    throwUserErrors(publishablePublish.userErrors);
    return publishablePublish.publishable?.onlineStoreUrl ?? null;
  }

  return {
    marketplace: 'shopify',

    startAuthorization(input: AuthorizationInput): AuthorizationStart {
      const shop = normaliseShopDomain(input.shop ?? '');
      if (!shop) {
        throw new MarketplaceError('rejected', 'Enter your shop as name.myshopify.com.', {
          marketplaceCode: 'shop_invalid',
        });
      }
      return { url: authorizeUrl(app, shop, input), codeVerifier: null, shop };
    },

    async exchangeCode(input: CodeExchangeInput): Promise<ConnectedAccount> {
      const shop = input.shop;
      if (!shop || !isShopDomain(shop)) {
        throw new MarketplaceError('rejected', 'The shop to connect is unknown; start connecting again.');
      }
      if (!callbackSignatureValid(input.callbackQuery, options.clientSecret)) {
        throw new MarketplaceError('rejected', 'The answer from Shopify is not signed by Shopify.', {
          marketplaceCode: 'hmac_invalid',
        });
      }
      if (input.callbackQuery.shop !== shop) {
        throw new MarketplaceError(
          'rejected',
          'Shopify answered for another shop than the one being connected.',
          { marketplaceCode: 'shop_mismatch' },
        );
      }
      const tokens = await requestTokens(app, shop, { code: input.code }, 'rejected');
      const missing = missingScopes(tokens.scope);
      if (missing.length > 0) {
        throw new MarketplaceError(
          'rejected',
          `Shopify did not grant ${missing.join(', ')}; connect again and agree.`,
          { marketplaceCode: 'scope_missing' },
        );
      }
      const { client } = clientFor({ accessToken: tokens.accessToken, shop, accountId: shop });
      const { shop: details } = await client<ShopData>(SHOP_QUERY);
      const { scope: _granted, ...marketplaceTokens } = tokens;
      return { ...marketplaceTokens, accountName: details.myshopifyDomain, accountId: shop };
    },

    async refresh(tokens: MarketplaceTokens, shop: string | null): Promise<MarketplaceTokens> {
      if (!tokens.refreshToken || !shop) {
        throw new MarketplaceError('auth', "This shop's access cannot be renewed; connect it again.");
      }
      const { scope: _granted, ...refreshed } = await requestTokens(
        app,
        shop,
        { refreshToken: tokens.refreshToken },
        'auth',
      );
      return refreshed;
    },

    async revoke(tokens: MarketplaceTokens, shop: string | null): Promise<void> {
      if (!shop) return;
      // Shopify revokes an app's tokens only by uninstalling it from the shop, which is what disconnecting means.
      try {
        const { client } = clientFor({ accessToken: tokens.accessToken, shop, accountId: shop });
        const { appUninstall } = await client<UninstallData>(UNINSTALL_MUTATION);
        throwUserErrors(appUninstall.userErrors);
      } catch (error) {
        if (error instanceof MarketplaceError && (error.kind === 'auth' || error.kind === 'not_found'))
          return;
        throw error;
      }
    },

    async settingChoices(session) {
      const { client } = clientFor(session);
      const { locations } = await client<LocationsData>(LOCATIONS_QUERY);
      return [
        {
          name: SHOPIFY_LOCATION_SETTING,
          choices: locations.nodes
            .filter((location) => location.isActive)
            .map((location) => ({ value: location.id, label: location.name })),
        },
      ];
    },

    missingRequirements(listing, settings): MissingRequirement[] {
      const missing: MissingRequirement[] = [];
      if (!settings[SHOPIFY_LOCATION_SETTING]) {
        missing.push({ field: `settings.${SHOPIFY_LOCATION_SETTING}`, code: 'marketplace_setting_required' });
      }
      if (listing.title.length > SHOPIFY_TITLE_LIMIT) {
        missing.push({
          field: 'title',
          code: 'marketplace_title_too_long',
          params: { max: SHOPIFY_TITLE_LIMIT },
        });
      }
      return missing;
    },

    async publish(session, listing, settings, progress, saveProgress): Promise<PublishResult> {
      const { client, shop } = clientFor(session);
      const saved = readProgress(progress);
      const locationId = saved.locationId ?? settings[SHOPIFY_LOCATION_SETTING];
      if (!locationId) {
        throw new MarketplaceError('rejected', 'Choose the Shopify location to stock in Settings.', {
          marketplaceCode: 'marketplace_setting_required',
        });
      }
      let product = await findPublished(client, listing, saved);
      if (product) {
        const ids = idsOf(product, locationId);
        if (ids.productId !== saved.productId) await saveProgress(ids);
        if (product.status !== 'ACTIVE') {
          // An archived product coming back: it must sell at today's price and stock.
          await requireCurrency(client, listing.currency);
          await setPriceAndQuantity(client, ids, listing);
          await setStatus(client, ids.productId, 'ACTIVE');
        }
      } else {
        await requireCurrency(client, listing.currency);
        const resourceUrls = await uploadPhotos(client, listing);
        product = await createProduct(client, listing, locationId, resourceUrls);
        await saveProgress(idsOf(product, locationId));
      }
      const storefrontUrl = product.onlineStoreUrl ?? (await publishToOnlineStore(client, product.id));
      return {
        externalId: product.id,
        url: storefrontUrl ?? `https://${shop}/products/${product.handle}`,
        progress: idsOf(product, locationId),
      };
    },

    async updatePriceAndQuantity(session, published, change): Promise<void> {
      const { client } = clientFor(session);
      const saved = readProgress(published.progress);
      const productId = saved.productId ?? published.externalId;
      let { variantId, inventoryItemId } = saved;
      if (!variantId || !inventoryItemId) {
        const { product } = await client<ProductData>(PRODUCT_QUERY, { id: productId });
        const variant = product?.variants.nodes[0];
        if (!variant)
          throw new MarketplaceError('not_found', 'The product is no longer in the Shopify shop.');
        variantId = variant.id;
        inventoryItemId = variant.inventoryItem.id;
      }
      if (!saved.locationId) {
        throw new MarketplaceError(
          'rejected',
          'Snaplist does not know where this product is stocked; publish it again.',
        );
      }
      await requireCurrency(client, change.currency);
      await setPriceAndQuantity(
        client,
        { productId, variantId, inventoryItemId, locationId: saved.locationId },
        change,
      );
    },

    async end(session, published): Promise<void> {
      const { client } = clientFor(session);
      const productId = readProgress(published.progress).productId ?? published.externalId;
      // A product the seller deleted in Shopify has ended as surely as an archived one.
      await setStatus(client, productId, 'ARCHIVED');
    },

    async soldSince(session, since): Promise<SoldItem[]> {
      const { client: shopClient } = clientFor(session);
      const client = ordersClient(shopClient);
      const from = new Date(Date.parse(since) - SALES_OVERLAP_MS).toISOString();
      const sold = new Map<string, SoldItem>();
      let after: string | null = null;
      do {
        const { orders }: OrdersData = await client<OrdersData>(ORDERS_QUERY, {
          query: `created_at:>='${from}'`,
          after,
        });
        for (const order of orders.nodes) {
          if (order.cancelledAt) continue;
          const lines = [...order.lineItems.nodes];
          let page = order.lineItems.pageInfo;
          while (page.hasNextPage) {
            const { order: more }: OrderLineItemsData = await client<OrderLineItemsData>(
              ORDER_LINE_ITEMS_QUERY,
              {
                id: order.id,
                after: page.endCursor,
              },
            );
            if (!more) break;
            lines.push(...more.lineItems.nodes);
            page = more.lineItems.pageInfo;
          }
          for (const line of lines) {
            if (!line.sku) continue;
            // One SoldItem per order and SKU: the module counts a sale once by that pair.
            const key = `${order.id}\n${line.sku}`;
            const counted = sold.get(key);
            if (counted) counted.quantity += line.quantity;
            else
              sold.set(key, {
                sku: line.sku,
                quantity: line.quantity,
                orderId: order.id,
                soldAt: order.createdAt,
              });
          }
        }
        after = orders.pageInfo.hasNextPage ? orders.pageInfo.endCursor : null;
      } while (after);
      return [...sold.values()].sort((a, b) => a.soldAt.localeCompare(b.soldAt));
    },
  };
}

/**
 * Orders hold customers' data, which a public app reads only once Shopify has granted it "protected customer data"
 * access: without it Shopify answers ACCESS_DENIED. That is said as what it is, so the seller is not told to
 * reconnect (which cannot help) and the operator knows what to request.
 */
function ordersClient(client: ShopifyClient): ShopifyClient {
  return async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    try {
      return await client<T>(query, variables);
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.details.marketplaceCode !== SHOPIFY_ACCESS_DENIED)
        throw error;
      throw new MarketplaceError(
        'rejected',
        `Shopify has not granted Snaplist access to orders (protected customer data), so sales there are not synced: ${error.message}`,
        { marketplaceCode: SHOPIFY_ACCESS_DENIED },
      );
    }
  };
}

function readProgress(progress: PublishProgress): ShopifyProgress {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    productId: text(progress.productId),
    handle: text(progress.handle),
    variantId: text(progress.variantId),
    inventoryItemId: text(progress.inventoryItemId),
    locationId: text(progress.locationId),
  };
}

function idsOf(
  product: ProductSummary,
  locationId: string,
): Required<Pick<ShopifyProgress, 'productId' | 'variantId' | 'inventoryItemId' | 'locationId'>> & {
  handle: string;
} {
  const variant = product.variants.nodes[0];
  if (!variant) throw new MarketplaceError('transient', 'Shopify returned the product without its variant.');
  return {
    productId: product.id,
    handle: product.handle,
    variantId: variant.id,
    inventoryItemId: variant.inventoryItem.id,
    locationId,
  };
}

/** A value in Shopify's search syntax, quoted so a SKU with spaces or colons stays one term. */
function searchQuoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
