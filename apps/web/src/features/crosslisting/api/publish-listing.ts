// Publishing a listing to the chosen marketplaces (POST /api/listings/:id/publish). The server checks first
// that every marketplace has what it requires: a 422 `listing_incomplete` lists each missing detail as
// `<marketplace>.<field>` with an issue code, and nothing is sent to any marketplace.
import {
  type FieldIssue,
  type IssueCode,
  isPublishingMarketplace,
  type PublishingMarketplace,
  routes,
} from '@snaplist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { showPublications } from './listing-publications';

export function publishListing(listingId: string, marketplaces: PublishingMarketplace[]) {
  return callApi(routes.publishListing, { marketplaces }, { params: { id: listingId } });
}

export function usePublishListing(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketplaces: PublishingMarketplace[]) => publishListing(listingId, marketplaces),
    onSuccess: (publications) => showPublications(queryClient, listingId, publications),
  });
}

/** Issues the seller fixes in Settings (the connection and its choices), not in the listing editor. */
const SETTINGS_ISSUES: readonly IssueCode[] = [
  'marketplace_not_connected',
  'marketplace_setting_required',
  'marketplace_setting_invalid',
];

export function isSettingsIssue(issue: FieldIssue): boolean {
  return SETTINGS_ISSUES.includes(issue.code);
}

export interface MissingDetails {
  /** Issues about one marketplace's copy (`ebay.price`), by marketplace. */
  byMarketplace: Partial<Record<PublishingMarketplace, FieldIssue[]>>;
  /** Issues about the listing whatever the marketplace (a field without a marketplace prefix). */
  general: FieldIssue[];
  /** Some are fixed in the listing editor, some in Settings: the alert offers the way to each. */
  inListing: boolean;
  inSettings: boolean;
}

/** The details a 422 `listing_incomplete` names, sorted by marketplace; undefined for any other error. */
export function missingDetails(error: unknown): MissingDetails | undefined {
  if (!(error instanceof ApiError) || error.code !== 'listing_incomplete') return undefined;
  const issues = error.details ?? [];
  const missing: MissingDetails = {
    byMarketplace: {},
    general: [],
    inListing: issues.some((issue) => !isSettingsIssue(issue)),
    inSettings: issues.some(isSettingsIssue),
  };
  for (const issue of issues) {
    const [prefix = ''] = issue.field.split('.');
    if (!isPublishingMarketplace(prefix)) {
      missing.general.push(issue);
      continue;
    }
    const forMarketplace = missing.byMarketplace[prefix] ?? [];
    forMarketplace.push(issue);
    missing.byMarketplace[prefix] = forMarketplace;
  }
  return missing;
}

/**
 * The setting an issue is about (`ebay.settings.fulfillmentPolicyId`, or `ebay.fulfillmentPolicyId`), if it is
 * about one of a marketplace's.
 */
export function settingOfIssue(
  issue: FieldIssue,
): { marketplace: PublishingMarketplace; name: string } | null {
  if (issue.code !== 'marketplace_setting_required' && issue.code !== 'marketplace_setting_invalid') {
    return null;
  }
  const [marketplace = '', ...path] = issue.field.split('.');
  const name = path.join('.').replace(/^settings\./, '');
  if (!isPublishingMarketplace(marketplace) || name === '') return null;
  return { marketplace, name };
}
