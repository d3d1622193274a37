// The layer every route sits in: runs the start-up auth check behind the full-screen loader,
// and hosts the auth modal, the paywall and onboarding that any page can open through their stores.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatch } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { useHasBeenTrue } from '@/hooks/use-has-been-true';
import { onDemand } from '@/lib/on-demand';
import { paths } from '@/lib/paths';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import { useOnboardingStore } from '@/stores/onboarding';
import { usePaywallStore } from '@/stores/paywall';

// The dialogs load when first opened (decision 027): a first visit to the landing page needs none of them.
// They come with every page's strings; the auth modal (its sign-in mutation) and the paywall (the plans query)
// read server data, so TanStack Query's client comes with them too.
const AuthModal = lazy(
  onDemand(
    () => import('@/features/auth/components/auth-modal').then((module) => ({ default: module.AuthModal })),
    { serverData: true },
  ),
);
const OnboardingDialog = lazy(
  onDemand(() =>
    import('@/features/onboarding/components/onboarding-dialog').then((module) => ({
      default: module.OnboardingDialog,
    })),
  ),
);
const PaywallHost = lazy(
  onDemand(
    () =>
      import('@/features/plans/components/paywall-host').then((module) => ({ default: module.PaywallHost })),
    { serverData: true },
  ),
);

/** Runs the auth check whenever one is requested ('start'): on load with a stored token, or on demand. */
function useAuthCheckRunner() {
  const { t } = useTranslation();
  const requestCheckAuth = useAuthStore((state) => state.requestCheckAuth);

  useEffect(() => {
    if (requestCheckAuth !== 'start') return;
    // Loaded here rather than imported: a visitor without a stored token never runs the check.
    Promise.all([import('@/lib/auth'), import('@/lib/errors')])
      .then(([{ checkAuth }, { errorText, isUnauthorized }]) =>
        checkAuth().catch((error: unknown) => {
          if (!isUnauthorized(error)) showAlert(errorText(error, t));
        }),
      )
      .catch(() => showAlert(t('errors.unknown')))
      .finally(() => useAuthStore.getState().setShowLoading(false));
  }, [requestCheckAuth, t]);
}

/**
 * Which dialog hosts to mount. The paywall host also watches a checkout paid in another window, so it mounts
 * wherever one can start: the plans view, which the paywall and the plans pages show.
 */
function useDialogHosts() {
  const onPlansPage = useMatch(paths.plans) !== null;
  const onDashboardPlansPage = useMatch(paths.dashboard.plans) !== null;
  const paywallOpen = usePaywallStore((state) => state.showPaywallModal);
  return {
    auth: useHasBeenTrue(useAuthStore((state) => state.authModal.isOpen)),
    onboarding: useHasBeenTrue(useOnboardingStore((state) => state.showOnboarding.isOpen)),
    paywall: useHasBeenTrue(paywallOpen || onPlansPage || onDashboardPlansPage),
  };
}

export function RootLayout() {
  useAuthCheckRunner();
  const showLoading = useAuthStore((state) => state.showLoading);
  const hosts = useDialogHosts();

  if (showLoading) return <FullScreenLoader />;
  // One boundary each: a host that is loading must not hide one already open.
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <Suspense fallback={null}>{hosts.auth && <AuthModal />}</Suspense>
      <Suspense fallback={null}>{hosts.paywall && <PaywallHost />}</Suspense>
      <Suspense fallback={null}>{hosts.onboarding && <OnboardingDialog />}</Suspense>
    </>
  );
}
