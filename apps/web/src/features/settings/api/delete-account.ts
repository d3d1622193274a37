// Deleting the account for good, confirmed by the account's e-mail typed by the seller. The server ends
// every session with it, so afterwards the browser only forgets the session and its cached data: there is
// no token left to log out with.
import { type DeleteAccountRequest, routes } from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';

export function deleteAccount(request: DeleteAccountRequest) {
  return callApi(routes.deleteAccount, request);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      useAuthStore.getState().clearAuth();
      queryClient.clear();
    },
  });
}
