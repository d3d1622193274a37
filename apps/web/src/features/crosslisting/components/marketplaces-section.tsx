// Settings → Marketplaces: one card per marketplace Snaplist publishes to, as the server answers them
// (marketplaceConnections). Mounted by the app's route table into the Settings page.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledCard } from '@/components/ui/titled-card';
import { errorText } from '@/lib/errors';
import { useMarketplaceConnections } from '../api/marketplace-connections';
import { justConnected } from '../connected-notice';
import { MarketplaceCard } from './marketplace-card';
import './crosslisting.css';

export function MarketplacesSection() {
  const { t } = useTranslation();
  const query = useMarketplaceConnections();
  const connected = justConnected(useLocation().state);

  return (
    <TitledCard
      titleId="settings-marketplaces"
      className="marketplaces"
      title={t('crosslisting.marketplaces_title')}
    >
      <p className="muted">{t('crosslisting.marketplaces_intro')}</p>
      {query.data ? (
        <ul className="marketplaces__list">
          {query.data.connections.map((connection) => (
            <li key={connection.marketplace}>
              <MarketplaceCard
                connection={connection}
                justConnected={connected === connection.marketplace && connection.connected}
              />
            </li>
          ))}
        </ul>
      ) : query.error ? (
        <div className="crosslisting-error" role="alert">
          <p>
            {t('crosslisting.marketplaces_load_failed')} {errorText(query.error, t)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('crosslisting.try_again')}
          </Button>
        </div>
      ) : (
        <div className="marketplaces__list" aria-busy="true">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height="5.5rem" />
          <Skeleton height="5.5rem" />
          <Skeleton height="5.5rem" />
        </div>
      )}
    </TitledCard>
  );
}
