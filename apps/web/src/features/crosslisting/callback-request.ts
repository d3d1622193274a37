// What the callback page posts: the parameters the marketplace appended to its address, as they came. eBay
// and Etsy send `code` and `state` (or `error`); Shopify also signs every parameter it sent (`shop`, `hmac`,
// `timestamp`...), so for Shopify all of them go along as `query` for the server's HMAC check.
import type { CompleteConnectionRequest, PublishingMarketplace } from '@snaplist/contract';

/** The request for the server, or null when the address holds no `state` (not a marketplace's answer). */
export function callbackRequest(
  marketplace: PublishingMarketplace,
  search: URLSearchParams,
): CompleteConnectionRequest | null {
  const state = search.get('state');
  if (!state) return null;
  const request: CompleteConnectionRequest = { state };
  const code = search.get('code');
  if (code) request.code = code;
  const error = search.get('error');
  if (error) request.error = error;
  if (marketplace === 'shopify') request.query = Object.fromEntries(search);
  return request;
}
