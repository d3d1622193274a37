// Session operations every part of the app needs: the auth check and logging out.
// They live in shared code because the shells, the landing page and settings all use them.
import { DEFAULT_PRODUCT, routes, type User } from '@snaplist/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { useAuthStore } from '@/stores/auth';
import { callApi } from './api-client';
import { paths } from './paths';

/**
 * Asks the server who the token belongs to and stores the user. The request state goes
 * requesting → idle; a failure clears the session and rethrows for the caller to report.
 */
export async function checkAuth(): Promise<User> {
  const store = useAuthStore.getState();
  store.setRequestCheckAuth('requesting');
  try {
    const { user } = await callApi(routes.authCheck, { product: DEFAULT_PRODUCT });
    useAuthStore.getState().setUser(user);
    return user;
  } catch (error) {
    useAuthStore.getState().clearAuth();
    throw error;
  } finally {
    useAuthStore.getState().setRequestCheckAuth('idle');
  }
}

/**
 * Revokes the token on the server (a failure is only logged), forgets the session, empties the server-data
 * cache and goes home. Takes the query client and navigate from its caller so that a page can load this module
 * only when it logs out; the client is undefined when nothing has loaded it yet, so nothing is cached.
 */
export async function logOut(
  queryClient: QueryClient | undefined,
  navigate: NavigateFunction,
): Promise<void> {
  try {
    await callApi(routes.logout);
  } catch (error) {
    console.warn('Logout request failed', error);
  }
  useAuthStore.getState().clearAuth();
  queryClient?.clear();
  await navigate(paths.home);
}

/** {@link logOut} for pages that have this module loaded anyway. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => logOut(queryClient, navigate), [navigate, queryClient]);
}
