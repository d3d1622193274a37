// @vitest-environment jsdom
import type { ErrorCode, FieldSuggestion, Listing } from '@snaplist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatPriceRange } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { initialActiveListingState, useActiveListingStore } from '@/stores/active-listing';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { apiError, stubApi } from '@/testing/api-stub';
import { createGeneratedListing, createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { ListingDetailsPage } from './listing-details-page';

const ZARA: FieldSuggestion = {
  field: 'brand',
  value: 'Zara',
  evidence: [{ source: 'label_text', photo: 2, text: 'ZAR4', rule: 'brand.fuzzy_match', confidence: 0.5 }],
};
const SIZE_M: FieldSuggestion = { field: 'size', value: 'M', evidence: [] };

/** A generated listing with no brand or size yet, and the engine's questions about both. */
const asked = createGeneratedListing({
  listingId: 'asked',
  title: 'Blue Straight Jeans',
  brand: null,
  size: null,
  evidence: {},
  suggestions: [ZARA, SIZE_M],
});

/** Answers GET with `asked`, and each answer with the next of `answers` (a listing, or an error status). */
function stubAnswers(...answers: Array<Listing | { status: number; code: ErrorCode }>) {
  const api = stubApi({
    getListing: asked,
    answerSuggestion: () => {
      const next = answers.shift();
      if (!next) throw new Error('unexpected answer');
      return 'listingId' in next ? next : apiError(next.status, { code: next.code, message: 'Refused' });
    },
  });
  return api;
}

function renderPage() {
  return renderRoutes(
    [{ path: '/dashboard/listings/:itemId', element: <ListingDetailsPage /> }],
    '/dashboard/listings/asked',
  );
}

setUpPageTests();

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true });
  useActiveListingStore.setState(initialActiveListingState);
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SuggestionQuestions on the listing details page', () => {
  it('asks about each suggestion, and a yes puts the brand in the listing and moves to the next question', async () => {
    const user = userEvent.setup();
    const api = stubAnswers(
      { ...asked, brand: 'Zara', title: 'Zara Blue Straight Jeans', suggestions: [SIZE_M] },
      { ...asked, brand: 'Zara', title: 'Zara Blue Straight Jeans', suggestions: [] },
    );
    renderPage();

    const brandQuestion = await screen.findByRole('group', { name: 'Is this Zara?' });
    expect(screen.getByRole('group', { name: 'Is the size M?' })).toBeTruthy();
    expect(screen.getByText('Read from the label in photo 2: “ZAR4”', { exact: false })).toBeTruthy();

    await user.click(within(brandQuestion).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Brand added: Zara')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Is this Zara?' })).toBeNull();
    expect(screen.getByText('Zara Blue Straight Jeans')).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Item details' });
    expect(within(facts).getByText('Zara')).toBeTruthy();
    const sizeQuestion = screen.getByRole('group', { name: 'Is the size M?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(sizeQuestion).getByRole('button', { name: 'Yes' })),
    );

    await user.click(within(sizeQuestion).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Got it: left out of your listing')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Is this right?' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('listing-facts'));
    expect(api.requestsTo('answerSuggestion').map((request) => request.body)).toEqual([
      { field: 'brand', accept: true },
      { field: 'size', accept: false },
    ]);
  });

  it('shows every text a yes rewrote: description, tags, price and each marketplace version', async () => {
    const user = userEvent.setup();
    const rewritten = {
      ...asked,
      brand: 'Zara',
      title: 'Zara Jeans Blue',
      description: 'Blue jeans by Zara. Fits true to size.',
      tags: ['zara', 'jeans', 'blue jeans'],
      suggestedPriceRange: { currency: 'GBP' as const, min: 1000, max: 1800 },
      variants: {
        ebay: { title: 'Zara Jeans Blue Denim', description: 'Blue jeans by Zara.', tags: ['zara'] },
      },
      suggestions: [SIZE_M],
    };
    stubAnswers(rewritten);
    renderPage();

    const brandQuestion = await screen.findByRole('group', { name: 'Is this Zara?' });
    await user.click(within(brandQuestion).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Brand added: Zara')).toBeTruthy();
    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('Blue jeans by Zara.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy tag zara' })).toBeTruthy();
    expect(screen.getByText(formatPriceRange(rewritten.suggestedPriceRange))).toBeTruthy();
    expect(screen.getByText('Zara Jeans Blue Denim')).toBeTruthy();
  });

  it('asks in the page language, and says so in a toast when the answer cannot be saved', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    stubAnswers({ status: 500, code: 'internal_error' }, { status: 409, code: 'suggestion_answered' });
    renderPage();

    const question = await screen.findByRole('group', { name: 'La marque est-elle Zara ?' });
    await user.click(within(question).getByRole('button', { name: 'Oui' }));
    expect(
      await screen.findByText("Votre réponse n'a pas pu être enregistrée. Veuillez réessayer."),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'La marque est-elle Zara ?' })).toBeTruthy();

    await user.click(within(question).getByRole('button', { name: 'Non' }));
    expect(await screen.findByText('Cette question a déjà reçu une réponse.')).toBeTruthy();
  });

  it('shows nothing to answer on a listing without suggestions', async () => {
    useActiveListingStore.getState().setListing(createGeneratedListing({ listingId: 'asked' }));
    stubAnswers();
    renderPage();
    expect(screen.getByRole('region', { name: 'Item details' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Is this right?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  });
});

describe('ListingFacts: the condition', () => {
  it('shows "Used" when the seller chose it on upload, instead of "Not detected"', async () => {
    useActiveListingStore.getState().setListing(
      createGeneratedListing({
        listingId: 'asked',
        condition: null,
        evidence: { condition: [{ source: 'seller_hint', rule: 'condition.used' }] },
      }),
    );
    stubAnswers();
    renderPage();
    const facts = screen.getByRole('region', { name: 'Item details' });
    const condition = within(facts).getByText('Condition').closest('div');
    expect(condition?.textContent).toContain('Used');
    expect(condition?.textContent).not.toContain('Not detected');
  });

  it('still says "Not detected" when the seller said nothing', async () => {
    useActiveListingStore
      .getState()
      .setListing(createGeneratedListing({ listingId: 'asked', condition: null }));
    stubAnswers();
    renderPage();
    const facts = screen.getByRole('region', { name: 'Item details' });
    expect(within(facts).getByText('Condition').closest('div')?.textContent).toContain('Not detected');
  });
});
