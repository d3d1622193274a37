// The auth tests' modal: opened as a page opens it, in a query client that does not retry, with what
// GET /auth/providers already answered.
import type { OidcProvider } from '@snaplist/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { type AuthModalContext, type AuthModalView, useAuthStore } from '@/stores/auth';
import { authProvidersQuery } from './api/oidc';
import { AuthModal } from './components/auth-modal';

export interface AuthModalOptions {
  context?: AuthModalContext;
  view?: AuthModalView;
  /** The providers this server offers (none by default); 'ask' leaves the query to the test's API stub. */
  providers?: OidcProvider[] | 'ask';
  /** Renders the toaster beside the modal, for what it says in a toast. */
  withToaster?: boolean;
}

export function renderAuthModal({
  context = 'home',
  view,
  providers = [],
  withToaster = false,
}: AuthModalOptions = {}) {
  useAuthStore.getState().openAuthModal(context, view);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (providers !== 'ask') client.setQueryData(authProvidersQuery.queryKey, { providers });
  return render(
    <QueryClientProvider client={client}>
      <AuthModal />
      {withToaster && <Toaster />}
    </QueryClientProvider>,
  );
}
