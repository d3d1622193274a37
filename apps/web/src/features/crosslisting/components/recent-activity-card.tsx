// The dashboard home's "Recent activity": the seller's latest crosslisting events across listings. Nothing
// shows until there is something to show, so a seller who never published sees the home as before.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivity } from '../api/activity';
import { ActivityList } from './activity-list';
import './crosslisting.css';

const SHOWN = 8;

export function RecentActivityCard() {
  const { t } = useTranslation();
  const id = useId();
  const { data: activity } = useActivity();
  if (!activity || activity.length === 0) return null;
  return (
    <section className="card recent-activity" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('crosslisting.recent_activity')}
      </h2>
      <ActivityList activity={activity} withListing limit={SHOWN} />
    </section>
  );
}
