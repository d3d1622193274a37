// The inventory's "Publish N listings" dialog: first the marketplaces (every connected one ticked), then the
// run: a progress bar of the listings settled (every chosen marketplace live or failed for it) and each
// listing's result: its live links, each failure in the marketplace's words, the details a refused publish
// named. Closing it stops nothing (bulk-publish-run.ts): the toolbar's progress button brings it back.
import {
  type ListingSummary,
  MARKETPLACE_NAMES,
  type MarketplaceConnection,
  type PublishingMarketplace,
} from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink as ExternalLinkIcon, Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogOnDemand } from '@/components/ui/dialog-on-demand';
import { ExternalLink } from '@/components/ui/external-link';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { isInProgress } from '../api/listing-publications';
import type { PublicationsOf } from '../api/publications-by-listing';
import { missingDetails } from '../api/publish-listing';
import {
  type BulkRun,
  closeBulkPublish,
  forgetBulkRun,
  itemOutcome,
  planRun,
  type RunItem,
  type RunProgress,
  runProgress,
  startBulkRun,
  useBulkPublishStore,
} from '../bulk-publish-run';
import { isUsable } from '../connection-state';
import { publicationErrorText, statusText } from '../crosslisting-text';
import { useMarketplaceChoice } from '../use-marketplace-choice';
import { editListingPath, MissingDetailList } from './missing-details';
import './crosslisting.css';
import './publishing.css';

interface BulkPublishDialogProps {
  connections: readonly MarketplaceConnection[];
  /** The inventory's current publications, so a listing is not sent where its copy is live or on its way. */
  current: PublicationsOf;
  /** The run's listings' publications, polled. */
  polled: PublicationsOf;
}

export function BulkPublishDialog({ connections, current, polled }: BulkPublishDialogProps) {
  const { t } = useTranslation();
  const dialog = useBulkPublishStore((state) => state.dialog);
  const run = useBulkPublishStore((state) => state.run);
  const progress = run ? runProgress(run, (id) => polled.get(id)) : null;

  const choosing = dialog.view === 'choose' ? dialog.listings : null;
  const title = choosing
    ? t('crosslisting.bulk_publish', { count: choosing.length })
    : t('crosslisting.bulk_run_title', { count: run?.items.length ?? 0 });

  return (
    <DialogOnDemand
      open={dialog.view !== 'closed'}
      onOpenChange={(open) => !open && closeBulkPublish()}
      title={title}
      description={t('crosslisting.bulk_intro')}
      className="bulk-publish"
    >
      {choosing ? (
        <ChooseMarketplaces listings={choosing} connections={connections} current={current} />
      ) : run && progress ? (
        <RunResults run={run} progress={progress} polled={polled} />
      ) : null}
    </DialogOnDemand>
  );
}

interface ChooseMarketplacesProps {
  listings: readonly ListingSummary[];
  connections: readonly MarketplaceConnection[];
  current: PublicationsOf;
}

