// The background's one entry for requests from the popup, the web bridge and the sell-page script: each
// request is checked (they cross a process boundary untyped), answered by its handler, and every failure
// becomes an ExtensionError the sender can show as it is.
import { isExtensionMarketplace, LISTING_TYPES, type ListingType } from '@snaplist/contract';
import { t } from '../i18n';
import type { ExtensionRequest, ExtensionResponses, ExtensionResult } from '../messages';
import { ExtensionFailure } from './api-client';
import { prepareFill } from './fill';
import { judgeItemPage } from './item-page';
import { listingsPage } from './listings';
import { currentStatus, signIn, signOut } from './session';

type Sender = chrome.runtime.MessageSender;

type Handlers = {
  [K in ExtensionRequest['type']]: (
    request: Extract<ExtensionRequest, { type: K }>,
    sender: Sender,
  ) => Promise<ExtensionResponses[K]>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isListingType(value: unknown): value is ListingType {
  return (LISTING_TYPES as readonly unknown[]).includes(value);
}

/** The request, when it is one the background knows with fields of the right kinds; null otherwise. */
function parseRequest(value: unknown): ExtensionRequest | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'status':
    case 'signOut':
      return { type: value.type };
    case 'signIn': {
      const { server, email, password } = value;
      if (typeof server !== 'string' || typeof email !== 'string' || typeof password !== 'string')
        return null;
      return { type: 'signIn', server, email, password };
    }
    case 'listings': {
      const { listingType, search, cursor } = value;
      if (!isListingType(listingType) || typeof search !== 'string') return null;
      if (cursor !== null && typeof cursor !== 'string') return null;
      return { type: 'listings', listingType, search, cursor };
    }
    case 'prepareFill': {
      const { listingId, marketplace } = value;
      if (typeof listingId !== 'string' || typeof marketplace !== 'string') return null;
      if (!isExtensionMarketplace(marketplace)) return null;
      return { type: 'prepareFill', listingId, marketplace };
    }
    case 'itemPage': {
      const { marketplace, url, sold, justPosted } = value;
      if (typeof marketplace !== 'string' || typeof url !== 'string') return null;
      if (typeof sold !== 'boolean' || typeof justPosted !== 'boolean') return null;
      if (!isExtensionMarketplace(marketplace)) return null;
      return { type: 'itemPage', marketplace, url, sold, justPosted };
    }
    default:
      return null;
  }
}

function refused(): ExtensionFailure {
  return new ExtensionFailure('bad_request', t('error_request_refused'));
}

/**
 * Signing in and out belongs to the extension's own pages (the popup): a script running inside a
 * marketplace's page must not be able to switch the seller's account.
 */
function requireExtensionPage(sender: Sender): void {
  if (!sender.url?.startsWith(chrome.runtime.getURL(''))) throw refused();
}

const handlers: Handlers = {
  status: () => currentStatus(),
  signIn: async (request, sender) => {
    requireExtensionPage(sender);
    return signIn(request);
  },
  signOut: async (_request, sender) => {
    requireExtensionPage(sender);
    return signOut();
  },
  listings: (request) => listingsPage(request.listingType, request.search, request.cursor),
  prepareFill: (request, sender) =>
    prepareFill(request.listingId, request.marketplace, sender.tab?.id ?? null),
  itemPage: (request, sender) => judgeItemPage(request, sender.tab?.id ?? null),
};

export async function handleRequest(
  message: unknown,
  sender: Sender,
): Promise<ExtensionResult<ExtensionResponses[ExtensionRequest['type']]>> {
  try {
    const request = parseRequest(message);
    if (!request) throw refused();
    // The handler picked by `request.type` takes that very request; the compiler cannot follow the pairing.
    const handler = handlers[request.type] as (
      request: ExtensionRequest,
      sender: Sender,
    ) => Promise<ExtensionResponses[ExtensionRequest['type']]>;
    return { ok: true, value: await handler(request, sender) };
  } catch (error) {
    if (error instanceof ExtensionFailure) return { ok: false, error: error.toError() };
    console.error('Snaplist extension: a request failed', error);
    const details = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'internal_error', message: t('error_unexpected', details) } };
  }
}
