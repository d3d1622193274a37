// One marketplace in the Publish panel: its checkbox (or its name when it cannot be chosen), its copy's status
// with the live link or the reason it failed, the way to Settings when it is not connected, and what it
// still needs from the listing after a refused publish.
import {
  type FieldIssue,
  MARKETPLACE_NAMES,
  type MarketplaceConnection,
  type Publication,
} from '@snaplist/contract';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { ExternalLink } from '@/components/ui/external-link';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { isInProgress } from '../api/listing-publications';
import { publicationErrorText, statusText } from '../crosslisting-text';
import { MissingDetailList } from './missing-details';

/** A copy whose page on the marketplace is worth opening: live, being ended, or where it sold. */
const SHOWS_LINK: ReadonlySet<Publication['status']> = new Set(['live', 'ending', 'sold']);

export interface PublishRow {
  connection: MarketplaceConnection;
  publication: Publication | undefined;
  /** Offered as a checkbox: connected, working, in stock, and nothing live or on its way there. */
  selectable: boolean;
}

interface PublishTargetProps {
  row: PublishRow;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  /** What this marketplace requires and the listing lacks, from the last refused publish. */
  issues: FieldIssue[] | undefined;
}

export function PublishTarget({ row, ticked, onTick, issues }: PublishTargetProps) {
  const { t } = useTranslation();
  const id = useId();
  const { connection, publication, selectable } = row;
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const failure = publication ? publicationErrorText(publication, t) : null;

  return (
    <li className="publish-target">
      <div className="publish-target__head">
        {selectable ? (
          <span className="publish-target__choice">
            <Checkbox id={id} checked={ticked} onCheckedChange={onTick} />
            <label htmlFor={id} className="publish-target__name">
              {name}
            </label>
          </span>
        ) : (
          <span className="publish-target__name">{name}</span>
        )}
        {publication && <PublicationStatus publication={publication} />}
      </div>
      {publication && SHOWS_LINK.has(publication.status) && publication.url && (
        <ExternalLink href={publication.url} className="publish-target__link">
          {t('crosslisting.view_on', { marketplace: name })}
          <ExternalLinkIcon size={14} aria-hidden="true" />
        </ExternalLink>
      )}
      {publication?.status === 'failed' && failure && <p className="publish-target__failure">{failure}</p>}
      {connection.available && !connection.connected && (
        <Link to={paths.dashboard.settings} className="publish-target__settings">
          {t('crosslisting.connect_in_settings', { marketplace: name })}
        </Link>
      )}
      {connection.connected && connection.needsReconnect && (
        <Link to={paths.dashboard.settings} className="publish-target__settings">
          {t('crosslisting.reconnect_in_settings', { marketplace: name })}
        </Link>
      )}
      {issues && issues.length > 0 && <MissingDetailList items={issues.map((issue) => ({ issue }))} />}
    </li>
  );
}

export function PublicationStatus({ publication }: { publication: Publication }) {
  const { t } = useTranslation();
  return (
    <span className={`publication-status publication-status--${publication.status}`}>
      {isInProgress(publication) && <Spinner size="sm" />}
      {statusText(publication.status, t)}
    </span>
  );
}
