// "The seller just posted this tab's filled form": true only once they pressed that form's own post button, in
// this tab, after a fill. Kept in the tab's sessionStorage, because the marketplace then loads another page of the
// same site (the landing page), where this script starts afresh; sessionStorage is per tab and per site, so no
// other tab or site sees it.
import { findControl } from './form/controls';
import type { MarketplaceMapping, PostedItem } from './marketplaces/types';

const POSTED_KEY = 'snaplist:posted';
/** A landing page later than this after the press is not the one the press led to. */
const POSTED_FOR_MS = 10 * 60 * 1000;

/** Listens for the seller's press on the form's post button; returns what stops listening. */
export function armPostWatch(doc: Document, mapping: MarketplaceMapping, title: string): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const onClick = (event: Event) => {
    const button = findControl(doc, mapping.posting.postButton);
    if (!button || !(event.target instanceof view.Node) || !button.contains(event.target)) return;
    const posted: PostedItem = { title, at: Date.now() };
    view.sessionStorage.setItem(POSTED_KEY, JSON.stringify(posted));
  };
  // Capturing, so the press is seen before the page's own handler navigates away.
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}

export function postedInThisTab(win: Window): PostedItem | null {
  try {
    const posted = JSON.parse(win.sessionStorage.getItem(POSTED_KEY) ?? 'null') as PostedItem | null;
    if (!posted || typeof posted.title !== 'string' || typeof posted.at !== 'number') return null;
    return Date.now() - posted.at <= POSTED_FOR_MS ? posted : null;
  } catch {
    return null;
  }
}

export function clearPosted(win: Window): void {
  win.sessionStorage.removeItem(POSTED_KEY);
}
