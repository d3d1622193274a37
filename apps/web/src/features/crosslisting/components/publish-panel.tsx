// The listing page's "Publish" panel for an inventory listing: one row per marketplace Snaplist publishes to
// (a checkbox when it can be published there, its copy's status once it has one, a link to Settings when the
// account is not connected), "Publish to N marketplaces", "Mark as sold" once it is live somewhere, and what
// happened to it. The copy-and-open tabs further down stay for every marketplace.
import type { Listing, Publication } from '@snaplist/contract';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { useListingPublications } from '../api/listing-publications';
import { useMarketplaceConnections } from '../api/marketplace-connections';
import { missingDetails, usePublishListing } from '../api/publish-listing';
import { useMarketplaceChoice } from '../use-marketplace-choice';
import { ActivityList } from './activity-list';
import { MarkSold } from './mark-sold';
import { MissingDetailsAlert } from './missing-details';
import { type PublishRow, PublishTarget } from './publish-target';
import './crosslisting.css';

/** A marketplace can take the listing again unless a copy is there or on its way (or it sold there). */
const REPUBLISHABLE: ReadonlySet<Publication['status']> = new Set(['failed', 'ended']);

export function PublishPanel({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const headingId = useId();
  const connections = useMarketplaceConnections();
  const publications = useListingPublications(listing.listingId);

  const failed = connections.error ?? publications.error;
  if (failed) {
    return (
      <section className="card publish-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="card__title">
          {t('crosslisting.publish_title')}
        </h2>
        <div className="crosslisting-error" role="alert">
          <p>
            {t('crosslisting.publish_load_failed')} {errorText(failed, t)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void Promise.all([connections.refetch(), publications.refetch()])}
          >
            {t('crosslisting.try_again')}
          </Button>
        </div>
      </section>
    );
  }
  // Until the server says which marketplaces are set up, nothing: on a server with none, the panel never shows.
  if (!connections.data) return null;

  const inStock = listing.stockStatus === 'inStock' && listing.quantity > 0;
  const rows: PublishRow[] = connections.data.connections.flatMap((connection) => {
    const publication = publications.data?.publications.find(
      (entry) => entry.marketplace === connection.marketplace,
    );
    if (!connection.available && !publication) return [];
    const usable = connection.available && connection.connected && !connection.needsReconnect;
    const selectable = usable && inStock && (!publication || REPUBLISHABLE.has(publication.status));
    return [{ connection, publication, selectable }];
  });
  if (rows.length === 0) return null;

  return (
    <section className="card publish-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {t('crosslisting.publish_title')}
      </h2>
      <p className="muted">{t('crosslisting.publish_intro')}</p>
      {publications.data ? (
        <PublishForm listing={listing} rows={rows} inStock={inStock} />
      ) : (
        <div aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="8rem" />
        </div>
      )}
      {publications.data && publications.data.activity.length > 0 && (
        <div className="publish-panel__activity">
          <h3 className="publish-panel__subtitle">{t('crosslisting.activity_title')}</h3>
          <ActivityList activity={publications.data.activity} />
        </div>
      )}
    </section>
  );
}

interface PublishFormProps {
  listing: Listing;
  rows: PublishRow[];
  inStock: boolean;
}

function PublishForm({ listing, rows, inStock }: PublishFormProps) {
  const { t } = useTranslation();
  const publish = usePublishListing(listing.listingId);
  const selectable = rows.filter((row) => row.selectable).map((row) => row.connection.marketplace);
  const { chosen, tick, tickAll } = useMarketplaceChoice(selectable);
  const missing = missingDetails(publish.error);
  const live = rows.flatMap(({ publication }) =>
    publication?.status === 'live' ? [publication.marketplace] : [],
  );

  const submit = () => {
    if (publish.isPending || chosen.length === 0) return;
    publish.mutate(chosen, { onSuccess: tickAll });
  };

  return (
    <>
      <ul className="publish-targets" aria-live="polite">
        {rows.map((row) => (
          <PublishTarget
            key={row.connection.marketplace}
            row={row}
            ticked={chosen.includes(row.connection.marketplace)}
            onTick={(ticked) => tick(row.connection.marketplace, ticked)}
            issues={missing?.byMarketplace[row.connection.marketplace]}
          />
        ))}
      </ul>
      {!inStock && <p className="muted">{t('crosslisting.out_of_stock')}</p>}
      {missing && <MissingDetailsAlert missing={missing} listingId={listing.listingId} />}
      {publish.error && !missing && (
        <p className="field__error" role="alert">
          {errorText(publish.error, t)}
        </p>
      )}
      <div className="publish-panel__actions">
        {selectable.length > 0 && (
          <Button disabled={chosen.length === 0} aria-disabled={publish.isPending} onClick={submit}>
            {publish.isPending ? <Spinner size="sm" /> : <Send size={18} aria-hidden="true" />}
            {publish.isPending
              ? t('crosslisting.publishing')
              : t('crosslisting.publish_to', { count: chosen.length })}
          </Button>
        )}
        {live.length > 0 && <MarkSold listingId={listing.listingId} live={live} />}
      </div>
    </>
  );
}
