// What the extension's pages and content scripts ask its background service worker, which alone holds the
// session and talks to the Snaplist server (a content script on a marketplace page cannot: the page's origin
// would make every call cross-origin, and the token must never sit in a marketplace's page).
import type {
  ErrorCode,
  ExtensionMarketplace,
  Listing,
  ListingSummary,
  ListingType,
} from '@snaplist/contract';

export interface ExtensionStatus {
  version: string;
  /** The Snaplist server's origin, e.g. `http://localhost:3000`; null before the seller sets one. */
  server: string | null;
  signedIn: boolean;
  email: string | null;
}

/** A listing photo carried to the sell page, which turns it back into a File for the marketplace's input. */
export interface TransferredPhoto {
  name: string;
  type: string;
  dataUrl: string;
}

export interface ListingForFill {
  listing: Listing;
  photos: TransferredPhoto[];
}

export interface ListingsPage {
  listings: ListingSummary[];
  /**
   * Each listing's first photo, small, as a data URL by listing id (none when it has no photo or could not be
   * read): a marketplace page's image policy may refuse the Snaplist server's address, never a data URL it is
   * handed.
   */
  thumbnails: Record<string, string>;
  cursor: string | null;
  done: boolean;
}

/** What the background made of an item page the seller opened on a marketplace. */
export interface ItemPageOutcome {
  /** The Snaplist listing this page is a copy of, when it is one of the seller's. */
  listingId: string | null;
  listingTitle: string | null;
  /** This tab had just been filled from that listing: the page's address is now its `listedOn` link. */
  recorded: boolean;
  /** The page shows the item sold, and Snaplist counted the sale (once) and ends the other copies. */
  soldReported: boolean;
  /** The listing sold out elsewhere: the seller should end this copy on the marketplace by hand. */
  endByHand: boolean;
}

export type ExtensionRequest =
  | { type: 'status' }
  | { type: 'signIn'; server: string; email: string; password: string }
  | { type: 'signOut' }
  | { type: 'listings'; listingType: ListingType; search: string; cursor: string | null }
  /** Reads the listing and its photos, and remembers that the sender's tab is being filled from it. */
  | { type: 'prepareFill'; listingId: string; marketplace: ExtensionMarketplace }
  /**
   * `justPosted`: the page opened from the sell form, or after a fill in the same page (the marketplace moved on
   * after the seller posted). Only such a page is recorded as the filled listing's copy: another item the seller
   * opens later in that tab is someone else's.
   */
  | { type: 'itemPage'; marketplace: ExtensionMarketplace; url: string; sold: boolean; justPosted: boolean };

export interface ExtensionResponses {
  status: ExtensionStatus;
  signIn: ExtensionStatus;
  signOut: ExtensionStatus;
  listings: ListingsPage;
  prepareFill: ListingForFill;
  itemPage: ItemPageOutcome;
}

/** Failures the extension itself names, beside the server's own error codes. */
export type ExtensionErrorCode =
  | ErrorCode
  | 'signed_out'
  | 'server_unreachable'
  | 'server_invalid'
  | 'permission_denied';

export interface ExtensionError {
  code: ExtensionErrorCode;
  /** Already in the seller's language (the extension's locale), ready to show. */
  message: string;
}

export type ExtensionResult<T> = { ok: true; value: T } | { ok: false; error: ExtensionError };

export type ResponseOf<R extends ExtensionRequest> = ExtensionResponses[R['type']];

/** Sends a request to the background and waits for its result; never throws. */
export async function askBackground<R extends ExtensionRequest>(
  request: R,
): Promise<ExtensionResult<ResponseOf<R>>> {
  try {
    return (await chrome.runtime.sendMessage(request)) as ExtensionResult<ResponseOf<R>>;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'internal_error', message } };
  }
}
