// What a bulk run sends each listing to, and when a listing counts as settled for the progress bar.
import { describe, expect, it } from 'vitest';
import { createListingSummary } from '@/testing/factories';
import { itemOutcome, planRun, type RunItem, runProgress } from './bulk-publish-run';
import { createPublication } from './test-data';

const sent = (overrides: Partial<RunItem> = {}): RunItem => ({
  listingId: 'l-1',
  title: 'Jeans',
  targets: ['ebay', 'etsy'],
  request: {
    kind: 'sent',
    answered: [createPublication('ebay'), createPublication('etsy')],
  },
  ...overrides,
});

describe('planRun', () => {
  it('sends each listing where no copy is live or on its way, and nothing when out of stock', () => {
    const items = planRun(
      [
        createListingSummary({ listingId: 'new' }),
        createListingSummary({ listingId: 'half' }),
        createListingSummary({ listingId: 'done' }),
        createListingSummary({ listingId: 'gone', quantity: 0, stockStatus: 'ooStock' }),
      ],
      ['ebay', 'etsy'],
      (id) =>
        ({
          half: [
            createPublication('ebay', { status: 'live' }),
            createPublication('etsy', { status: 'failed' }),
          ],
          done: [
            createPublication('ebay', { status: 'publishing' }),
            createPublication('etsy', { status: 'sold' }),
          ],
        })[id],
    );
    expect(items.map(({ listingId, targets, request }) => [listingId, targets, request.kind])).toEqual([
      ['new', ['ebay', 'etsy'], 'waiting'],
      ['half', ['etsy'], 'waiting'],
      ['done', [], 'skipped'],
      ['gone', ['ebay', 'etsy'], 'skipped'],
    ]);
    expect(items[2]?.request).toEqual({ kind: 'skipped', reason: 'already_there' });
    expect(items[3]?.request).toEqual({ kind: 'skipped', reason: 'out_of_stock' });
  });
});

describe('itemOutcome', () => {
  it('is settled once every target is live or failed, reading the newer of the answer and the poll', () => {
    const later = '2025-03-02T10:05:00.000Z';
    expect(itemOutcome(sent(), undefined).settled).toBe(false);
    // A poll from before the publish (an old failure) does not hide the answer's queued copy.
    const stale = [createPublication('ebay', { status: 'failed', updatedAt: '2025-03-01T00:00:00.000Z' })];
    expect(itemOutcome(sent(), stale).publications.map((entry) => entry.status)).toEqual([
      'queued',
      'queued',
    ]);

    const halfway = [createPublication('ebay', { status: 'live', updatedAt: later })];
    expect(itemOutcome(sent(), halfway)).toMatchObject({ settled: false });
    const settled = [...halfway, createPublication('etsy', { status: 'failed', updatedAt: later })];
    expect(itemOutcome(sent(), settled)).toMatchObject({ settled: true });
  });

  it('is settled at once when refused or not sent, and not while waiting or sending', () => {
    expect(
      itemOutcome(sent({ request: { kind: 'refused', error: new Error('x') } }), undefined).settled,
    ).toBe(true);
    expect(
      itemOutcome(sent({ request: { kind: 'skipped', reason: 'out_of_stock' } }), undefined).settled,
    ).toBe(true);
    expect(itemOutcome(sent({ request: { kind: 'waiting' } }), undefined).settled).toBe(false);
    expect(itemOutcome(sent({ request: { kind: 'sending' } }), undefined).settled).toBe(false);
  });
});

describe('runProgress', () => {
  it('counts the listings settled and those that need the seller', () => {
    const later = '2025-03-02T10:05:00.000Z';
    const run = {
      id: 1,
      marketplaces: ['ebay', 'etsy'] as const,
      items: [
        sent({ listingId: 'a' }),
        sent({ listingId: 'b' }),
        sent({ listingId: 'c', request: { kind: 'refused', error: new Error('x') } }),
        sent({ listingId: 'd', request: { kind: 'sending' } }),
      ],
    };
    const polled = {
      a: [
        createPublication('ebay', { status: 'live', updatedAt: later }),
        createPublication('etsy', { status: 'live', updatedAt: later }),
      ],
      b: [
        createPublication('ebay', { status: 'live', updatedAt: later }),
        createPublication('etsy', { status: 'failed', updatedAt: later }),
      ],
    };
    expect(runProgress(run, (id) => polled[id as keyof typeof polled])).toEqual({
      total: 4,
      settled: 3,
      needAttention: 2,
      complete: false,
    });
  });
});
