// Everything the whole app shares: server-data cache, translations, toasts and the alert dialog.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { AlertDialogHost } from '@/components/ui/alert-dialog-host';
import { i18n } from '@/lib/i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** SPEC section 9: default durations per toast kind, top-centre. */
const TOAST_OPTIONS = {
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Number.POSITIVE_INFINITY },
  custom: { duration: 4000 },
  className: 'toast',
};

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />
        <AlertDialogHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
