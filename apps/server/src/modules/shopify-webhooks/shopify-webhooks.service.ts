// Shopify's webhooks to the app: each one's X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the exact body with the
// app's client secret) checked in constant time before anything is read, then its topic (X-Shopify-Topic):
// - customers/data_request, customers/redact: acknowledged. Snaplist keeps no data about a shop's customers (it
//   reads an order's SKUs and quantities, never who bought), so there is nothing to send or erase.
// - shop/redact (48 hours after a shop uninstalled the app): the shop's connections, their tokens and any consent
//   round trip for it are deleted. The sellers' own listings and their publication records stay theirs.
// - app/uninstalled: Shopify has revoked the app's tokens; each connection to the shop is marked to reconnect.
// - orders/create: each line whose SKU is a seller's publication is a sale, applied once per (order, SKU) by the
//   same path as the periodic sync, so the other marketplaces' copies are ended within seconds.
// The body (signed) names the shop where it can: the compliance topics' `shop_domain`, app/uninstalled's
// `myshopify_domain`. An order's body does not, so orders/create takes X-Shopify-Shop-Domain.
import crypto from 'node:crypto';
import { PlanMessages } from '@snaplist/contract';
import { z } from 'zod';
import type { MarketplacesConfig } from '../../config';
import { AppError } from '../../errors';
import type { SoldItem } from '../../platform/marketplaces/marketplace-adapter';
import { applySales, type SalesSyncDeps } from '../crosslisting/sales-sync';
import type { ShopifyShopsRepository } from './shopify-shops.repository';

export interface ShopifyWebhooksDeps extends Pick<SalesSyncDeps, 'publications' | 'publishing'> {
  shops: ShopifyShopsRepository;
  /** The app's client secret: Shopify signs every webhook with it. */
  clientSecret: string;
  log: { info(object: object, message: string): void };
  now: () => Date;
}

export interface ShopifyWebhook {
  body: Buffer;
  hmac: string | undefined;
  topic: string | undefined;
  shopDomain: string | undefined;
}

/** What the webhook did, for the log: never a customer's data. */
export interface WebhookOutcome {
  topic: string;
  shop: string | null;
  connections: number;
  sales: number;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const ShopDomainSchema = z.string().regex(SHOP_DOMAIN);
const CompliancePayloadSchema = z.object({ shop_domain: ShopDomainSchema });
const ShopPayloadSchema = z.object({ myshopify_domain: ShopDomainSchema });
const OrderPayloadSchema = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  created_at: z.iso.datetime({ offset: true }),
  cancelled_at: z.string().nullable().optional(),
  line_items: z.array(
    z.object({ sku: z.string().nullable().optional(), quantity: z.number().int().nonnegative() }),
  ),
});

export class ShopifyWebhooksService {
  constructor(private readonly deps: ShopifyWebhooksDeps) {}

  async receive(webhook: ShopifyWebhook): Promise<WebhookOutcome> {
    if (!signatureValid(webhook.body, webhook.hmac, this.deps.clientSecret)) {
      throw new AppError('invalid_signature', 401, PlanMessages.invalidSignature);
    }
    const topic = webhook.topic ?? '';
    const payload = parseJson(webhook.body);
    const outcome: WebhookOutcome = { topic, shop: null, connections: 0, sales: 0 };
    switch (topic) {
      case 'customers/data_request':
      case 'customers/redact':
        outcome.shop = read(CompliancePayloadSchema, payload).shop_domain;
        break;
      case 'shop/redact':
        outcome.shop = read(CompliancePayloadSchema, payload).shop_domain;
        outcome.connections = await this.deps.shops.deleteShop(outcome.shop);
        break;
      case 'app/uninstalled':
        outcome.shop = read(ShopPayloadSchema, payload).myshopify_domain;
        outcome.connections = await this.deps.shops.markUninstalled(
          outcome.shop,
          this.deps.now().toISOString(),
        );
        break;
      case 'orders/create': {
        outcome.shop = read(ShopDomainSchema, webhook.shopDomain);
        const sold = soldItems(read(OrderPayloadSchema, payload));
        for (const connection of await this.deps.shops.connections(outcome.shop)) {
          outcome.connections++;
          outcome.sales += await applySales(
            this.deps,
            { ownerId: connection.ownerId, marketplace: 'shopify' },
            sold,
          );
        }
        break;
      }
      default:
        // A topic subscribed by mistake is acknowledged: Shopify would otherwise retry it for days.
        break;
    }
    this.deps.log.info({ ...outcome }, 'Shopify webhook received');
    return outcome;
  }
}

/** The service where a Shopify app is configured; undefined otherwise, as nothing could check a webhook. */
export function createShopifyWebhooks(
  config: { marketplaces: Pick<MarketplacesConfig, 'shopify'> },
  deps: Omit<ShopifyWebhooksDeps, 'clientSecret'>,
): ShopifyWebhooksService | undefined {
  const shopify = config.marketplaces.shopify;
  return shopify ? new ShopifyWebhooksService({ ...deps, clientSecret: shopify.clientSecret }) : undefined;
}

/** Compared in constant time, over the exact bytes that arrived. */
export function signatureValid(body: Buffer, hmac: string | undefined, secret: string): boolean {
  if (!hmac) return false;
  const expected = crypto.createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(hmac, 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * The order's lines as the periodic sync reads them: by the order's GraphQL id (so a sale seen by both counts
 * once), the lines of one SKU summed, nothing from a cancelled order.
 */
function soldItems(order: z.output<typeof OrderPayloadSchema>): SoldItem[] {
  if (order.cancelled_at) return [];
  const orderId = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const soldAt = new Date(order.created_at).toISOString();
  const bySku = new Map<string, SoldItem>();
  for (const line of order.line_items) {
    if (!line.sku || line.quantity === 0) continue;
    const counted = bySku.get(line.sku);
    if (counted) counted.quantity += line.quantity;
    else bySku.set(line.sku, { sku: line.sku, quantity: line.quantity, orderId, soldAt });
  }
  return [...bySku.values()];
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('malformed_json', 400, 'The webhook body is not JSON.');
  }
}

function read<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('bad_request', 400, 'The webhook does not carry what its topic should.');
  }
  return parsed.data;
}
