// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createGeneratedListing } from '@/testing/factories';
import { setUpPageTests } from '@/testing/render-page';
import { ListingFacts } from './listing-facts';

/** Each row of the item details as "label: value", in order. */
function rows(): string[] {
  const facts = screen.getByRole('region', { name: /./ });
  return within(facts)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

/** A listing with nothing in brand, size, colours, category, condition or composition. */
const blank = {
  brand: null,
  size: null,
  colours: [],
  category: null,
  condition: null,
  composition: [],
  evidence: {},
};

setUpPageTests();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ListingFacts: empty details', () => {
  it('says "Not set" for what the seller left empty in an inventory listing, never "Not detected"', () => {
    render(
      <ListingFacts listing={createGeneratedListing({ ...blank, source: 'inventory', brand: 'Zara' })} />,
    );

    expect(rows()).toEqual([
      'Brand: Zara',
      'Size: Not set',
      'Colours: Not set',
      'Category: Not set',
      'Condition: Not set',
      'Composition: Not set',
    ]);
  });

  it('says "Not detected" for what the photos did not show in a generated listing', () => {
    render(<ListingFacts listing={createGeneratedListing({ ...blank, brand: 'Zara' })} />);

    expect(rows()).toEqual([
      'Brand: Zara',
      'Size: Not detected',
      'Colours: Not detected',
      'Category: Not detected',
      'Condition: Not detected',
      'Composition: Not detected',
    ]);
  });

  it("says it in the seller's language", async () => {
    await i18n.changeLanguage('fr');
    render(<ListingFacts listing={createGeneratedListing({ ...blank, source: 'inventory' })} />);

    expect(rows()[0]).toBe('Marque: Non renseigné');
  });
});
