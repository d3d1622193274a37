// Publishing several inventory listings at once: one publish request per listing, a few at a time,
// driven from the browser with the one-listing route (decision 036). The run lives here, outside any component,
// so closing the dialog or leaving the inventory stops nothing: the requests not sent yet are still sent, and
// the server's jobs never depended on the page. Only closing the tab would drop the unsent ones: until they are
// sent, the browser asks first. What each listing's copies then do is polled
// (publications-by-listing.ts); this file only says what a listing's outcome is from that and its request.
import type {
  ListingSummary,
  Publication,
  PublicationsResponse,
  PublishingMarketplace,
} from '@snaplist/contract';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { isInProgress, showPublications } from './api/listing-publications';
import { showInGroups } from './api/publications-by-listing';
import { publishListing } from './api/publish-listing';
import { canPublishAgain } from './connection-state';

/** Publish requests in flight at once: each checks the listing against every marketplace before queueing it. */
export const PUBLISH_CONCURRENCY = 3;

export type RunRequest =
  | { kind: 'waiting' }
  | { kind: 'sending' }
  /** Queued: the copies as the answer had them; polling takes over from there. */
  | { kind: 'sent'; answered: readonly Publication[] }
  /** Refused (422 with the missing details, 409) or not answered: nothing was queued. */
  | { kind: 'refused'; error: unknown }
  /** Not sent: out of stock, or already on (or on its way to) every chosen marketplace. */
  | { kind: 'skipped'; reason: 'out_of_stock' | 'already_there' };

export interface RunItem {
  listingId: string;
  title: string;
  /** The chosen marketplaces this listing is sent to. */
  targets: readonly PublishingMarketplace[];
  request: RunRequest;
}

export interface BulkRun {
  id: number;
  marketplaces: readonly PublishingMarketplace[];
  items: readonly RunItem[];
}

interface BulkPublishState {
  run: BulkRun | null;
  /** The dialog: closed, choosing marketplaces for these listings, or following the run. */
  dialog: { view: 'closed' } | { view: 'choose'; listings: readonly ListingSummary[] } | { view: 'run' };
}

export const useBulkPublishStore = create<BulkPublishState>()(() => ({
  run: null,
  dialog: { view: 'closed' },
}));

let lastRunId = 0;

export function openBulkPublish(listings: readonly ListingSummary[]): void {
  const { run } = useBulkPublishStore.getState();
  // One run at a time while its requests go out: the button shows that run instead of starting another.
  const sending = run?.items.some(
    (item) => item.request.kind === 'waiting' || item.request.kind === 'sending',
  );
  useBulkPublishStore.setState({ dialog: sending ? { view: 'run' } : { view: 'choose', listings } });
}

export function showBulkRun(): void {
  useBulkPublishStore.setState({ dialog: { view: 'run' } });
}

export function closeBulkPublish(): void {
  useBulkPublishStore.setState({ dialog: { view: 'closed' } });
}

/** "Done": the run is over and its results read; the progress button goes with it. */
export function forgetBulkRun(): void {
  useBulkPublishStore.setState({ run: null, dialog: { view: 'closed' } });
}

/** What each listing is sent to: the chosen marketplaces where no copy is live or on its way. */
export function planRun(
  listings: readonly ListingSummary[],
  marketplaces: readonly PublishingMarketplace[],
  publicationsOf: (listingId: string) => readonly Publication[] | undefined,
): RunItem[] {
  return listings.map((listing) => {
    const current = publicationsOf(listing.listingId) ?? [];
    const targets = marketplaces.filter((marketplace) =>
      canPublishAgain(current.find((entry) => entry.marketplace === marketplace)),
    );
    const inStock = listing.stockStatus === 'inStock' && listing.quantity > 0;
    const request: RunRequest = !inStock
      ? { kind: 'skipped', reason: 'out_of_stock' }
      : targets.length === 0
        ? { kind: 'skipped', reason: 'already_there' }
        : { kind: 'waiting' };
    return { listingId: listing.listingId, title: listing.title, targets, request };
  });
}

/** Starts the run and sends its requests, PUBLISH_CONCURRENCY at a time; resolves once every one has answered. */
export async function startBulkRun(
  queryClient: QueryClient,
  marketplaces: readonly PublishingMarketplace[],
  items: readonly RunItem[],
): Promise<void> {
  lastRunId += 1;
  const runId = lastRunId;
  useBulkPublishStore.setState({ run: { id: runId, marketplaces, items }, dialog: { view: 'run' } });

  const setRequest = (listingId: string, request: RunRequest) =>
    useBulkPublishStore.setState(({ run }) =>
      run?.id === runId
        ? {
            run: {
              ...run,
              items: run.items.map((item) => (item.listingId === listingId ? { ...item, request } : item)),
            },
          }
        : {},
    );

  // Leaving the app would drop the requests not sent yet (those sent are queued on the server): the browser asks.
  const askBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();
  window.addEventListener('beforeunload', askBeforeLeaving);
  const queue = items.filter((item) => item.request.kind === 'waiting');
  const sendNext = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      setRequest(item.listingId, { kind: 'sending' });
      try {
        const answer: PublicationsResponse = await publishListing(item.listingId, [...item.targets]);
        showPublications(queryClient, item.listingId, answer);
        showInGroups(queryClient, item.listingId, answer.publications);
        setRequest(item.listingId, { kind: 'sent', answered: answer.publications });
      } catch (error) {
        setRequest(item.listingId, { kind: 'refused', error });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PUBLISH_CONCURRENCY }, sendNext));
  } finally {
    window.removeEventListener('beforeunload', askBeforeLeaving);
  }
}

export interface ItemOutcome {
  /** Every chosen marketplace live or failed (or the listing refused, or skipped): nothing more will change. */
  settled: boolean;
  /** The listing's copy on each of its targets, the newer of the publish answer and the last poll. */
  publications: Publication[];
}

export function itemOutcome(item: RunItem, polled: readonly Publication[] | undefined): ItemOutcome {
  const { request } = item;
  if (request.kind === 'refused' || request.kind === 'skipped') return { settled: true, publications: [] };
  if (request.kind !== 'sent') return { settled: false, publications: [] };
  const publications = item.targets.flatMap((marketplace) => {
    const answered = request.answered.find((entry) => entry.marketplace === marketplace);
    const seen = polled?.find((entry) => entry.marketplace === marketplace);
    const newest =
      answered && seen ? (seen.updatedAt >= answered.updatedAt ? seen : answered) : (seen ?? answered);
    return newest ? [newest] : [];
  });
  const settled =
    publications.length === item.targets.length && publications.every((entry) => !isInProgress(entry));
  return { settled, publications };
}

export interface RunProgress {
  total: number;
  settled: number;
  /** Listings with a refusal or a failed copy: the seller has something to do. */
  needAttention: number;
  complete: boolean;
}

export function runProgress(
  run: BulkRun,
  polledOf: (listingId: string) => readonly Publication[] | undefined,
): RunProgress {
  let settled = 0;
  let needAttention = 0;
  for (const item of run.items) {
    const outcome = itemOutcome(item, polledOf(item.listingId));
    if (outcome.settled) settled += 1;
    const failed = outcome.publications.some((publication) => publication.status === 'failed');
    if (item.request.kind === 'refused' || failed) needAttention += 1;
  }
  return { total: run.items.length, settled, needAttention, complete: settled === run.items.length };
}
