// The marketplaces Snaplist publishes to and the seller's connection to each (GET /api/marketplaces): the
// fetch, its query options, the hook, and how an answer about one connection replaces it in the cached list.
import { type MarketplaceConnection, type MarketplaceConnectionsResponse, routes } from '@snaplist/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getMarketplaceConnections(signal?: AbortSignal): Promise<MarketplaceConnectionsResponse> {
  return callApi(routes.marketplaceConnections, undefined, signal ? { signal } : {});
}

export const marketplaceConnectionsQueryOptions = queryOptions({
  queryKey: ['marketplaces'],
  queryFn: ({ signal }) => getMarketplaceConnections(signal),
});

export function useMarketplaceConnections() {
  return useQuery(marketplaceConnectionsQueryOptions);
}

/**
 * Connecting, saving settings and disconnecting each answer the connection as it now is: it replaces its
 * entry at once, and the list is fetched again when next shown (the server may have changed other fields).
 */
export function showConnection(queryClient: QueryClient, connection: MarketplaceConnection): void {
  const { queryKey } = marketplaceConnectionsQueryOptions;
  queryClient.setQueryData(queryKey, (current) =>
    current
      ? {
          connections: current.connections.map((entry) =>
            entry.marketplace === connection.marketplace ? connection : entry,
          ),
        }
      : current,
  );
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}

/** A request that answers a connection as it now is (connecting, saving settings, disconnecting), shown at once. */
export function useConnectionMutation<Variables>(
  send: (variables: Variables) => Promise<MarketplaceConnection>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (connection) => showConnection(queryClient, connection),
  });
}
