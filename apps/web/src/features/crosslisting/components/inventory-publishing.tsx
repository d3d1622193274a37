// What crosslisting lends the inventory (the route table passes it to the listings page, decision 035): each
// row's publication badges, "Publish" for the selected listings with its dialog, and the progress of a run
// once its dialog is closed. On a server with no marketplace set up it lends nothing and asks for nothing.
import type { ListingSummary } from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMarketplaceConnections } from '../api/marketplace-connections';
import { usePublicationsByListing } from '../api/publications-by-listing';
import { openBulkPublish, runProgress, showBulkRun, useBulkPublishStore } from '../bulk-publish-run';
import { BulkPublishDialog } from './bulk-publish-dialog';
import { badgeWorthy, PublicationBadges } from './publication-badges';

export interface InventoryPublishingTools {
  /** The row's copies on the marketplaces Snaplist publishes to, or null when there is nothing to show. */
  badges(listing: ListingSummary): ReactNode;
  /** The selection toolbar's "Publish (N)". */
  publishSelected(selected: readonly ListingSummary[]): ReactNode;
  /** A run under way (or finished) whose dialog is closed: its progress, a button back to it. */
  runStatus(): ReactNode;
}

const NOTHING: InventoryPublishingTools = {
  badges: () => null,
  publishSelected: () => null,
  runStatus: () => null,
};

interface InventoryPublishingProps {
  /** The inventory's loaded rows. */
  listings: readonly ListingSummary[];
  children: (tools: InventoryPublishingTools) => ReactNode;
}

export function InventoryPublishing({ listings, children }: InventoryPublishingProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const connections = useMarketplaceConnections().data?.connections;
  const available = connections?.some((connection) => connection.available) ?? false;
  const listingIds = useMemo(
    () => (available ? listings.map((listing) => listing.listingId) : []),
    [available, listings],
  );
  const current = usePublicationsByListing(listingIds);
  const run = useBulkPublishStore((state) => state.run);
  const dialogOpen = useBulkPublishStore((state) => state.dialog.view !== 'closed');
  const runIds = useMemo(() => run?.items.map((item) => item.listingId) ?? [], [run?.items]);
  const polled = usePublicationsByListing(runIds);
  const progress = run ? runProgress(run, (id) => polled.get(id)) : null;

  // Once every copy of a run has settled, the live ones are in the listings' links: the lists are read again.
  const completedRun = progress?.complete ? run?.id : undefined;
  useEffect(() => {
    if (completedRun === undefined) return;
    void queryClient.invalidateQueries({ queryKey: ['listings'] });
    void queryClient.invalidateQueries({ queryKey: ['activity'] });
  }, [completedRun, queryClient]);

  const tools: InventoryPublishingTools = {
    badges: (listing) => {
      const worthy = badgeWorthy(current.get(listing.listingId) ?? [], listing.listedOn);
      return worthy.length > 0 ? (
        <PublicationBadges listingId={listing.listingId} publications={worthy} />
      ) : null;
    },
    publishSelected: (selected) =>
      selected.length > 0 ? (
        <Button variant="secondary" size="sm" onClick={() => openBulkPublish(selected)}>
          <Send size={16} aria-hidden="true" />
          {t('crosslisting.publish_selected', { count: selected.length })}
        </Button>
      ) : null,
    runStatus: () =>
      progress && !dialogOpen ? (
        <Button variant="secondary" size="sm" className="bulk-publish-status" onClick={showBulkRun}>
          {!progress.complete && <Spinner size="sm" />}
          {progress.complete
            ? t('crosslisting.bulk_results')
            : t('crosslisting.bulk_progress_short', { settled: progress.settled, total: progress.total })}
        </Button>
      ) : null,
  };

  return (
    <>
      {children(connections && available ? tools : NOTHING)}
      {connections && available && (
        <BulkPublishDialog connections={connections} current={current} polled={polled} />
      )}
    </>
  );
}
