// Code loaded on demand (a page, a dialog) comes with what it needs beyond what the first page of a visit
// loaded: every page's strings (a first visit has only the first pages', lib/first-page-translations.ts) and,
// for code that reads server data, TanStack Query's client (lib/query-client-on-demand.tsx). Lazy routes and
// lazily mounted components load through it (decision 027).
import { loadAllTranslations } from './i18n';
import { loadQueryClient } from './query-client-on-demand';

interface Needs {
  /** Reads server data through TanStack Query (useQuery, useMutation, useQueryClient). */
  serverData?: boolean;
}

/** Wraps a loader: the module resolves once the strings (and the query client, if needed) are in too. */
export function onDemand<T>(load: () => Promise<T>, { serverData = false }: Needs = {}): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([
      load(),
      loadAllTranslations(),
      serverData ? loadQueryClient() : undefined,
    ]);
    return module;
  };
}
