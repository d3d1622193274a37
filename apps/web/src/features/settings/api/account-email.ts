// The seller's e-mail address (issue 18): a new link to confirm the current one, and a change of address,
// which the server only makes once the link sent to the new address is followed (the /confirm-email page).
import { type ChangeEmailRequest, type LanguageRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function sendEmailVerification(request: LanguageRequest) {
  return callApi(routes.sendEmailVerification, request);
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}

export function changeEmail(request: ChangeEmailRequest) {
  return callApi(routes.changeEmail, request);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
