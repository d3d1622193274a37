// GET /plans: the catalogue as the server sells it, the free allowance, the support address for the checkout
// failure toast and which payment provider takes the money. The paywall renders from the contract's catalogue
// at once and takes the server's figures when they arrive.
import { type PlansResponse, routes } from '@snaplist/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return callApi(routes.plans, undefined, signal ? { signal } : {});
}

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => fetchPlans(signal),
  // The catalogue changes with a deployment, not while a page is open.
  staleTime: 10 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
