// What goes into each field of a marketplace's form, from one Snaplist listing: the marketplace's variant of the
// text, the price as its form writes it, and its options for the listing's category, condition and colours.
// Nothing is guessed: a value the listing does not have, or that the marketplace cannot take as it is, becomes a
// reason the seller reads in the report, never a made-up value.
// The contract's zod-free files only: this script loads on every page of the marketplaces' sites.
import type { Listing, MarketplaceVariant } from '@snaplist/contract';
import { type Department, departmentFor, itemWords, kindOf } from '@snaplist/contract/item';
import {
  type ExtensionMarketplace,
  marketplaceVariants,
  variantAsText,
} from '@snaplist/contract/marketplaces';
import { formatMoneyInput } from '@snaplist/contract/money';
import type { TransferredPhoto } from '../messages';
import type { OptionTarget } from './form/options';
import type { CategoryPath, MarketplaceMapping, OptionChoice, SellField } from './marketplaces/types';

/** Why a field is left for the seller before the form is even touched. */
export type SkipReason =
  | 'not_in_listing'
  | 'price_suggested_only'
  | 'category_ambiguous'
  | 'department_unknown'
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
  /** One option (a condition). */
  | { kind: 'choice'; choice: OptionChoice }
  /** Several options (colours); `unavailable` counts the listing's values the marketplace has no option for. */
  | { kind: 'choices'; choices: OptionChoice[]; unavailable: number }
  /** A place in the category tree. */
  | { kind: 'category'; path: CategoryPath };

export type FieldPlan = { value: PlannedValue } | { skip: SkipReason; detail: string[] };

/** The listing's text for this marketplace: its stored variant, or the same rules applied to its own text. */
export function variantFor(listing: Listing, marketplace: ExtensionMarketplace): MarketplaceVariant {
  const stored = listing.variants[marketplace];
  if (stored) return stored;
  const { title, description, tags } = listing;
  return marketplaceVariants({ title, description, tags })[marketplace];
}

function sameTarget(one: OptionTarget, other: OptionTarget): boolean {
  return JSON.stringify(one) === JSON.stringify(other);
}

/** Where the listing goes in the marketplace's tree; `department` is the seller's answer when the words give none. */
function category(listing: Listing, mapping: MarketplaceMapping, department: Department | null): FieldPlan {
  const kind = kindOf(listing);
  if (!kind) return { skip: listing.category ? 'category_ambiguous' : 'not_in_listing', detail: [] };
  const whose = department ?? departmentFor(listing, kind);
  if (!whose) return { skip: 'department_unknown', detail: [] };
  const words = itemWords(listing);
  const levels = mapping.category(whose, kind, words);
  if (!levels) return { skip: 'category_ambiguous', detail: [] };
  return { value: { kind: 'category', path: { department: whose, kind, levels, itemWords: words } } };
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

/** Whether the seller is asked whose the item is: the marketplace files it by department and the words do not say. */
export function needsDepartment(listing: Listing, mapping: MarketplaceMapping): boolean {
  if (!mapping.fields.category) return false;
  const kind = kindOf(listing);
  return kind !== null && departmentFor(listing, kind) === null;
}

/** The value planned for each field the marketplace's form has. */
export function planFields(
  listing: Listing,
  photos: TransferredPhoto[],
  mapping: MarketplaceMapping,
  host: string,
  department: Department | null = null,
): Partial<Record<SellField, FieldPlan>> {
  const variant = variantFor(listing, mapping.marketplace);
  const plans: Partial<Record<SellField, FieldPlan>> = {};
  const fields = mapping.fields;

  if (fields.photos) {
    plans.photos =
      photos.length === 0
        ? { skip: 'not_in_listing', detail: [] }
        : { value: { kind: 'files', photos: photos.slice(0, mapping.maxPhotos) } };
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
    plans.condition = choice ? { value: { kind: 'choice', choice } } : { skip: 'not_in_listing', detail: [] };
  }
  if (fields.category) plans.category = category(listing, mapping, department);
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
