// The fill report in the seller's words: which fields were filled, what to check and what to fill by hand, one
// sentence each, naming the marketplace and the field ("Vinted's size field was not found; fill it by hand.").
import { MARKETPLACE_NAMES } from '@snaplist/contract/marketplaces';
import { t } from '../i18n';
import type { FillReport, ReportNote } from './fill';

export interface ReportText {
  /** Set when the page showed none of the form's fields: the one thing to say. */
  formMissing: string | null;
  /** The filled fields as one list ("photos, title, description"); empty when nothing was filled. */
  filled: string;
  check: string[];
  byHand: string[];
}

const capitalise = (sentence: string) => sentence.charAt(0).toLocaleUpperCase() + sentence.slice(1);

function sentence(
  prefix: 'sell_check_' | 'sell_hand_',
  marketplace: string,
  note: ReportNote<string>,
): string {
  return capitalise(t(`${prefix}${note.reason}`, marketplace, t(`sell_field_${note.field}`), ...note.detail));
}

export function reportText(report: FillReport): ReportText {
  const marketplace = MARKETPLACE_NAMES[report.marketplace];
  if (!report.formFound) {
    return { formMissing: t('sell_report_form_not_found', marketplace), filled: '', check: [], byHand: [] };
  }
  return {
    formMissing: null,
    filled: report.filled.map((field) => t(`sell_field_${field}`)).join(', '),
    check: report.check.map((note) => sentence('sell_check_', marketplace, note)),
    byHand: report.byHand.map((note) => sentence('sell_hand_', marketplace, note)),
  };
}
