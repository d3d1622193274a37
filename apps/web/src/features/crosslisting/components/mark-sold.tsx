// "Mark as sold": where it sold (one of the marketplaces it is live on, or somewhere else), then a confirm,
// because the server ends the listing everywhere else once none are left.
import { MARKETPLACE_NAMES, type PublishingMarketplace } from '@snaplist/contract';
import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/field';
import { errorText } from '@/lib/errors';
import { useMarkListingSold } from '../api/mark-listing-sold';

/** The select's value for a sale somewhere Snaplist does not publish to (in person, Vinted...). */
const ELSEWHERE = 'elsewhere';

interface MarkSoldProps {
  listingId: string;
  /** The marketplaces the listing is live on. */
  live: PublishingMarketplace[];
}

export function MarkSold({ listingId, live }: MarkSoldProps) {
  const { t } = useTranslation();
  const id = useId();
  const markSold = useMarkListingSold(listingId);
  const [where, setWhere] = useState<string>(live[0] ?? ELSEWHERE);
  const [confirming, setConfirming] = useState(false);
  const soldOn = live.find((marketplace) => marketplace === where) ?? null;

  const confirm = () =>
    markSold.mutate(soldOn, {
      onSuccess: () => toast.success(t('crosslisting.marked_sold')),
      onError: (error) => toast.error(errorText(error, t)),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="mark-sold">
      <SelectField
        id={id}
        label={t('crosslisting.sold_where')}
        className="mark-sold__where"
        value={soldOn ?? ELSEWHERE}
        onChange={(event) => setWhere(event.currentTarget.value)}
      >
        {live.map((marketplace) => (
          <option key={marketplace} value={marketplace}>
            {t('crosslisting.sold_on', { marketplace: MARKETPLACE_NAMES[marketplace] })}
          </option>
        ))}
        <option value={ELSEWHERE}>{t('crosslisting.sold_elsewhere_option')}</option>
      </SelectField>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <BadgeCheck size={18} aria-hidden="true" />
        {t('crosslisting.mark_sold')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          soldOn
            ? t('crosslisting.mark_sold_title_on', { marketplace: MARKETPLACE_NAMES[soldOn] })
            : t('crosslisting.mark_sold_title_elsewhere')
        }
        description={t('crosslisting.mark_sold_text')}
        confirmLabel={t('crosslisting.mark_sold')}
        cancelLabel={t('crosslisting.cancel')}
        busyLabel={t('crosslisting.marking_sold')}
        busy={markSold.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