function ChooseMarketplaces({ listings, connections, current }: ChooseMarketplacesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const usable = connections.filter(isUsable).map((connection) => connection.marketplace);
  const { chosen, tick } = useMarketplaceChoice(usable);
  const toConnect = connections.filter((connection) => connection.available && !isUsable(connection));
  const outOfStock = listings.filter(
    (listing) => listing.stockStatus !== 'inStock' || listing.quantity < 1,
  ).length;

  const publish = () => {
    if (chosen.length === 0) return;
    const items = planRun(listings, chosen, (id) => current.get(id));
    void startBulkRun(queryClient, chosen, items);
  };

  return (
    <div className="bulk-publish__body">
      {usable.length > 0 ? (
        <fieldset className="bulk-publish__marketplaces">
          <legend className="field__label">{t('crosslisting.bulk_marketplaces')}</legend>
          {usable.map((marketplace) => (
            <MarketplaceChoice
              key={marketplace}
              marketplace={marketplace}
              ticked={chosen.includes(marketplace)}
              onTick={(ticked) => tick(marketplace, ticked)}
            />
          ))}
        </fieldset>
      ) : (
        <p>{t('crosslisting.bulk_none_connected')}</p>
      )}
      {toConnect.length > 0 && (
        <ul className="bulk-publish__connect">
          {toConnect.map(({ marketplace, connected }) => (
            <li key={marketplace}>
              <Link to={paths.dashboard.settings}>
                {t(connected ? 'crosslisting.reconnect_in_settings' : 'crosslisting.connect_in_settings', {
                  marketplace: MARKETPLACE_NAMES[marketplace],
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {outOfStock > 0 && (
        <p className="muted">{t('crosslisting.bulk_out_of_stock', { count: outOfStock })}</p>
      )}
      <div className="bulk-publish__actions">
        <Button variant="secondary" onClick={closeBulkPublish}>
          {t('crosslisting.cancel')}
        </Button>
        {usable.length > 0 && (
          <Button disabled={chosen.length === 0} onClick={publish}>
            <Send size={18} aria-hidden="true" />
            {t('crosslisting.bulk_publish', { count: listings.length })}
          </Button>
        )}
      </div>
    </div>
  );
}

function MarketplaceChoice({
  marketplace,
  ticked,
  onTick,
}: {
  marketplace: PublishingMarketplace;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
}) {
  const id = useId();
  return (
    <span className="bulk-publish__choice">
      <Checkbox id={id} checked={ticked} onCheckedChange={onTick} />
      <label htmlFor={id}>{MARKETPLACE_NAMES[marketplace]}</label>
    </span>
  );
}

function RunResults({
  run,
  progress,
  polled,
}: {
  run: BulkRun;
  progress: RunProgress;
  polled: PublicationsOf;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const done = t('crosslisting.bulk_progress', { settled: progress.settled, total: progress.total });
  return (
    <div className="bulk-publish__body">
      <div className="bulk-publish__progress">
        <p id={labelId} className="bulk-publish__progress-label" aria-live="polite">
          {done}
        </p>
        <div
          className="bulk-publish__bar"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.settled}
          aria-valuetext={done}
        >
          <div
            className="bulk-publish__fill"
            style={{ width: `${progress.total === 0 ? 100 : (progress.settled / progress.total) * 100}%` }}
          />
        </div>
        {progress.needAttention > 0 && (
          <p className="bulk-publish__attention">
            {t('crosslisting.bulk_need_attention', { count: progress.needAttention })}
          </p>
        )}
      </div>
      <ol className="bulk-publish__results">
        {run.items.map((item) => (
          <ItemResult key={item.listingId} item={item} polled={polled} />
        ))}
      </ol>
      {!progress.complete && <p className="muted">{t('crosslisting.bulk_close_note')}</p>}
      <div className="bulk-publish__actions">
        {progress.complete ? (
          <Button onClick={forgetBulkRun}>{t('crosslisting.bulk_done')}</Button>
        ) : (
          <Button variant="secondary" onClick={closeBulkPublish}>
            {t('crosslisting.bulk_close')}
          </Button>
        )}
      </div>
    </div>
  );
}

function ItemResult({ item, polled }: { item: RunItem; polled: PublicationsOf }) {
  const { t } = useTranslation();
  const { request } = item;
  const outcome = itemOutcome(item, polled.get(item.listingId));
  return (
    <li className="bulk-result">
      <Link to={paths.dashboard.listing(item.listingId)} className="bulk-result__title">
        {item.title || t('crosslisting.untitled')}
      </Link>
      {request.kind === 'waiting' && <p className="muted">{t('crosslisting.bulk_waiting')}</p>}
      {request.kind === 'sending' && (
        <p className="bulk-result__sending">
          <Spinner size="sm" />
          {t('crosslisting.bulk_sending')}
        </p>
      )}
      {request.kind === 'skipped' && (
        <p className="muted">
          {request.reason === 'out_of_stock'
            ? t('crosslisting.bulk_skipped_out_of_stock')
            : t('crosslisting.bulk_skipped_already_there')}
        </p>
      )}
      {request.kind === 'refused' && <Refusal listingId={item.listingId} error={request.error} />}
      {request.kind === 'sent' && (
        <ul className="bulk-result__copies">
          {outcome.publications.map((publication) => {
            const name = MARKETPLACE_NAMES[publication.marketplace];
            const failure = publicationErrorText(publication, t);
            return (
              <li key={publication.marketplace} className="bulk-result__copy">
                <span className="bulk-result__marketplace">{name}</span>
                <span className={`publication-status publication-status--${publication.status}`}>
                  {isInProgress(publication) && <Spinner size="sm" />}
                  {statusText(publication.status, t)}
                </span>
                {publication.status === 'live' && publication.url && (
                  <ExternalLink href={publication.url} className="bulk-result__link">
                    {t('crosslisting.view_on', { marketplace: name })}
                    <ExternalLinkIcon size={14} aria-hidden="true" />
                  </ExternalLink>
                )}
                {publication.status === 'failed' && failure && (
                  <p className="bulk-result__failure">{failure}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** Nothing was queued for this listing: the details a 422 named, by marketplace, or why it was refused. */
function Refusal({ listingId, error }: { listingId: string; error: unknown }) {
  const { t } = useTranslation();
  const missing = missingDetails(error);
  if (!missing) return <p className="bulk-result__failure">{errorText(error, t)}</p>;
  const issues = [
    ...missing.general.map((issue) => ({ issue, marketplace: null })),
    ...Object.entries(missing.byMarketplace).flatMap(([marketplace, list]) =>
      (list ?? []).map((issue) => ({ issue, marketplace: marketplace as PublishingMarketplace })),
    ),
  ];
  return (
    <div className="bulk-result__refusal">
      <MissingDetailList items={issues} />
      <div className="bulk-result__fixes">
        {missing.inListing && (
          <Link to={editListingPath(listingId)} className={buttonClass('ghost', 'sm')}>
            {t('crosslisting.edit_listing')}
          </Link>
        )}
        {missing.inSettings && (
          <Link to={paths.dashboard.settings} className={buttonClass('ghost', 'sm')}>
            {t('crosslisting.open_settings')}
          </Link>
        )}
      </div>
    </div>
  );
}
