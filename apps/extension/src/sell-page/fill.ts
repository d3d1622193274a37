// Fills a marketplace's sell form from one listing the way a person would, then reads it back: first a self-check
// finds every field (by the page's hooks, else by its label); the category goes in before the fields it reveals,
// which are waited for; every pick is saved the way the page saves it; and a field counts as filled only if the
// page still shows the listing's value once the whole form is done. Whatever is missing, not in the listing or
// not offered by the page ends up in the report, by name, for the seller to fill by hand.
import type { Listing } from '@snaplist/contract';
import type { Department } from '@snaplist/contract/item';
import type { TransferredPhoto } from '../messages';
import { findControl } from './form/controls';
import {
  type CheckNoteReason,
  checkNote,
  type FieldOutcome,
  type HandNoteReason,
  leftForSeller,
  type ReportNote,
} from './form/outcome';
import { sleep, waitFor } from './form/page';
import { type MarketplaceMapping, SELL_FIELDS, type SellField } from './marketplaces/types';
import { planFields } from './values';

export type { CheckNoteReason, HandNoteReason, ReportNote };

export interface FillReport {
  marketplace: MarketplaceMapping['marketplace'];
  /** False when none of the form's fields were on the page: it is not showing the sell form. */
  formFound: boolean;
  filled: SellField[];
  check: ReportNote<CheckNoteReason>[];
  byHand: ReportNote<HandNoteReason>[];
}

export interface FillOptions {
  /** How long to wait for the page's reaction to a click: a menu opening, a field appearing. */
  waitMs?: number;
  /** How long to wait for what the page fetches as you type (brand results come from the site's server). */
  networkWaitMs?: number;
  /** Whose the item is (women's, men's, kids'), when the seller said so because the listing does not. */
  department?: Department | null;
}

const DEFAULT_WAIT_MS = 3000;
const DEFAULT_NETWORK_WAIT_MS = 8000;

export interface SelfCheck {
  found: Partial<Record<SellField, Element>>;
  /** Fields the mapping names that are not on the page. */
  missing: SellField[];
  /** Fields the marketplace shows only once a category is chosen, not on the page yet. */
  waiting: SellField[];
}

/** Looks for every field the mapping names, before anything is filled. */
export function selfCheck(doc: Document, mapping: MarketplaceMapping): SelfCheck {
  const result: SelfCheck = { found: {}, missing: [], waiting: [] };
  for (const name of SELL_FIELDS) {
    const field = mapping.fields[name];
    if (!field) continue;
    const element = findControl(doc, field.hooks);
    if (element) result.found[name] = element;
    else if (field.afterCategory) result.waiting.push(name);
    else result.missing.push(name);
  }
  return result;
}

/** Fills the sell form on `doc` from `listing` and says what was filled, what to check and what to do by hand. */
export async function fillForm(
  doc: Document,
  mapping: MarketplaceMapping,
  listing: Listing,
  photos: TransferredPhoto[],
  options: FillOptions = {},
): Promise<FillReport> {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const networkWaitMs = options.networkWaitMs ?? DEFAULT_NETWORK_WAIT_MS;
  const check = selfCheck(doc, mapping);
  const report: FillReport = {
    marketplace: mapping.marketplace,
    formFound: Object.keys(check.found).length > 0,
    filled: [],
    check: [],
    byHand: [],
  };
  if (!report.formFound) return report;
  const plans = planFields(listing, photos, mapping, doc.location.hostname, options.department ?? null);
  const held: [SellField, () => boolean][] = [];

  for (const name of SELL_FIELDS) {
    const field = mapping.fields[name];
    const plan = plans[name];
    if (!field || !plan) continue;

    // Found again now: the page may have drawn the field anew since the self-check (Vue and React redraw freely).
    let element = check.found[name] ? findControl(doc, field.hooks) : null;
    if (!element && check.waiting.includes(name)) {
      if (!report.filled.includes('category')) {
        report.byHand.push({ field: name, reason: 'after_category', detail: [] });
        continue;
      }
      element = await waitFor(doc, () => findControl(doc, field.hooks), waitMs);
    }
    if (!element) {
      report.byHand.push({ field: name, reason: 'not_found', detail: [] });
      continue;
    }
    if ('skip' in plan) {
      report.byHand.push({ field: name, reason: plan.skip, detail: plan.detail });
      continue;
    }

    let outcome: FieldOutcome;
    try {
      outcome = await field.fill({ doc, field: name, waitMs, networkWaitMs }, element, plan.value);
    } catch (error) {
      // One field the page would not take must not stop the others; the seller is told which one.
      console.warn(`Snaplist could not fill the ${name} field`, error);
      outcome = leftForSeller(name, 'failed');
    }
    if (outcome.filled) {
      report.filled.push(name);
      if (outcome.stillHeld) held.push([name, outcome.stillHeld]);
      if (name === 'photos' && photos.length > mapping.maxPhotos) {
        report.check.push(
          checkNote(name, 'photos_limited', [String(mapping.maxPhotos), String(photos.length)]),
        );
      }
    }
    if (outcome.check) report.check.push(outcome.check);
    if (outcome.byHand) report.byHand.push(outcome.byHand);
  }

  // A later step, or the page itself, can undo an earlier one (a picker the photos' recognition redrew, colours the
  // site suggested over the listing's): such a field is filled once more, and only what the page then shows counts.
  if (mapping.settleBeforeCheckMs) await sleep(mapping.settleBeforeCheckMs);
  for (const [name, stillHeld] of held) {
    if (stillHeld()) continue;
    const field = mapping.fields[name];
    const plan = plans[name];
    const element = field ? findControl(doc, field.hooks) : null;
    let again: FieldOutcome | null = null;
    if (field && element && plan && 'value' in plan) {
      again = await field
        .fill({ doc, field: name, waitMs, networkWaitMs }, element, plan.value)
        .catch(() => null);
    }
    report.check = report.check.filter((note) => note.field !== name);
    report.byHand = report.byHand.filter((note) => note.field !== name);
    if (again?.filled && (again.stillHeld?.() ?? true)) {
      if (again.check) report.check.push(again.check);
      if (again.byHand) report.byHand.push(again.byHand);
      continue;
    }
    report.filled = report.filled.filter((field) => field !== name);
    report.byHand.push({ field: name, reason: 'failed', detail: [] });
  }
  return report;
}
