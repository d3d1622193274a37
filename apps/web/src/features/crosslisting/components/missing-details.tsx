// After a 422 `listing_incomplete`: nothing was sent to any marketplace. Each marketplace's missing details
// show on its own row; this says so once, lists what is missing whatever the marketplace, and links to where
// the seller fixes it: the listing editor, Settings, or both.
import { type FieldIssue, MARKETPLACE_NAMES, type PublishingMarketplace } from '@snaplist/contract';
import { CircleAlert, Pencil, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { issueText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { type MissingDetails, settingOfIssue } from '../api/publish-listing';
import { settingLabel } from '../crosslisting-text';

export function editListingPath(listingId: string): string {
  return `${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listingId)}&editing=yes`;
}

/** One missing detail; a setting's is named, as one marketplace can lack several. */
export function MissingDetailText({ issue }: { issue: FieldIssue }) {
  const { t } = useTranslation();
  const setting = settingOfIssue(issue);
  if (!setting) return issueText(issue, t);
  const key =
    issue.code === 'marketplace_setting_required'
      ? 'crosslisting.setting_required_named'
      : 'crosslisting.setting_invalid_named';
  return t(key, {
    setting: settingLabel(setting.name, t),
    marketplace: MARKETPLACE_NAMES[setting.marketplace],
  });
}

/** Missing details as a list, each marked; with `marketplace`, an item says which marketplace lacks it. */
export function MissingDetailList({
  items,
}: {
  items: ReadonlyArray<{ issue: FieldIssue; marketplace?: PublishingMarketplace | null }>;
}) {
  const { t } = useTranslation();
  return (
    <ul className="missing-detail-list">
      {items.map(({ issue, marketplace }) => (
        <li key={`${marketplace ?? ''}:${issue.field}:${issue.code}`}>
          <CircleAlert size={16} aria-hidden="true" />
          <span>
            {marketplace && (
              <span className="missing-detail-list__marketplace">
                {t('crosslisting.on_marketplace', { marketplace: MARKETPLACE_NAMES[marketplace] })}{' '}
              </span>
            )}
            <MissingDetailText issue={issue} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function MissingDetailsAlert({ missing, listingId }: { missing: MissingDetails; listingId: string }) {
  const { t } = useTranslation();
  return (
    <div className="missing-details" role="alert">
      <p className="missing-details__title">{t('crosslisting.incomplete_title')}</p>
      {missing.general.length > 0 && (
        <ul className="missing-details__list">
          {missing.general.map((issue) => (
            <li key={`${issue.field}:${issue.code}`}>
              <MissingDetailText issue={issue} />
            </li>
          ))}
        </ul>
      )}
      <div className="missing-details__links">
        {missing.inListing && (
          <Link to={editListingPath(listingId)} className={buttonClass('secondary', 'sm')}>
            <Pencil size={16} aria-hidden="true" />
            {t('crosslisting.edit_listing')}
          </Link>
        )}
        {missing.inSettings && (
          <Link to={paths.dashboard.settings} className={buttonClass('secondary', 'sm')}>
            <Settings size={16} aria-hidden="true" />
            {t('crosslisting.open_settings')}
          </Link>
        )}
      </div>
    </div>
  );
}
