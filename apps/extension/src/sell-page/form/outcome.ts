// What filling one field came to, in the terms the report speaks: filled (and still held when the form is done),
// filled with something to check, or left to the seller with the reason.
import type { SellField } from '../marketplaces/types';
import type { CheckReason, SkipReason } from '../values';

export type CheckNoteReason = CheckReason | 'no_exact_match' | 'nearest' | 'photos_limited' | 'brand_other';
export type HandNoteReason =
  | SkipReason
  | 'not_found'
  | 'after_category'
  | 'option_missing'
  | 'no_listed_match'
  | 'category_stopped'
  | 'failed';

export interface ReportNote<Reason> {
  field: SellField;
  reason: Reason;
  /** The values the sentence names (a brand, a currency, a count), in order. */
  detail: string[];
}

export interface FieldOutcome {
  filled: boolean;
  check?: ReportNote<CheckNoteReason>;
  byHand?: ReportNote<HandNoteReason>;
  /**
   * Whether the page still shows the value, asked once the whole form is filled: a later step can undo an
   * earlier one (a category picker reset by the photos' recognition, colours the site suggested over ours).
   */
  stillHeld?: () => boolean;
}

export interface FillContext {
  doc: Document;
  field: SellField;
  /** How long to wait for the page's own reaction: a menu opening, a field appearing after a choice. */
  waitMs: number;
  /** How long to wait for what the page fetches from its server as you type (brand results). */
  networkWaitMs: number;
}

export const filled = (stillHeld?: () => boolean, check?: ReportNote<CheckNoteReason>): FieldOutcome => ({
  filled: true,
  ...(stillHeld ? { stillHeld } : {}),
  ...(check ? { check } : {}),
});

export const leftForSeller = (
  field: SellField,
  reason: HandNoteReason,
  detail: string[] = [],
): FieldOutcome => ({
  filled: false,
  byHand: { field, reason, detail },
});

export const checkNote = (
  field: SellField,
  reason: CheckNoteReason,
  detail: string[] = [],
): ReportNote<CheckNoteReason> => ({ field, reason, detail });
