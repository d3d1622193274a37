import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createListingSummary } from '@/test/factories';
import { type ListingsPages, listingsQueryKey, removeFromListingPages } from './list-listings';

const rows = (...ids: string[]) => ids.map((listingId) => createListingSummary({ listingId }));

describe('removeFromListingPages', () => {
  it('takes deleted rows out of every loaded list and moves a search offset back by as many', () => {
    const client = new QueryClient();
    const searched: ListingsPages = {
      pages: [
        { data: rows('a', 'b'), done: false, next: 10 },
        { data: rows('c', 'd'), done: false, next: 20 },
      ],
      pageParams: [0, 10],
    };
    const paged: ListingsPages = {
      pages: [{ data: rows('a', 'x'), done: false, next: 'cursor-x' }],
      pageParams: [null],
    };
    client.setQueryData(listingsQueryKey('inventory', 'jeans'), searched);
    client.setQueryData(listingsQueryKey('inventory', ''), paged);
    client.setQueryData(['listings', 'a'], createListingSummary({ listingId: 'a' }));
    client.setQueryData(['listings', 'x'], createListingSummary({ listingId: 'x' }));

    removeFromListingPages(client, ['a', 'd']);

    const afterSearch = client.getQueryData<ListingsPages>(listingsQueryKey('inventory', 'jeans'));
    expect(afterSearch?.pages.map((page) => page.data.map((row) => row.listingId))).toEqual([['b'], ['c']]);
    // Two of the first 20 matches are gone, so the 21st match is now the 19th.
    expect(afterSearch?.pages.map((page) => page.next)).toEqual([10, 18]);
    const afterPaged = client.getQueryData<ListingsPages>(listingsQueryKey('inventory', ''));
    expect(afterPaged?.pages).toEqual([{ data: rows('x'), done: false, next: 'cursor-x' }]);
    expect(client.getQueryData(['listings', 'a'])).toBeUndefined();
    expect(client.getQueryData(['listings', 'x'])).toBeDefined();
  });
});
