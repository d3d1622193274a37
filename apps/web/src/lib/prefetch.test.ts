// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchRoutesOnIntent } from './prefetch';

let stopListening = () => {};

afterEach(() => {
  stopListening();
  document.body.innerHTML = '';
});

function appWithLinks() {
  const loadShell = vi.fn(async () => ({}));
  const loadListings = vi.fn(async () => ({}));
  const routes: RouteObject[] = [
    { path: '/', element: null },
    { path: '/dashboard', lazy: loadShell, children: [{ path: 'listings', lazy: loadListings }] },
  ];
  stopListening = prefetchRoutesOnIntent(routes);
  document.body.innerHTML = `
    <a id="listings" href="/dashboard/listings"><span id="listings-label">Listings</span></a>
    <a id="elsewhere" href="https://elsewhere.example/dashboard/listings">Elsewhere</a>
    <a id="home" href="/">Home</a>`;
  return { loadShell, loadListings };
}

function show(kind: 'pointerover' | 'focusin' | 'touchstart', id: string): void {
  document.getElementById(id)?.dispatchEvent(new Event(kind, { bubbles: true }));
}

describe('prefetching pages on intent', () => {
  it.each(['pointerover', 'focusin', 'touchstart'] as const)(
    'loads every module of the page a link leads to on %s, once',
    (kind) => {
      const { loadShell, loadListings } = appWithLinks();

      show(kind, 'listings-label');
      show(kind, 'listings');

      expect(loadShell).toHaveBeenCalledTimes(1);
      expect(loadListings).toHaveBeenCalledTimes(1);
    },
  );

  it('ignores links to other sites and pages that load nothing', () => {
    const { loadShell, loadListings } = appWithLinks();

    show('pointerover', 'elsewhere');
    show('pointerover', 'home');

    expect(loadShell).not.toHaveBeenCalled();
    expect(loadListings).not.toHaveBeenCalled();
  });

  it('tries again at the next intent after a failed load', async () => {
    const { loadListings } = appWithLinks();
    loadListings.mockRejectedValueOnce(new Error('offline'));

    show('pointerover', 'listings');
    await vi.waitFor(() => expect(loadListings).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    show('pointerover', 'listings');

    expect(loadListings).toHaveBeenCalledTimes(2);
  });

  it('stops when told to', () => {
    const { loadListings } = appWithLinks();
    stopListening();

    show('pointerover', 'listings');

    expect(loadListings).not.toHaveBeenCalled();
  });
});
