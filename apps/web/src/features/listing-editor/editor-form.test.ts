import { type ListingMessageKey, ListingMessages } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import pl from '@/locales/pl.json';
import { createGeneratedListing } from '@/test/factories';
import {
  emptyValues,
  errorsFromDetails,
  fieldFromPath,
  messageI18nKey,
  suggestedPrice,
  toListingInput,
  validateValues,
  valuesFromListing,
} from './editor-form';

const context = { sourceId: null, stockStatus: 'inStock' as const };

describe('listing editor form model', () => {
  it('has a translation in every language for every sentence the contract can refuse with', () => {
    for (const key of Object.keys(ListingMessages) as ListingMessageKey[]) {
      const i18nKey = messageI18nKey(key);
      for (const catalogue of [en, fr, de, pl] as Array<Record<string, string>>) {
        expect(catalogue[i18nKey], i18nKey).toBeTruthy();
      }
    }
    expect(messageI18nKey('listingUrlInvalid')).toBe('listing_editor.error_listing_url_invalid');
  });

  it('suggests the middle of the range, rounded to a whole unit', () => {
    expect(suggestedPrice({ currency: 'GBP', min: 1200, max: 1800 })).toBe(1500);
    expect(suggestedPrice({ currency: 'GBP', min: 1200, max: 1700 })).toBe(1500);
    expect(suggestedPrice({ currency: 'GBP', min: 999, max: 1000 })).toBe(1000);
    expect(suggestedPrice({ currency: 'EUR', min: 0, max: 40 })).toBe(0);
  });

  it("prefills the asking price when there is one, and the listing's marketplaces as listed", () => {
    const values = valuesFromListing(
      createGeneratedListing({
        price: 2250,
        cogs: 400,
        listedOn: { depop: { url: 'https://www.depop.com/products/x' } },
      }),
    );
    expect(values.price).toBe('22.50');
    expect(values.cogs).toBe('4.00');
    expect(values.marketplaces.depop).toEqual({
      selected: true,
      isListed: true,
      listingUrl: 'https://www.depop.com/products/x',
    });
    expect(values.marketplaces.ebay.selected).toBe(false);
    // No price and no range: the seller types one.
    expect(valuesFromListing(createGeneratedListing({ suggestedPriceRange: null })).price).toBe('');
  });

  it('turns typed money into minor units and sends only the marketplaces marked listed', () => {
    const values = {
      ...valuesFromListing(createGeneratedListing()),
      price: '12,5',
      cogs: '',
      quantity: '3',
    };
    values.marketplaces.vinted = {
      selected: true,
      isListed: true,
      listingUrl: 'https://www.vinted.fr/items/1',
    };
    values.marketplaces.ebay = { selected: true, isListed: false, listingUrl: '' };
    const input = toListingInput(values, { sourceId: 'listing-1', stockStatus: 'inStock' });
    expect(input).toMatchObject({ price: 1250, cogs: null, quantity: 3, sourceId: 'listing-1' });
    expect(input.listedOn).toEqual({ vinted: { url: 'https://www.vinted.fr/items/1' } });
  });

  it('places issues on the form field they are about', () => {
    expect(fieldFromPath(['listedOn', 'vinted', 'url'])).toBe('listedOn.vinted');
    expect(fieldFromPath(['colours', 1])).toBe('colours');
    expect(fieldFromPath(['tags', 3])).toBe('tags');
    expect(fieldFromPath(['sourceId'])).toBeNull();
    expect(fieldFromPath([])).toBeNull();
  });

  it("keeps the server's unknown sentences as text and the ones without a field apart", () => {
    const { errors, unplaced } = errorsFromDetails([
      { field: 'price', message: ListingMessages.priceInvalid },
      { field: 'brand', message: 'Brand is on our blocklist.' },
      { field: '', message: 'The request body must be a JSON object.' },
    ]);
    expect(errors).toEqual({
      price: { key: 'listing_editor.error_price_invalid' },
      brand: { text: 'Brand is on our blocklist.' },
    });
    expect(unplaced).toEqual(['The request body must be a JSON object.']);
  });

  it('does not ask for a size before there is a category', () => {
    const { errors } = validateValues(emptyValues(), context);
    expect(errors.category).toEqual({ key: 'listing_editor.error_category_required' });
    expect(errors.size).toBeUndefined();
    const withCategory = validateValues({ ...emptyValues(), category: 'Tops' }, context);
    expect(withCategory.errors.size).toEqual({ key: 'listing_editor.error_size_required' });
  });

  it('gives the checked input only when everything is right', () => {
    const values = valuesFromListing(createGeneratedListing());
    const valid = validateValues(values, context);
    expect(valid.errors).toEqual({});
    expect(valid.input).toMatchObject({ price: 1500, brand: 'Levi’s', sku: null, barcode: null });
    const uploading = validateValues(
      {
        ...values,
        photos: [
          ...values.photos,
          { key: 'k', id: null, previewUrl: null, status: 'uploading', error: null, file: null },
        ],
      },
      context,
    );
    expect(uploading.input).toBeNull();
    expect(uploading.errors.photos).toEqual({ key: 'listing_editor.photos_uploading' });
  });
});
