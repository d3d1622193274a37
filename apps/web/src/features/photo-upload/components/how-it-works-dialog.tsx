// How it works: three steps and the pro tip about photographing the label.
import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const STEPS = [
  'photo_upload.how_step_photos',
  'photo_upload.how_step_settings',
  'photo_upload.how_step_listing',
];

export function HowItWorksDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('photo_upload.how_it_works')}
      description={t('photo_upload.how_intro')}
    >
      <ol className="how-it-works__steps">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <p className="how-it-works__tip">
        <Lightbulb size={20} aria-hidden="true" />
        <span>
          <strong>{t('photo_upload.pro_tip')}</strong> {t('photo_upload.pro_tip_text')}
        </span>
      </p>
      <div className="dialog__actions">
        <Button onClick={() => onOpenChange(false)}>{t('photo_upload.got_it')}</Button>
      </div>
    </Dialog>
  );
}
