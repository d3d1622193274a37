import { describe, expect, it } from 'vitest';
import { callbackRequest } from './callback-request';
import { shopDomain } from './components/shopify-connect-form';

describe('callbackRequest', () => {
  it('passes on the code and state eBay and Etsy append', () => {
    expect(callbackRequest('ebay', new URLSearchParams('code=v%5E1.1&state=s-1&expires_in=299'))).toEqual({
      code: 'v^1.1',
      state: 's-1',
    });
  });

  it('passes on a refusal', () => {
    expect(callbackRequest('etsy', new URLSearchParams('error=access_denied&state=s-1'))).toEqual({
      error: 'access_denied',
      state: 's-1',
    });
  });

  it('sends Shopify every parameter, for its HMAC check', () => {
    const search = new URLSearchParams('code=c&hmac=h&host=x&shop=maya.myshopify.com&state=s&timestamp=1');
    expect(callbackRequest('shopify', search)).toEqual({
      code: 'c',
      state: 's',
      query: { code: 'c', hmac: 'h', host: 'x', shop: 'maya.myshopify.com', state: 's', timestamp: '1' },
    });
  });

  it('is null without a state: the address is not a marketplace’s answer', () => {
    expect(callbackRequest('ebay', new URLSearchParams('code=c'))).toBeNull();
  });
});

describe('shopDomain', () => {
  it.each([
    ['maya', 'maya.myshopify.com'],
    ['Maya-Vintage.myshopify.com', 'maya-vintage.myshopify.com'],
    [' https://maya.myshopify.com/admin ', 'maya.myshopify.com'],
  ])('reads %j as %s', (input, domain) => {
    expect(shopDomain(input)).toBe(domain);
  });

  it.each(['', 'maya shop', 'maya.example.com', '-maya'])('refuses %j', (input) => {
    expect(shopDomain(input)).toBeNull();
  });
});
