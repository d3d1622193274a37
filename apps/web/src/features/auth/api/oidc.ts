// Signing in with Google or Apple (decision 044, packages/contract/src/oidc.ts): which providers this server
// offers, starting and completing a sign-in, and proving an existing account is the seller's (its password,
// or a link e-mailed to it) before the provider is linked to it.
import {
  type OidcCompleteRequest,
  type OidcLinkConfirmRequest,
  type OidcLinkEmailRequest,
  type OidcLinkRequest,
  type OidcProvider,
  type OidcStartRequest,
  routes,
} from '@snaplist/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function fetchAuthProviders() {
  return callApi(routes.authProviders);
}

/** What the server is configured for does not change while the page is open: asked once per visit. */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: fetchAuthProviders,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

export function startProviderSignIn(provider: OidcProvider, request: OidcStartRequest) {
  return callApi(routes.startOidc, request, { params: { provider } });
}

export function completeProviderSignIn(provider: OidcProvider, request: OidcCompleteRequest) {
  return callApi(routes.completeOidc, request, { params: { provider } });
}

export function linkProviderWithPassword(provider: OidcProvider, request: OidcLinkRequest) {
  return callApi(routes.linkOidc, request, { params: { provider } });
}

/** A mutation of a route that takes the provider in its path and a request in its body. */
function useProviderMutation<Request, Answer>(
  send: (provider: OidcProvider, request: Request) => Promise<Answer>,
) {
  return useMutation({
    mutationFn: ({ provider, request }: { provider: OidcProvider; request: Request }) =>
      send(provider, request),
  });
}

export function useLinkProviderWithPassword() {
  return useProviderMutation(linkProviderWithPassword);
}

export function sendProviderLinkEmail(provider: OidcProvider, request: OidcLinkEmailRequest) {
  return callApi(routes.sendOidcLinkEmail, request, { params: { provider } });
}

export function useSendProviderLinkEmail() {
  return useProviderMutation(sendProviderLinkEmail);
}

export function confirmProviderLink(request: OidcLinkConfirmRequest) {
  return callApi(routes.confirmOidcLink, request);
}

export function useConfirmProviderLink() {
  return useMutation({ mutationFn: confirmProviderLink });
}
