// One photo's background removal as it goes (decision 046), on its tile and in the upload overlay: the
// remover's download the first time, with its share, then the model at work, which tells no share.

import { useTranslation } from 'react-i18next';
import type { RemovalProgress as Progress } from '@/lib/background-removal/remover-types';

interface RemovalProgressProps {
  progress: Progress | null;
  /** The text while the remover downloads, with {{percent}}. */
  downloadingKey: string;
  /** Names the bar for assistive technology when the text alone would not say whose it is. */
  label?: string;
  className: string;
}

export function RemovalProgress({ progress, downloadingKey, label, className }: RemovalProgressProps) {
  const { t } = useTranslation();
  const percent =
    progress?.stage === 'downloading' && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : undefined;
  const text =
    percent !== undefined
      ? t(downloadingKey, { percent })
      : progress?.stage === 'removing'
        ? t('photo_upload.background_removing')
        : t('photo_upload.background_starting');
  const measured = percent !== undefined;
  return (
    <div className={className}>
      <span>{text}</span>
      <span
        className={measured ? 'removal-bar' : 'removal-bar removal-bar--busy'}
        role="progressbar"
        aria-label={label ?? text}
        aria-valuetext={text}
        aria-valuemin={measured ? 0 : undefined}
        aria-valuemax={measured ? 100 : undefined}
        aria-valuenow={percent}
      >
        <span className="removal-bar__fill" style={measured ? { width: `${percent}%` } : undefined} />
      </span>
    </div>
  );
}
