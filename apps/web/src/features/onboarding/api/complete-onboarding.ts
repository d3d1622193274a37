// Finishing onboarding: the dialog closes and counts as shown in this session,
// the cached user says it has been seen, and the server records it so no other device shows it again.
import { routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useOnboardingStore } from '@/stores/onboarding';

/**
 * Closes onboarding for good. Never blocks the seller: the dialog is already closed when the request starts,
 * and a failed request is only logged (the next sign-in elsewhere would show it once more, nothing worse).
 */
export async function completeOnboarding(): Promise<void> {
  useOnboardingStore.getState().finishOnboarding();
  const user = useAuthStore.getState().user;
  if (!user) return;
  if (!user.hasSeenOnboarding) useAuthStore.setState({ user: { ...user, hasSeenOnboarding: true } });
  try {
    await callApi(routes.completeOnboarding);
  } catch (error) {
    console.warn('Could not record that onboarding was seen', error);
  }
}
