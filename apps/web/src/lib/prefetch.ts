// Pages load on demand (decision 027); this starts loading a page when the seller shows the intent to open
// it (a pointer over a link to it, keyboard focus on it, a finger on it), so the click usually finds its code
// already there. One listener on the document covers every link of the app, wherever it is rendered.
import { matchRoutes, type RouteObject } from 'react-router';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Listens for intent on links to the app's own pages; returns the function that stops listening. */
export function prefetchRoutesOnIntent(routes: RouteObject[], target: Document = document): () => void {
  const started = new Set<string>();

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (started.has(link.pathname)) return;
    started.add(link.pathname);
    for (const { route } of matchRoutes(routes, link.pathname) ?? []) {
      // Navigating calls the same loader and finds the module already fetched. A failed prefetch stays
      // silent (the navigation, if it comes, loads the page itself and reports its own failure) and may
      // be tried again on the next intent.
      if (typeof route.lazy === 'function') route.lazy().catch(() => started.delete(link.pathname));
    }
  };

  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
  };
}
