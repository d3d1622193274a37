// A quiet auth check: asks the server for the signed-in user again (same call as the start-up check) when
// something the server counts may have changed it: a generation used the allowance, a checkout bought a plan.
// Unlike checkAuth it keeps the session through a network blip: only a 401 ends it.
import { DEFAULT_PRODUCT, routes, type User } from '@snaplist/contract';
import { useAuthStore } from '@/stores/auth';
import { ApiError, callApi } from './api-client';

/**
 * The fresh user, stored; null when there is no session, when it ended (a 401 clears it), or when the
 * server could not be asked this time (the stored user stays). Never throws.
 */
export async function refreshUser(): Promise<User | null> {
  if (!useAuthStore.getState().isAuthenticated) return null;
  try {
    const { user } = await callApi(routes.authCheck, { product: DEFAULT_PRODUCT });
    // Signed out while the request was on its way: do not sign them back in.
    if (!useAuthStore.getState().isAuthenticated) return null;
    useAuthStore.getState().setUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) useAuthStore.getState().clearAuth();
    else console.warn('Could not refresh the signed-in user', error);
    return null;
  }
}
