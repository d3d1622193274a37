// One marketplace in Settings, in one of four states: not set up on this server (the copy-and-open way in the
// listing editor still works), ready to connect, connected (account, settings, Disconnect), or connected but
// refused by the marketplace (Reconnect).
import { MARKETPLACE_NAMES, type MarketplaceConnection } from '@snaplist/contract';
import { CircleAlert, CircleCheck, Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { useConnectMarketplace } from '../api/connect-marketplace';
import { useDisconnectMarketplace } from '../api/disconnect-marketplace';
import { MarketplaceSettingsForm } from './marketplace-settings-form';
import { ShopifyConnectForm } from './shopify-connect-form';

interface MarketplaceCardProps {
  connection: MarketplaceConnection;
  /** The seller has just come back from connecting this marketplace. */
  justConnected: boolean;
}

export function MarketplaceCard({ connection, justConnected }: MarketplaceCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = MARKETPLACE_NAMES[connection.marketplace];

  return (
    <article className="marketplace-card" aria-labelledby={headingId}>
      <div className="marketplace-card__head">
        <h3 id={headingId} className="marketplace-card__name">
          {name}
        </h3>
        <ConnectionBadge connection={connection} />
      </div>
      {!connection.available ? (
        <p className="muted">{t('crosslisting.not_available', { marketplace: name })}</p>
      ) : connection.connected ? (
        <ConnectedBody connection={connection} justConnected={justConnected} />
      ) : connection.marketplace === 'shopify' ? (
        <ShopifyConnectForm />
      ) : (
        <ConnectButton connection={connection} label={t('crosslisting.connect', { marketplace: name })} />
      )}
    </article>
  );
}

function ConnectionBadge({ connection }: { connection: MarketplaceConnection }) {
  const { t } = useTranslation();
  if (!connection.available) return <Badge tone="neutral">{t('crosslisting.badge_not_set_up')}</Badge>;
  if (!connection.connected) return <Badge tone="neutral">{t('crosslisting.badge_not_connected')}</Badge>;
  if (connection.needsReconnect) {
    return <span className="badge marketplace-card__badge-warning">{t('crosslisting.badge_reconnect')}</span>;
  }
  return <Badge>{t('crosslisting.badge_connected')}</Badge>;
}

function ConnectedBody({ connection, justConnected }: MarketplaceCardProps) {
  const { t } = useTranslation();
  const name = MARKETPLACE_NAMES[connection.marketplace];
  return (
    <>
      {justConnected && (
        <p className="marketplace-card__notice" role="status">
          <CircleCheck size={18} aria-hidden="true" />
          {t('crosslisting.connected_notice', { marketplace: name })}
        </p>
      )}
      <p className="marketplace-card__account">
        {connection.accountName
          ? t('crosslisting.connected_as', { account: connection.accountName })
          : t('crosslisting.badge_connected')}
      </p>
      {connection.needsReconnect && (
        <div className="marketplace-card__warning">
          <p>
            <CircleAlert size={18} aria-hidden="true" />
            {t('crosslisting.reconnect_needed', { marketplace: name })}
          </p>
          <ConnectButton
            connection={connection}
            label={t('crosslisting.reconnect_marketplace', { marketplace: name })}
          />
        </div>
      )}
      {connection.salesSyncProblem === 'order_access_denied' && !connection.needsReconnect && (
        <div className="marketplace-card__warning">
          <p>
            <CircleAlert size={18} aria-hidden="true" />
            {t('crosslisting.sales_sync_order_access_denied', { marketplace: name })}
          </p>
        </div>
      )}
      {connection.settings.length > 0 && <MarketplaceSettingsForm connection={connection} />}
      <DisconnectButton connection={connection} />
    </>
  );
}

/** Connect (or connect again): the server answers the consent page, and this tab goes there. */
function ConnectButton({ connection, label }: { connection: MarketplaceConnection; label: string }) {
  const { t } = useTranslation();
  const connect = useConnectMarketplace();
  const errorId = useId();
  const name = MARKETPLACE_NAMES[connection.marketplace];
  // Reconnecting a shop: the shop is the account already connected.
  const shop = connection.marketplace === 'shopify' ? (connection.accountName ?? undefined) : undefined;

  return (
    <div className="marketplace-card__action">
      <Button
        aria-describedby={connect.error ? errorId : undefined}
        aria-disabled={connect.leaving}
        onClick={() => {
          if (!connect.leaving) connect.mutate({ marketplace: connection.marketplace, shop });
        }}
      >
        {connect.leaving ? <Spinner size="sm" /> : <Link2 size={18} aria-hidden="true" />}
        {connect.leaving ? t('crosslisting.connecting', { marketplace: name }) : label}
      </Button>
      {connect.error && (
        <p id={errorId} className="field__error" role="alert">
          {errorText(connect.error, t)}
        </p>
      )}
    </div>
  );
}

function DisconnectButton({ connection }: { connection: MarketplaceConnection }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectMarketplace();
  const name = MARKETPLACE_NAMES[connection.marketplace];

  const confirm = () =>
    disconnect.mutate(connection.marketplace, {
      onSuccess: () => toast.success(t('crosslisting.disconnected', { marketplace: name })),
      onError: (error) => toast.error(errorText(error, t)),
      onSettled: () => setOpen(false),
    });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="marketplace-card__disconnect"
        onClick={() => setOpen(true)}
      >
        <Unlink size={16} aria-hidden="true" />
        {t('crosslisting.disconnect')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('crosslisting.disconnect_title', { marketplace: name })}
        description={t('crosslisting.disconnect_text', { marketplace: name })}
        confirmLabel={t('crosslisting.disconnect')}
        cancelLabel={t('crosslisting.cancel')}
        busyLabel={t('crosslisting.disconnecting')}
        busy={disconnect.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
