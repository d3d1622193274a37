// The route table (SPEC section 2): pages composed from the features into the two shells.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { LandingPage } from '@/features/landing/components/landing-page';
import { ListingDetailsPage } from '@/features/listing-details/components/listing-details-page';
import { ListingEditorPage } from '@/features/listing-editor/components/listing-editor-page';
import { ListingsPage } from '@/features/listings/components/listings-page';
import { PhotoUploadPage } from '@/features/photo-upload/components/photo-upload-page';
import { PlansPage } from '@/features/plans/components/plans-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { paths } from '@/lib/paths';
import { ErrorFallback } from './error-fallback';
import { guideRoute } from './guide';
import { RootLayout } from './root-layout';
import { DashboardShell } from './shells/dashboard-shell';
import { SimpleShell } from './shells/simple-shell';

/** The routes, apart from the router that serves them, so tests can run them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    children: [
      {
        element: <SimpleShell />,
        children: [
          { path: paths.home, element: <LandingPage /> },
          { path: paths.photoUpload, element: <PhotoUploadPage /> },
          { path: paths.plans, element: <PlansPage /> },
        ],
      },
      guideRoute(paths.dashboard.guideCrosslister, 'crosslister'),
      guideRoute(paths.dashboard.guideGrow, 'grow'),
      {
        path: paths.dashboard.home,
        element: <DashboardShell />,
        children: [
          { index: true, element: <DashboardHome /> },
          { path: paths.dashboard.listings, element: <ListingsPage /> },
          { path: paths.dashboard.createListing, element: <ListingEditorPage /> },
          { path: paths.dashboard.listingPattern, element: <ListingDetailsPage /> },
          { path: paths.dashboard.analytics, element: <ComingSoonPage page="analytics" /> },
          { path: paths.dashboard.messages, element: <ComingSoonPage page="messages" /> },
          { path: paths.dashboard.settings, element: <SettingsPage /> },
          { path: paths.dashboard.plans, element: <PlansPage /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
