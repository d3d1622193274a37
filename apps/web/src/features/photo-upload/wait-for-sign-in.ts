// Decision 009: a visitor who submits photos is asked to sign in, and the upload carries on by
// itself once they have. Resolves true when the auth modal closes signed in, false when it closes without
// a sign-in or the wait is aborted (the page was left).
import { useAuthStore } from '@/stores/auth';

export function waitForSignIn(signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    // The modal stays open through the post-sign-in sequence (check, toast, pauses) and closes at its end,
    // so its closing is the moment the session is complete.
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (state.authModal.isOpen) return;
      finish(state.isAuthenticated);
    });
    const onAbort = () => finish(false);
    function finish(signedIn: boolean) {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
      resolve(signedIn);
    }
    signal?.addEventListener('abort', onAbort);
    useAuthStore.getState().openAuthModal('photo-upload');
  });
}
