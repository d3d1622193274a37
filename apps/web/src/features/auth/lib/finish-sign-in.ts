// What happens once the server has answered a sign-in with a session, whichever way the seller signed in
// (password, Google or Apple, a linked account): the spec's sequence. Store the token, wait, check
// auth, say welcome, wait, open onboarding for a new user who signed in from home, wait. The caller then
// closes the modal (which lets a waiting photo upload carry on) or leaves the page it completed on.
import type { User } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import toast from 'react-hot-toast';
import { checkAuth } from '@/lib/auth';
import { sleep } from '@/lib/sleep';
import { type AuthModalContext, useAuthStore } from '@/stores/auth';
import { openOnboardingIfDue } from '@/stores/onboarding';

/** The pauses of the spec's post-auth sequence, in milliseconds. */
export const AUTH_WAITS = { beforeCheck: 1000, afterToast: 500, beforeClose: 100 };
const AUTH_TOAST_MS = 3000;

export interface FinishSignIn {
  jwtToken: string;
  /** 'welcome' for a new account, 'welcome back' for one that existed. */
  welcome: 'welcome' | 'welcome_back';
  context: AuthModalContext;
}

/** Runs the sequence up to the last pause; a failed auth check clears the session and rethrows. */
export async function finishSignIn(
  { jwtToken, welcome, context }: FinishSignIn,
  t: TFunction,
): Promise<User> {
  useAuthStore.getState().setToken(jwtToken);
  await sleep(AUTH_WAITS.beforeCheck);
  const user = await checkAuth();
  toast.success(welcome === 'welcome' ? t('auth.toast_welcome') : t('auth.toast_welcome_back'), {
    duration: AUTH_TOAST_MS,
    position: 'top-center',
  });
  await sleep(AUTH_WAITS.afterToast);
  // New users who have not seen onboarding (here or on another device) get it after signing in from home.
  if (context === 'home') openOnboardingIfDue(user, 'home');
  await sleep(AUTH_WAITS.beforeClose);
  return user;
}
