// What goes into each field of a marketplace's form, from one Snaplist listing: the marketplace's variant of the
// text, the price as its form writes it, and its options for the listing's category, condition and colours.
// Nothing is guessed: a value the listing does not have, or that the marketplace cannot take as it is, becomes a
// reason the seller reads in the report, never a made-up value.
// The contract's zod-free files only: this script loads on every page of the marketplaces' sites.
import type { Listing, MarketplaceVariant } from '@snaplist/contract';
import {
  type ExtensionMarketplace,
  marketplaceVariants,
  variantAsText,
} from '@snaplist/contract/marketplaces';
import { formatMoneyInput } from '@snaplist/contract/money';
import type { TransferredPhoto } from '../messages';
import type { MarketplaceMapping, OptionChoice, OptionTarget, SellField } from './marketplaces/types';

/** Why a field is left for the seller before the form is even touched. */
export type SkipReason =
  | 'not_in_listing'
  | 'price_suggested_only'
  | 'category_ambiguous'
  | 'no_equivalent'
  | 'currency_mismatch'
  | 'whole_amounts_only';

/** Something filled that the seller should look at. */
export type CheckReason = 'currency_unknown';

export type PlannedValue =
  | { kind: 'text'; text: string; check?: { reason: CheckReason; detail: string[] } }
  | { kind: 'files'; photos: TransferredPhoto[] }
  /** Free text (brand, size) matched against the marketplace's options by its exact wording. */
  | { kind: 'free'; text: string }
  /** One option, reached through `path` (a category tree has several levels). */
  | { kind: 'choice'; path: OptionTarget[]; nearest: boolean }
  /** Several options (colours); `unavailable` counts the listing's values the marketplace has no option for. */
  | { kind: 'choices'; choices: OptionChoice[]; unavailable: number };

export type FieldPlan = { value: PlannedValue } | { skip: SkipReason; detail: string[] };

/** The listing's text for this marketplace: its stored variant, or the same rules applied to its own text. */
export function variantFor(listing: Listing, marketplace: ExtensionMarketplace): MarketplaceVariant {
  const stored = listing.variants[marketplace];
  if (stored) return stored;
  const { title, description, tags } = listing;
  return marketplaceVariants({ title, description, tags })[marketplace];
}

function sameTarget(one: OptionTarget, other: OptionTarget): boolean {
  return 'selector' in one
    ? 'selector' in other && one.selector === other.selector
    : 'text' in other && one.text === other.text;
}

function text(value: string): FieldPlan {
  return value.trim() === ''
    ? { skip: 'not_in_listing', detail: [] }
    : { value: { kind: 'text', text: value } };
}

function price(listing: Listing, mapping: MarketplaceMapping, host: string): FieldPlan {
  if (listing.price === null) {
    const range = listing.suggestedPriceRange;
    if (!range) return { skip: 'not_in_listing', detail: [] };
    const suggestion = `${formatMoneyInput(range.min)}–${formatMoneyInput(range.max)} ${range.currency}`;
    return { skip: 'price_suggested_only', detail: [suggestion] };
  }
  const siteCurrency = mapping.currencyFor(host);
  if (siteCurrency !== null && siteCurrency !== listing.currency) {
    return { skip: 'currency_mismatch', detail: [listing.currency, siteCurrency] };
  }
  const formatted = mapping.formatPrice(listing.price);
  if (formatted === null) {
    return { skip: 'whole_amounts_only', detail: [`${formatMoneyInput(listing.price)} ${listing.currency}`] };
  }
  const check =
    siteCurrency === null ? { reason: 'currency_unknown' as const, detail: [listing.currency] } : undefined;
  return { value: { kind: 'text', text: formatted, ...(check ? { check } : {}) } };
}

/** The value planned for each field the marketplace's form has. */
export function planFields(
  listing: Listing,
  photos: TransferredPhoto[],
  mapping: MarketplaceMapping,
  host: string,
): Partial<Record<SellField, FieldPlan>> {
  const variant = variantFor(listing, mapping.marketplace);
  const plans: Partial<Record<SellField, FieldPlan>> = {};
  const fields = mapping.fields;

  if (fields.photos) {
    plans.photos =
      photos.length === 0 ? { skip: 'not_in_listing', detail: [] } : { value: { kind: 'files', photos } };
  }
  if (fields.title) plans.title = text(variant.title);
  if (fields.description) {
    // Without a title field (Depop), the description leads with the variant's title line, as Snaplist's
    // "copy for Depop" text does.
    plans.description = text(
      fields.title ? variant.description : variantAsText(variant, mapping.marketplace),
    );
  }
  if (fields.price) plans.price = price(listing, mapping, host);
  if (fields.brand) {
    plans.brand = listing.brand
      ? { value: { kind: 'free', text: listing.brand } }
      : { skip: 'not_in_listing', detail: [] };
  }
  if (fields.size) {
    plans.size = listing.size
      ? { value: { kind: 'free', text: listing.size } }
      : { skip: 'not_in_listing', detail: [] };
  }
  if (fields.condition) {
    const choice = listing.condition ? mapping.conditions[listing.condition] : null;
    plans.condition = choice
      ? { value: { kind: 'choice', path: [choice.target], nearest: choice.nearest === true } }
      : { skip: 'not_in_listing', detail: [] };
  }
  if (fields.category) {
    const path = listing.category ? mapping.categories[listing.category] : undefined;
    if (!listing.category) plans.category = { skip: 'not_in_listing', detail: [] };
    else if (!path) plans.category = { skip: 'category_ambiguous', detail: [] };
    else plans.category = { value: { kind: 'choice', path, nearest: false } };
  }
  if (fields.colour) {
    const choices = listing.colours.map((colour) => mapping.colours[colour]);
    // Two colours with the same nearest option (navy and blue on Poshmark) pick it once: a second click on a
    // multi-select option takes it off again.
    const available = choices
      .filter((choice): choice is OptionChoice => choice !== null)
      .filter(
        (choice, index, all) => all.findIndex((other) => sameTarget(other.target, choice.target)) === index,
      );
    if (listing.colours.length === 0) plans.colour = { skip: 'not_in_listing', detail: [] };
    else if (available.length === 0) plans.colour = { skip: 'no_equivalent', detail: [] };
    else {
      plans.colour = {
        value: {
          kind: 'choices',
          choices: available,
          unavailable: choices.filter((choice) => !choice).length,
        },
      };
    }
  }
  return plans;
}
