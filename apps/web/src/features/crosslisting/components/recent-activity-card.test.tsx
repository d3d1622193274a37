// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { signIn } from '@/testing/auth';
import { renderRoutes, setUpPageTests } from '@/testing/render-page';
import { createActivity } from '../test-data';
import { RecentActivityCard } from './recent-activity-card';

setUpPageTests();

beforeEach(() => {
  signIn();
});

function renderCard() {
  return renderRoutes([{ path: '/dashboard', element: <RecentActivityCard /> }], '/dashboard');
}

describe('RecentActivityCard', () => {
  it('lists the latest events across listings, newest first, each linked to its listing', async () => {
    stubApi({
      activity: {
        activity: [
          createActivity({ id: 'a-1', kind: 'published', at: '2025-03-02T10:00:00.000Z' }),
          createActivity({
            id: 'a-2',
            listingId: 'listing-2',
            listingTitle: 'Barbour wax jacket, M, olive',
            marketplace: 'shopify',
            kind: 'sold',
            at: '2025-03-03T10:00:00.000Z',
          }),
        ],
      },
    });
    renderCard();

    const card = await screen.findByRole('region', { name: 'Recent activity' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.activity-item__text')?.textContent)).toEqual([
      'Sold on Shopify',
      'Live on eBay',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/dashboard/listings/listing-2');
    expect(within(items[0] as HTMLElement).getByRole('link').textContent).toBe(
      'Barbour wax jacket, M, olive',
    );
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-03T10:00:00.000Z');
  });

  it('shows nothing when nothing has happened yet', async () => {
    const api = stubApi({ activity: { activity: [] } });
    renderCard();

    await waitFor(() => expect(api.requestsTo('activity')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('.recent-activity')).toBeNull();
  });
});
