// What the background makes of an item page the seller opened on Vinted, Depop or Poshmark (decision 039):
// (a) the tab was just filled from a listing and now shows a page no listing links to yet: the seller posted
//     the form, so this address is that listing's copy there (recorded once);
// (b) the page is one of the seller's own links: a sold page is reported (Snaplist counts it once and ends the
//     other copies); a copy whose item sold out elsewhere is one the seller has to end by hand.
// Any other page is someone else's: nothing about it leaves the browser.
import { canonicalListingUrl, type ExtensionMarketplace, isMarketplaceUrl, routes } from '@snaplist/contract';
import type { ItemPageOutcome } from '../messages';
import { ExtensionFailure } from './api-client';
import { forgetFill, type RememberedFill, rememberedFill } from './fill-memory';
import { forgetSellerLinks, sellerLinks } from './seller-links';
import { callAsSeller } from './session';

export interface ItemPage {
  marketplace: ExtensionMarketplace;
  url: string;
  /** The page shows the item as sold. */
  sold: boolean;
  /** The page opened right after the sell form: the copy the seller just posted, if the tab was filled. */
  justPosted: boolean;
}

const NOT_THE_SELLERS: ItemPageOutcome = {
  listingId: null,
  listingTitle: null,
  recorded: false,
  soldReported: false,
  endByHand: false,
};

async function recordListedOn(tabId: number, fill: RememberedFill, url: string): Promise<ItemPageOutcome> {
  try {
    await callAsSeller(routes.recordListedOn, {
      params: { id: fill.listingId },
      body: { marketplace: fill.marketplace, url },
    });
  } catch (error) {
    // The listing was deleted since the fill: there is nothing left to record it on.
    if (error instanceof ExtensionFailure && error.code === 'not_found') await forgetFill(tabId);
    throw error;
  }
  await forgetFill(tabId);
  await forgetSellerLinks();
  return { ...NOT_THE_SELLERS, listingId: fill.listingId, listingTitle: fill.listingTitle, recorded: true };
}

async function reportSale(page: ItemPage, url: string, listingId: string): Promise<ItemPageOutcome> {
  try {
    await callAsSeller(routes.reportSale, { body: { marketplace: page.marketplace, url } });
  } catch (error) {
    // The link was removed in Snaplist since the list was read: the page is no longer the seller's.
    if (error instanceof ExtensionFailure && error.code === 'not_found') {
      await forgetSellerLinks();
      return NOT_THE_SELLERS;
    }
    throw error;
  }
  await forgetSellerLinks();
  // Also when the server had counted this page's sale before (`recorded: false`): it is counted.
  return { ...NOT_THE_SELLERS, listingId, soldReported: true };
}

export async function judgeItemPage(page: ItemPage, tabId: number | null): Promise<ItemPageOutcome> {
  const url = canonicalListingUrl(page.url);
  if (!url || !isMarketplaceUrl(page.marketplace, url)) return NOT_THE_SELLERS;
  const links = await sellerLinks();

  const fill = tabId === null ? null : await rememberedFill(tabId);
  const postedFromFill = page.justPosted && fill?.marketplace === page.marketplace;
  if (tabId !== null && fill && postedFromFill && !links.some((link) => link.url === url)) {
    return recordListedOn(tabId, fill, url);
  }

  const link = links.find((candidate) => candidate.marketplace === page.marketplace && candidate.url === url);
  if (!link) return NOT_THE_SELLERS;
  if (page.sold) return reportSale(page, url, link.listingId);
  return { ...NOT_THE_SELLERS, listingId: link.listingId, endByHand: !link.inStock };
}
