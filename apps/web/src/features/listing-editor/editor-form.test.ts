import { ListingInputSchema } from '@snaplist/contract';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createGeneratedListing } from '@/testing/factories';
import {
  type EditorValues,
  emptyValues,
  fieldError,
  fieldOfPath,
  firstInvalidField,
  type InputContext,
  listingResolver,
  placeServerIssues,
  suggestedPrice,
  toListingInput,
  valuesFromListing,
} from './editor-form';

const context: InputContext = { sourceId: null, stockStatus: 'inStock' };

async function resolve(values: EditorValues) {
  const result = await listingResolver(context)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return { values: result.values, errors: result.errors as FieldErrors<EditorValues> };
}

describe('listing editor form model', () => {
  it('turns every field of the contract input into a form value and back', () => {
    const input = toListingInput(emptyValues(), context);
    expect(Object.keys(input).sort()).toEqual(Object.keys(ListingInputSchema.shape).sort());
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
        cogs: 0,
        listedOn: { depop: { url: 'https://www.depop.com/products/x' } },
      }),
    );
    expect(values.price).toBe('22.50');
    // Nothing paid is a cost of goods too.
    expect(values.cogs).toBe('0.00');
    expect(values.marketplaces.depop).toEqual({
      selected: true,
      isListed: true,
      listingUrl: 'https://www.depop.com/products/x',
    });
    expect(values.marketplaces.ebay.selected).toBe(false);
    // No price and no range: the seller types one.
    expect(valuesFromListing(createGeneratedListing({ suggestedPriceRange: null })).price).toBe('');
    expect(valuesFromListing(createGeneratedListing({ price: 0 })).price).toBe('');
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
    expect(input).toMatchObject({ price: 1250, cogs: undefined, quantity: 3, sourceId: 'listing-1' });
    expect(input.listedOn).toEqual({ vinted: { url: 'https://www.vinted.fr/items/1' } });
  });

  it('places issues on the form field they are about', () => {
    expect(fieldOfPath(['listedOn', 'vinted', 'url'])).toBe('marketplaces.vinted');
    expect(fieldOfPath(['listedOn', 'nowhere', 'url'])).toBeNull();
    expect(fieldOfPath(['colours', 1])).toBe('colours');
    expect(fieldOfPath(['tags', 3])).toBe('tags');
    expect(fieldOfPath(['sourceId'])).toBeNull();
    expect(fieldOfPath([])).toBeNull();
  });

  it("places the server's issues by the same rule, and keeps the ones without a field apart", () => {
    const { placed, unplaced } = placeServerIssues([
      { field: 'price', code: 'price_invalid', message: 'Enter a price between 0.01 and 1000000.' },
      { field: 'photos.1', code: 'photo_unavailable', message: 'A photo is no longer available.' },
      { field: 'price', code: 'price_required', message: 'Enter a price, like 12.50.' },
      { field: '', code: 'body_not_object', message: 'The request body must be a JSON object.' },
    ]);
    expect([...placed].map(([field, issue]) => [field, issue.code])).toEqual([
      ['price', 'price_invalid'],
      ['photos', 'photo_unavailable'],
    ]);
    expect(unplaced.map((issue) => issue.code)).toEqual(['body_not_object']);
  });

  it("checks with the contract's schema: each field gets the issue's code", async () => {
    const { errors } = await resolve({ ...emptyValues(), title: 'x'.repeat(141), quantity: '0' });
    expect(fieldError(errors, 'photos')).toMatchObject({ type: 'issue', message: 'photos_required' });
    expect(fieldError(errors, 'title')).toMatchObject({ type: 'issue', message: 'title_too_long' });
    expect(fieldError(errors, 'quantity')).toMatchObject({ type: 'issue', message: 'quantity_invalid' });
    expect(fieldError(errors, 'brand')).toBeUndefined();
    expect(firstInvalidField(errors)).toBe('photos');
  });

  it('does not ask for a size before there is a category', async () => {
    const { errors } = await resolve(emptyValues());
    expect(fieldError(errors, 'category')?.message).toBe('category_required');
    expect(fieldError(errors, 'size')).toBeUndefined();
    const withCategory = await resolve({ ...emptyValues(), category: 'Tops' });
    expect(fieldError(withCategory.errors, 'size')?.message).toBe('size_required');
  });

  it("puts a marketplace URL's issue on that marketplace", async () => {
    const values = valuesFromListing(createGeneratedListing());
    values.marketplaces.vinted = {
      selected: true,
      isListed: true,
      listingUrl: 'https://www.ebay.co.uk/itm/1',
    };
    const { errors } = await resolve(values);
    expect(fieldError(errors, 'marketplaces.vinted')?.message).toBe('listing_url_invalid');
    expect(firstInvalidField(errors)).toBe('marketplaces.vinted');
  });

  it('gives the checked input only when everything is right, photos uploaded included', async () => {
    const values = valuesFromListing(createGeneratedListing());
    const valid = await resolve(values);
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({
      price: 1500,
      brand: 'Levi’s',
      sku: null,
      barcode: null,
      cogs: null,
    });

    const uploading = await resolve({
      ...values,
      photos: [
        ...values.photos,
        { key: 'k', id: null, previewUrl: null, status: 'uploading', error: null, file: null },
      ],
    });
    expect(uploading.values).toEqual({});
    expect(fieldError(uploading.errors, 'photos')).toEqual({
      type: 'editor',
      message: 'listing_editor.photos_uploading',
    });
  });
});
