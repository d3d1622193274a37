// The route table: pages composed from the features into the two shells. The landing page and
// its shell, the front door, come with the app's own code; every other page and the dashboard shell are route
// modules loaded when first needed (decision 027), so the landing page does not download the editor. A link
// to a page starts loading it on intent (lib/prefetch.ts), and the first page of a visit loads while the
// translations do. A route module loads through onDemand (lib/on-demand.ts): with every page's strings, and,
// where its pages read server data, TanStack Query's client. The dashboard's pages render inside its shell,
// which brings both for them. The photo-upload page, where visits start, needs neither: it reads no server
// data and its strings are first-page strings (lib/first-page-translations.ts).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { LandingPage } from '@/features/landing/components/landing-page';
import { onDemand } from '@/lib/on-demand';
import { paths } from '@/lib/paths';
import { ErrorFallback } from './error-fallback';
import { guideRoute } from './guide';
import { RootLayout } from './root-layout';
import { SimpleShell } from './shells/simple-shell';

const plansPage = onDemand(
  () => import('@/features/plans/components/plans-page').then((module) => ({ Component: module.PlansPage })),
  { serverData: true },
);
const comingSoonPage = (which: 'analytics' | 'messages') => () =>
  import('@/features/coming-soon/components/coming-soon-page').then(({ ComingSoonPage }) => ({
    element: <ComingSoonPage page={which} />,
  }));

/** The routes, apart from the router that serves them, so tests can run them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    // While the first page's modules load: the loading view, not a blank page.
    HydrateFallback: FullScreenLoader,
    children: [
      {
        element: <SimpleShell />,
        children: [
          { path: paths.home, element: <LandingPage /> },
          {
            path: paths.photoUpload,
            lazy: () =>
              import('@/features/photo-upload/components/photo-upload-page').then((module) => ({
                Component: module.PhotoUploadPage,
              })),
          },
          { path: paths.plans, lazy: plansPage },
          {
            path: paths.resetPassword,
            lazy: onDemand(
              () =>
                import('@/features/auth/components/reset-password-page').then((module) => ({
                  Component: module.ResetPasswordPage,
                })),
              { serverData: true },
            ),
          },
          {
            path: paths.providerCallbackPattern,
            lazy: onDemand(
              () =>
                import('@/features/auth/components/provider-callback-page').then((module) => ({
                  Component: module.ProviderCallbackPage,
                })),
              { serverData: true },
            ),
          },
          {
            path: paths.linkAccount,
            lazy: onDemand(
              () =>
                import('@/features/auth/components/confirm-link-page').then((module) => ({
                  Component: module.ConfirmLinkPage,
                })),
              { serverData: true },
            ),
          },
          {
            path: paths.confirmEmail,
            lazy: onDemand(
              () =>
                import('@/features/auth/components/confirm-email-page').then((module) => ({
                  Component: module.ConfirmEmailPage,
                })),
              { serverData: true },
            ),
          },
          {
            path: paths.marketplaceCallbackPattern,
            lazy: onDemand(
              () =>
                import('@/features/crosslisting/components/marketplace-callback-page').then((module) => ({
                  Component: module.MarketplaceCallbackPage,
                })),
              { serverData: true },
            ),
          },
        ],
      },
      guideRoute(paths.dashboard.guideCrosslister, 'crosslister'),
      guideRoute(paths.dashboard.guideGrow, 'grow'),
      {
        path: paths.dashboard.home,
        lazy: onDemand(
          () => import('./shells/dashboard-shell').then((module) => ({ Component: module.DashboardShell })),
          { serverData: true },
        ),
        children: [
          {
            index: true,
            lazy: () =>
              Promise.all([
                import('@/features/dashboard/components/dashboard-home'),
                import('@/features/crosslisting/components/recent-activity-card'),
                import('@/features/extension/components/extensions-section'),
              ]).then(([{ DashboardHome }, { RecentActivityCard }, { ExtensionsSection }]) => ({
                element: (
                  <DashboardHome recentActivity={<RecentActivityCard />} extensions={<ExtensionsSection />} />
                ),
              })),
          },
          {
            path: paths.dashboard.listings,
            lazy: () =>
              Promise.all([
                import('@/features/listings/components/listings-page'),
                import('@/features/crosslisting/components/inventory-publishing'),
              ]).then(([{ ListingsPage }, { InventoryPublishing }]) => ({
                element: <ListingsPage Publishing={InventoryPublishing} />,
              })),
          },
          {
            path: paths.dashboard.createListing,
            lazy: () =>
              Promise.all([
                import('@/features/listing-editor/components/listing-editor-page'),
                import('@/features/crosslisting/components/editor-publishing'),
              ]).then(([{ ListingEditorPage }, { EditorPublishing }]) => ({
                element: <ListingEditorPage Publishing={EditorPublishing} />,
              })),
          },
          {
            path: paths.dashboard.listingPattern,
            lazy: () =>
              Promise.all([
                import('@/features/listing-details/components/listing-details-page'),
                import('@/features/crosslisting/components/publish-panel'),
              ]).then(([{ ListingDetailsPage }, { PublishPanel }]) => ({
                element: <ListingDetailsPage PublishPanel={PublishPanel} />,
              })),
          },
          { path: paths.dashboard.analytics, lazy: comingSoonPage('analytics') },
          { path: paths.dashboard.messages, lazy: comingSoonPage('messages') },
          {
            path: paths.dashboard.settings,
            lazy: () =>
              Promise.all([
                import('@/features/settings/components/settings-page'),
                import('@/features/crosslisting/components/marketplaces-section'),
              ]).then(([{ SettingsPage }, { MarketplacesSection }]) => ({
                element: <SettingsPage marketplaces={<MarketplacesSection />} />,
              })),
          },
          { path: paths.dashboard.plans, lazy: plansPage },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
