// Changing the password (or setting a first one, for an account made with Google or Apple): the server ends
// every other session and answers with a new token for this one, which replaces the stored token at once,
// since the old one no longer works.
import { type ChangePasswordRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';

export async function changePassword(request: ChangePasswordRequest) {
  const { jwtToken, user } = await callApi(routes.changePassword, request);
  const auth = useAuthStore.getState();
  auth.setToken(jwtToken);
  // The answer's user is the server's view after the change (hasPassword is now true).
  auth.setUser(user);
  return user;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
