// What the extension does on an item page of the seller's marketplace: tells the background which item the
// page shows and whether it shows it sold, then says in a toast what Snaplist made of it (the new listing's link
// saved, a sale counted, or a copy to end by hand). Only the open tab is read; nothing is fetched.
import { MARKETPLACE_NAMES } from '@snaplist/contract/marketplaces';
import { t } from '../i18n';
import { askBackground, type ItemPageOutcome } from '../messages';
import type { MarketplaceMapping } from './marketplaces/types';
import { showToast } from './toast';

/** The seller's words for an outcome; null when there is nothing to say (an item that is not theirs). */
export function outcomeText(outcome: ItemPageOutcome, mapping: MarketplaceMapping): string | null {
  const marketplace = MARKETPLACE_NAMES[mapping.marketplace];
  if (outcome.soldReported) return t('sell_toast_sold_reported');
  if (outcome.endByHand) return t('sell_toast_end_by_hand', marketplace);
  if (outcome.recorded) return t('sell_toast_recorded', marketplace);
  return null;
}

/**
 * Reports the item at `url` (one address per item, `mapping.itemAddress`). `justFilled` says the seller just posted
 * this tab's filled form: only then is a failure worth a toast, because the seller expects the new link to be saved;
 * `url` is null when the page after posting never showed the new item's address.
 */
export async function reportItemPage(
  doc: Document,
  mapping: MarketplaceMapping,
  url: string | null,
  sold: boolean,
  justFilled: boolean,
): Promise<void> {
  if (url === null) {
    if (justFilled)
      showToast(doc, t('sell_toast_address_not_found', MARKETPLACE_NAMES[mapping.marketplace]), 'error');
    return;
  }
  const result = await askBackground({
    type: 'itemPage',
    marketplace: mapping.marketplace,
    url,
    sold,
    justPosted: justFilled,
  });
  if (!result.ok) {
    if (justFilled) showToast(doc, t('sell_toast_record_failed', result.error.message), 'error');
    return;
  }
  const text = outcomeText(result.value, mapping);
  if (text) showToast(doc, text);
}
