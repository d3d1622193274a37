// Getting back into an account (decision 040): ask for a reset link by e-mail, then choose a new password
// with the link's token. The request answers the same whether or not the address has an account; the
// confirmation answers like a log-in, with a session for the account.
import { type PasswordResetConfirm, type PasswordResetRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function requestPasswordReset(request: PasswordResetRequest) {
  return callApi(routes.requestPasswordReset, request);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function confirmPasswordReset(confirm: PasswordResetConfirm) {
  return callApi(routes.confirmPasswordReset, confirm);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
