// The app's server-data cache (TanStack Query) and its defaults. Only lib/query-client-on-demand.tsx loads this
// module, with the first page or dialog that reads server data, so the landing page never downloads
// TanStack Query's core (decision 027).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
