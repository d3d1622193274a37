// A new link to confirm the signed-in seller's address (decision 042): asked for from the banner above every
// dashboard page and from Settings' Account card.
import { type LanguageRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function sendEmailVerification(request: LanguageRequest) {
  return callApi(routes.sendEmailVerification, request);
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
