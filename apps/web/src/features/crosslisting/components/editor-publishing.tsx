// What crosslisting lends the listing editor's step 2 (the route table passes it to the editor page, decision
// 035): which marketplaces Snaplist can publish this listing to, the publish call the form makes once the
// listing is saved, each marketplace's copy and what a refused publish named, and the way to Settings for a
// marketplace set up on this server but not connected. With no marketplace set up it offers nothing.
import {
  type FieldIssue,
  MARKETPLACE_NAMES,
  type MarketplaceConnection,
  type Publication,
  type PublishingMarketplace,
} from '@snaplist/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { paths } from '@/lib/paths';
import { listingPublicationsQueryOptions, showPublications } from '../api/listing-publications';
import { useMarketplaceConnections } from '../api/marketplace-connections';
import { publishListing } from '../api/publish-listing';
import { canPublishAgain, isUsable } from '../connection-state';
import { publicationErrorText } from '../crosslisting-text';
import { MissingDetailList } from './missing-details';
import { PublicationStatus } from './publish-target';
import './crosslisting.css';
import './publishing.css';

export interface EditorPublishingTools {
  publishable: readonly PublishingMarketplace[];
  publish(listingId: string, marketplaces: readonly PublishingMarketplace[]): Promise<unknown>;
  status(marketplace: PublishingMarketplace, issues: readonly FieldIssue[]): ReactNode;
  connect(marketplace: PublishingMarketplace): ReactNode;
}

interface EditorPublishingProps {
  listingId: string | null;
  children: (tools: EditorPublishingTools) => ReactNode;
}

export function EditorPublishing({ listingId, children }: EditorPublishingProps) {
  const queryClient = useQueryClient();
  const connections = useMarketplaceConnections().data?.connections ?? [];
  const available = connections.some((connection) => connection.available);
  const copies = useQuery({
    ...listingPublicationsQueryOptions(listingId ?? ''),
    enabled: listingId !== null && available,
  }).data?.publications;
  const copyOn = (marketplace: PublishingMarketplace) =>
    listingId === null ? undefined : copies?.find((publication) => publication.marketplace === marketplace);

  const tools: EditorPublishingTools = {
    publishable: connections
      .filter(isUsable)
      .map((connection) => connection.marketplace)
      .filter((marketplace) => canPublishAgain(copyOn(marketplace))),
    publish: async (savedId, marketplaces) => {
      const answer = await publishListing(savedId, [...marketplaces]);
      showPublications(queryClient, savedId, answer);
      return answer;
    },
    status: (marketplace, issues) => {
      const copy = copyOn(marketplace);
      if (!copy && issues.length === 0) return null;
      return <MarketplaceCopy marketplace={marketplace} copy={copy} issues={issues} />;
    },
    connect: (marketplace) => {
      const connection = connections.find((entry) => entry.marketplace === marketplace);
      return connection?.available && !isUsable(connection) ? <ConnectLink connection={connection} /> : null;
    },
  };
  return children(tools);
}

function MarketplaceCopy({
  marketplace,
  copy,
  issues,
}: {
  marketplace: PublishingMarketplace;
  copy: Publication | undefined;
  issues: readonly FieldIssue[];
}) {
  const { t } = useTranslation();
  const name = MARKETPLACE_NAMES[marketplace];
  const failure = copy ? publicationErrorText(copy, t) : null;
  return (
    <div className="editor-publication">
      {copy && (
        <p className="editor-publication__status">
          <span className="editor-publication__label">
            {t('crosslisting.on_marketplace', { marketplace: name })}
          </span>
          <PublicationStatus publication={copy} />
          {copy.status === 'live' && copy.url && (
            <ExternalLink href={copy.url} className="publish-target__link">
              {t('crosslisting.view_on', { marketplace: name })}
              <ExternalLinkIcon size={14} aria-hidden="true" />
            </ExternalLink>
          )}
        </p>
      )}
      {copy?.status === 'failed' && failure && <p className="publish-target__failure">{failure}</p>}
      {issues.length > 0 && <MissingDetailList items={issues.map((issue) => ({ issue }))} />}
    </div>
  );
}

function ConnectLink({ connection }: { connection: MarketplaceConnection }) {
  const { t } = useTranslation();
  const marketplace = MARKETPLACE_NAMES[connection.marketplace];
  return (
    <Link to={paths.dashboard.settings} className="publish-target__settings">
      {connection.connected
        ? t('crosslisting.reconnect_in_settings', { marketplace })
        : t('crosslisting.editor_connect', { marketplace })}
    </Link>
  );
}
