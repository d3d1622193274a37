// The fake eBay, Etsy and Shopify run in global setup's process and the journeys in worker processes of their
// own, so a journey reaches them through this small HTTP server: to make a buyer buy, and to read what each
// marketplace holds and how many calls about listings it received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublishingMarketplace } from '@snaplist/contract';
import type {
  FakeEbay,
  FakeEbayOffer,
  FakeEtsy,
  FakeEtsyListing,
  FakeShopify,
  FakeShopifyProduct,
} from '@snaplist/server/testing';

/** Where a journey finds this server (Playwright passes global setup's environment to the workers). */
export const MARKETPLACE_FAKES_URL_ENV = 'SNAPLIST_E2E_MARKETPLACE_FAKES_URL';

export interface MarketplaceFakes {
  ebay: FakeEbay;
  etsy: FakeEtsy;
  shopify: FakeShopify;
}

/** What the marketplaces hold, in their own words, and how many calls about a listing each received. */
export interface MarketplaceHoldings {
  ebay: {
    listingCalls: number;
    offers: Array<Pick<FakeEbayOffer, 'sku' | 'status' | 'listingStatus'>>;
  };
  etsy: { listingCalls: number; listings: Array<Pick<FakeEtsyListing, 'sku' | 'state'>> };
  shopify: {
    listingCalls: number;
    products: Array<Pick<FakeShopifyProduct, 'status'> & { skus: string[] }>;
  };
}

export interface Sale {
  marketplace: PublishingMarketplace;
  sku: string;
  quantity: number;
}

// Calls that publish, change or end a listing, or upload its photos; reading policies, shops, locations and
// orders is not one.
const EBAY_LISTING_PATH = /^\/(sell\/inventory\/v1\/(inventory_item|offer|bulk_)|commerce\/media\/)/;
const ETSY_LISTING_PATH = /\/listings(\/|$)/;
const SHOPIFY_UPLOAD_PATH = /^\/staged-uploads/;
const SHOPIFY_LISTING_FIELD = /^(product|stagedUploads|publishable|inventory)/;

export function holdingsOf({ ebay, etsy, shopify }: MarketplaceFakes): MarketplaceHoldings {
  return {
    ebay: {
      listingCalls: ebay.requests.filter((request) => EBAY_LISTING_PATH.test(request.path)).length,
      offers: [...ebay.account().offers.values()].map(({ sku, status, listingStatus }) => ({
        sku,
        status,
        listingStatus,
      })),
    },
    etsy: {
      listingCalls: etsy.requests.filter((request) => ETSY_LISTING_PATH.test(request.path)).length,
      listings: etsy.listings.map(({ sku, state }) => ({ sku, state })),
    },
    shopify: {
      listingCalls: shopify.requests.filter(
        (request) =>
          SHOPIFY_UPLOAD_PATH.test(request.path) ||
          (request.operation ?? '').split(',').some((field) => SHOPIFY_LISTING_FIELD.test(field)),
      ).length,
      products: shopify.products.map((product) => ({
        status: product.status,
        skus: product.variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
      })),
    },
  };
}

function sell(fakes: MarketplaceFakes, { marketplace, sku, quantity }: Sale): void {
  if (marketplace === 'ebay') fakes.ebay.sell(sku, quantity);
  else if (marketplace === 'etsy') fakes.etsy.sell(sku, quantity);
  else fakes.shopify.sell(sku, quantity);
}

/** GET /holdings answers MarketplaceHoldings; POST /sales with a Sale makes a buyer buy (400 with why not). */
export async function serveMarketplaceFakes(
  fakes: MarketplaceFakes,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      try {
        if (request.method === 'GET' && request.url === '/holdings') return answer(200, holdingsOf(fakes));
        if (request.method === 'POST' && request.url === '/sales') {
          sell(fakes, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sale);
          return answer(201, {});
        }
        answer(404, { error: `${request.method} ${request.url} is not served here` });
      } catch (error) {
        answer(400, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The journey's side: the fakes as global setup started them. */
export function marketplaceFakes() {
  const url = process.env[MARKETPLACE_FAKES_URL_ENV];
  if (!url) throw new Error(`global setup did not set ${MARKETPLACE_FAKES_URL_ENV}`);
  return {
    async holdings(): Promise<MarketplaceHoldings> {
      const response = await fetch(`${url}/holdings`);
      if (!response.ok) throw new Error(`marketplace holdings: ${response.status} ${await response.text()}`);
      return (await response.json()) as MarketplaceHoldings;
    },
    async sell(sale: Sale): Promise<void> {
      const response = await fetch(`${url}/sales`, { method: 'POST', body: JSON.stringify(sale) });
      if (!response.ok) throw new Error(`sell on ${sale.marketplace}: ${await response.text()}`);
    },
  };
}
