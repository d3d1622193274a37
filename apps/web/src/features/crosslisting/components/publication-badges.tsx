// An inventory row's copies on the marketplaces Snaplist publishes to, beside its "Listed on" links: on its way
// (queued, publishing, ending), failed (a link to the listing page, whose panel says why), or live where the
// row's links do not show it yet. Sold and ended copies say nothing here: the stock status does.
import {
  type ListedOn,
  MARKETPLACE_NAMES,
  PUBLISHING_MARKETPLACES,
  type Publication,
} from '@snaplist/contract';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { isInProgress } from '../api/listing-publications';
import { statusText } from '../crosslisting-text';
import './crosslisting.css';
import './publishing.css';

/** The copies worth a badge: a live one only while the row's own links lack it. */
export function badgeWorthy(publications: readonly Publication[], listedOn: ListedOn): Publication[] {
  return PUBLISHING_MARKETPLACES.flatMap((marketplace) => {
    const publication = publications.find((entry) => entry.marketplace === marketplace);
    if (!publication) return [];
    if (isInProgress(publication) || publication.status === 'failed') return [publication];
    const live = publication.status === 'live' && publication.url !== null;
    return live && !listedOn[marketplace] ? [publication] : [];
  });
}

interface PublicationBadgesProps {
  listingId: string;
  /** What badgeWorthy kept: never empty. */
  publications: readonly Publication[];
}

export function PublicationBadges({ listingId, publications }: PublicationBadgesProps) {
  const { t } = useTranslation();
  return (
    <ul className="publication-badges">
      {publications.map((publication) => {
        const marketplace = MARKETPLACE_NAMES[publication.marketplace];
        const label = (
          <>
            <span className="publication-badges__marketplace">{marketplace}</span>{' '}
            {statusText(publication.status, t)}
          </>
        );
        return (
          <li key={publication.marketplace}>
            {publication.status === 'live' && publication.url ? (
              <ExternalLink href={publication.url} className="listed-on__link">
                {marketplace}
                <ExternalLinkIcon size={14} aria-hidden="true" />
              </ExternalLink>
            ) : publication.status === 'failed' ? (
              <Link
                to={paths.dashboard.listing(listingId)}
                className="publication-status publication-status--failed publication-badges__failed"
              >
                {label}
              </Link>
            ) : (
              <span className={`publication-status publication-status--${publication.status}`}>
                <Spinner size="sm" />
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
