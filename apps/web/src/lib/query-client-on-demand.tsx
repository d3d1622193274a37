// TanStack Query's core (about 9 KB compressed) loads with the first page or dialog that reads server data,
// not with the landing page (decision 027). The provider is in place from the first render and gets its client
// once the core is there; a lazy route or dialog that reads server data loads through onDemand(…, { serverData })
// (lib/on-demand.ts), so its code and the client arrive together and it never renders without one.
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';

type QueryClientModule = typeof import('./query-client');

let loadedModule: QueryClientModule | undefined;
let loading: Promise<QueryClientModule> | undefined;
const listeners = new Set<() => void>();

/** Starts loading TanStack Query's core, once; the provider makes its client as soon as it is there. */
export function loadQueryClient(): Promise<QueryClientModule> {
  loading ??= import('./query-client').then(
    (module) => {
      loadedModule = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download (offline) is tried again by the next page or dialog that needs it.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentModule = () => loadedModule;

export function QueryClientOnDemandProvider({ children }: { children: ReactNode }) {
  const module = useSyncExternalStore(subscribe, currentModule, currentModule);
  const [client, setClient] = useState(() => module?.createQueryClient());
  // Made during the render in which the core arrives, so no child that needs the client renders before it.
  if (module && !client) setClient(module.createQueryClient());
  // What QueryClientProvider does: refetch and resume paused mutations when the browser is back online.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

/** The app's query client, or undefined while no page or dialog has read server data (nothing is cached). */
export function useQueryClientIfLoaded(): QueryClient | undefined {
  return useContext(QueryClientContext);
}
