// What page tests share: a page rendered as the app renders it (a memory router, a query client, the
// toaster), and the hooks every page test file needs around it (English, matchMedia, no leftover toasts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';

/** Renders `routes` at `entry`; queries do not retry, so a refused request shows its error at once. */
export function renderRoutes(routes: RouteObject[], entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, client };
}

/** jsdom has no matchMedia, and react-hot-toast asks whether motion should be reduced: it should not. */
export function stubMatchMedia(): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/** Radix measures the hidden input a switch or checkbox keeps inside a form with ResizeObserver, which jsdom lacks. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function stubResizeObserver(): void {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
}

/** Registers the hooks of a page test file: texts in English, matchMedia stubbed, globals and toasts gone after. */
export function setUpPageTests(): void {
  beforeAll(async () => {
    await loadAllTranslations();
    await i18n.changeLanguage('en');
  });
  beforeEach(stubMatchMedia);
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.remove();
  });
}
