// /dashboard/guide/crosslister and /dashboard/guide/grow are keys, not pages: they open the
// external guide in a new window and send the visitor back to the dashboard. A loader runs once per
// navigation, so the window opens once (an effect would open it twice under StrictMode).
import { type RouteObject, redirect } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';

export type Guide = 'crosslister' | 'grow';

export function guideLoader(guide: Guide) {
  return () => {
    const url = guide === 'crosslister' ? env.guideCrosslisterUrl : env.guideGrowUrl;
    window.open(url, '_blank', 'noopener,noreferrer');
    return redirect(paths.dashboard.home);
  };
}

/**
 * The route of one guide key. Opened as the first page of a visit, the loader runs before anything can
 * render, so React Router shows the HydrateFallback meanwhile: the loading view, not a blank page. The
 * loader always redirects, so the element is never reached; it is the same view because React Router
 * wants every leaf route to have one.
 */
export function guideRoute(path: string, guide: Guide): RouteObject {
  return { path, loader: guideLoader(guide), HydrateFallback: FullScreenLoader, Component: FullScreenLoader };
}
