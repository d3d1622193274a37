// Confirming an e-mail address (decision 042): the link e-mailed after a password sign-up (or to a new
// address from Settings) confirms it with its token. A new link is asked for through @/lib/email-verification.
import { type EmailTokenRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function confirmEmail(request: EmailTokenRequest) {
  return callApi(routes.confirmEmail, request);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
