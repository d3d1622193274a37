import { fieldIssue } from '@snaplist/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { createListingSummary } from '@/testing/factories';
import { type ListingsPages, listErrorText, listingsQueryKey, removeFromListingPages } from './list-listings';

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

describe('listErrorText', () => {
  beforeAll(async () => {
    await loadAllTranslations();
    await i18n.loadLanguages(['fr']);
    await i18n.changeLanguage('fr');
  });

  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells a refused cursor by its issue code, whatever the server wrote', () => {
    const issue = { ...fieldIssue('cursor', 'cursor_invalid'), message: 'Some other English' };
    const refused = new ApiError('Some other English', 400, 'bad_request', {
      code: 'bad_request',
      details: [issue],
    });
    expect(listErrorText(refused, i18n.t.bind(i18n))).toBe(
      'Cette liste a changé depuis son chargement. Rechargez la page.',
    );
  });
});
