// The latest crosslisting events across the seller's listings (GET /api/activity), newest first: what the
// dashboard home's "Recent activity" card shows.
import { type Activity, routes } from '@snaplist/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getActivity(signal?: AbortSignal): Promise<Activity[]> {
  return callApi(routes.activity, undefined, signal ? { signal } : {}).then(({ activity }) => activity);
}

export const activityQueryOptions = queryOptions({
  queryKey: ['activity'],
  queryFn: ({ signal }) => getActivity(signal),
});

export function useActivity() {
  return useQuery(activityQueryOptions);
}

/** Newest first, whatever order the answer came in. */
export function newestFirst(activity: readonly Activity[]): Activity[] {
  return [...activity].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
