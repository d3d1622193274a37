// A change of the seller's e-mail address (decision 042), which the server only makes once the link sent to
// the new address is followed (the /confirm-email page). A new link for the current address is auth's.
import { type ChangeEmailRequest, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function changeEmail(request: ChangeEmailRequest) {
  return callApi(routes.changeEmail, request);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
