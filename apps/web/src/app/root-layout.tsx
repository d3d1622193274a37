// The layer every route sits in: runs the start-up auth check behind the full-screen loader (SPEC section 4),
// and hosts the auth modal that any page can open through the auth store.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { AuthModal } from '@/features/auth/components/auth-modal';
import { OnboardingDialog } from '@/features/onboarding/components/onboarding-dialog';
import { PaywallHost } from '@/features/plans/components/paywall-host';
import { checkAuth } from '@/lib/auth';
import { errorText, isUnauthorized } from '@/lib/errors';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';

/** Runs the auth check whenever one is requested ('start'): on load with a stored token, or on demand. */
function useAuthCheckRunner() {
  const { t } = useTranslation();
  const requestCheckAuth = useAuthStore((state) => state.requestCheckAuth);

  useEffect(() => {
    if (requestCheckAuth !== 'start') return;
    checkAuth()
      .catch((error: unknown) => {
        if (!isUnauthorized(error)) showAlert(errorText(error, t));
      })
      .finally(() => useAuthStore.getState().setShowLoading(false));
  }, [requestCheckAuth, t]);
}

export function RootLayout() {
  useAuthCheckRunner();
  const showLoading = useAuthStore((state) => state.showLoading);

  if (showLoading) return <FullScreenLoader />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <AuthModal />
      <PaywallHost />
      <OnboardingDialog />
    </>
  );
}
