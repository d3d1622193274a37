// What happened to listings on the marketplaces, newest first: on a listing's page its own events, on the
// dashboard home the seller's latest across listings (then each names its listing, linked).
import type { Activity, ActivityKind } from '@snaplist/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { newestFirst } from '../api/activity';
import { activityText, formatWhen } from '../crosslisting-text';

/** Events the seller has to act on: a failure, or a copy only they can end (Vinted, Depop, Poshmark). */
const NEEDS_THE_SELLER: readonly ActivityKind[] = [
  'publish_failed',
  'end_failed',
  'update_failed',
  'end_by_hand',
];

interface ActivityListProps {
  activity: readonly Activity[];
  /** Name each event's listing: the list spans listings. */
  withListing?: boolean;
  limit?: number;
}

export function ActivityList({ activity, withListing = false, limit }: ActivityListProps) {
  const { t, i18n } = useTranslation();
  const shown = newestFirst(activity).slice(0, limit);
  return (
    <ol className="activity-list">
      {shown.map((event) => (
        <li
          key={event.id}
          className={
            NEEDS_THE_SELLER.includes(event.kind) ? 'activity-item activity-item--attention' : 'activity-item'
          }
        >
          {withListing && (
            <Link to={paths.dashboard.listing(event.listingId)} className="activity-item__listing">
              {event.listingTitle || t('listings.untitled')}
            </Link>
          )}
          <span className="activity-item__text">{activityText(event, t)}</span>
          {event.detail && <span className="activity-item__detail">{event.detail}</span>}
          <time className="activity-item__time" dateTime={event.at}>
            {formatWhen(event.at, i18n.resolvedLanguage)}
          </time>
        </li>
      ))}
    </ol>
  );
}
