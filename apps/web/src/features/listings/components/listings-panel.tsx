// One tab's content for one search: its pages with Load more until done, and on the Inventory tab the
// selection, deleting (one or the selected ones, each after a confirmation), Export CSV and, when crosslisting
// lends them, each row's publication badges and publishing the selected ones. The page mounts a new panel for
// every tab and search, so the list, cursor, done flag and selection all start over.
import type { ListingSummary, ListingType } from '@snaplist/contract';
import { Download, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { showAlert } from '@/stores/alert';
import { useDeleteListings } from '../api/delete-listings';
import { useExportInventory } from '../api/export-listings';
import { listErrorText, useListingsPages } from '../api/list-listings';
import type { InventoryPublishingSlot, InventoryPublishingTools } from '../publishing-slot';
import { GenerationsGrid } from './generations-grid';
import { InventoryTable } from './inventory-table';
import { EmptyListings, ListingsLoadFailed, ListingsSkeleton } from './listings-states';

/**
 * Failures already alerted (one alert per failure). Kept outside the component so neither
 * StrictMode's second effect run nor a remount over the same cached error alerts twice.
 */
const alerted = new WeakSet<object>();

type DeleteRequest = { kind: 'one'; listing: ListingSummary } | { kind: 'selected'; ids: string[] };

interface ListingsPanelProps {
  type: ListingType;
  search: string;
  onClearSearch: () => void;
  Publishing?: InventoryPublishingSlot | undefined;
}

export function ListingsPanel({ type, search, onClearSearch, Publishing }: ListingsPanelProps) {
  const { t } = useTranslation();
  const query = useListingsPages(type, search);
  const listings = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const rootRef = useRef<HTMLDivElement>(null);

  const listError = query.error;
  useEffect(() => {
    if (!listError || alerted.has(listError)) return;
    alerted.add(listError);
    showAlert(listErrorText(listError, t));
  }, [listError, t]);

  // When every loaded row was deleted but more pages remain, fetch the next one rather than claim emptiness.
  // After a failure it waits for the seller's Try again, so a broken server is not asked in a loop.
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const drained = listings.length === 0 && query.data !== undefined && hasNextPage;
  useEffect(() => {
    if (drained && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [drained, isFetching, isFetchNextPageError, fetchNextPage]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleteRequest, setDeleteRequest] = useState<DeleteRequest | null>(null);
  const deletion = useDeleteListings();
  const exporting = useExportInventory();

  const select = (listingId: string, isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(listingId);
      else next.delete(listingId);
      return next;
    });
  const selectAll = (isSelected: boolean) =>
    setSelected(isSelected ? new Set(listings.map((listing) => listing.listingId)) : new Set());
  const selectedListings = listings.filter((listing) => selected.has(listing.listingId));
  const selectedIds = selectedListings.map((listing) => listing.listingId);

  const confirmDelete = () => {
    if (!deleteRequest) return;
    const ids = deleteRequest.kind === 'one' ? [deleteRequest.listing.listingId] : deleteRequest.ids;
    deletion.mutate(
      { ids },
      {
        onSuccess: (deletedIds) => {
          const gone = new Set(deletedIds);
          setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
          setDeleteRequest(null);
          toast.success(t('listings.deleted', { count: deletedIds.length }));
        },
        onError: (error) => {
          setDeleteRequest(null);
          toast.error(errorText(error, t));
        },
      },
    );
  };

  const exportCsv = () => {
    if (exporting.isPending) return;
    exporting.mutate(undefined, {
      onSuccess: () => toast.success(t('listings.exported')),
      onError: (error) => toast.error(errorText(error, t)),
    });
  };

  /** After a delete the button that opened the dialog may be gone: the select-all box, else Export. */
  const fallbackFocus = () =>
    rootRef.current?.querySelector<HTMLElement>('[data-focus-fallback="select-all"]') ??
    rootRef.current?.querySelector<HTMLElement>('[data-focus-fallback="export"]') ??
    null;

  const renderBody = (tools: InventoryPublishingTools | null): ReactNode => {
    if (query.isPending) return <ListingsSkeleton type={type} />;
    if (query.isError && !query.data) {
      return <ListingsLoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    }
    if (drained) {
      return isFetchNextPageError ? (
        <ListingsLoadFailed onRetry={() => void fetchNextPage()} retrying={query.isFetchingNextPage} />
      ) : (
        <ListingsSkeleton type={type} />
      );
    }
    if (listings.length === 0) return <EmptyListings search={search} onClearSearch={onClearSearch} />;
    if (type === 'generations') return <GenerationsGrid listings={listings} />;
    return (
      <InventoryTable
        listings={listings}
        selected={selected}
        onSelect={select}
        onSelectAll={selectAll}
        onDelete={(listing) => setDeleteRequest({ kind: 'one', listing })}
        badges={tools?.badges}
      />
    );
  };

  const renderPanel = (tools: InventoryPublishingTools | null) => (
    <div className="listings-panel" ref={rootRef}>
      {type === 'inventory' && (
        <div className="listings-toolbar">
          {selectedIds.length > 0 && (
            <div className="listings-toolbar__selection">
              <span className="listings-toolbar__count">
                {t('listings.selected_count', { count: selectedIds.length })}
              </span>
              {tools?.publishSelected(selectedListings)}
              <Button
                variant="danger"
                size="sm"
                onClick={() => setDeleteRequest({ kind: 'selected', ids: selectedIds })}
              >
                <Trash2 size={16} aria-hidden="true" />
                {t('listings.delete_selected', { count: selectedIds.length })}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                {t('listings.clear_selection')}
              </Button>
            </div>
          )}
          {tools?.runStatus()}
          <Button
            variant="secondary"
            size="sm"
            className="listings-toolbar__export"
            aria-disabled={exporting.isPending}
            onClick={exportCsv}
            data-focus-fallback="export"
          >
            {exporting.isPending ? <Spinner size="sm" /> : <Download size={16} aria-hidden="true" />}
            {exporting.isPending ? t('listings.exporting') : t('listings.export_csv')}
          </Button>
        </div>
      )}

      {renderBody(tools)}

      {hasNextPage && !drained && (
        <div className="listings-more">
          <Button
            variant="secondary"
            aria-disabled={query.isFetchingNextPage}
            onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
          >
            {query.isFetchingNextPage && <Spinner size="sm" />}
            {query.isFetchingNextPage ? t('common.loading') : t('listings.load_more')}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={deleteRequest !== null}
        onOpenChange={(open) => !open && setDeleteRequest(null)}
        title={
          deleteRequest?.kind === 'selected'
            ? t('listings.delete_selected_title', { count: deleteRequest.ids.length })
            : t('listings.delete_title')
        }
        description={
          deleteRequest?.kind === 'selected'
            ? t('listings.delete_selected_text')
            : t('listings.delete_text', {
                title: deleteRequest?.listing.title || t('listings.untitled'),
              })
        }
        confirmLabel={t('listings.delete')}
        cancelLabel={t('listings.cancel')}
        busyLabel={t('listings.deleting')}
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        fallbackFocus={fallbackFocus}
      />
    </div>
  );

  return Publishing && type === 'inventory' ? (
    <Publishing listings={listings}>{renderPanel}</Publishing>
  ) : (
    renderPanel(null)
  );
}
