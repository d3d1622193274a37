// The full-screen progress view while a listing is made (decision 009): a bar, what is happening,
// the photo being processed (cycling every second when there are several) and 'Processing image X of N'.
// Photos still losing their background at Upload come first (decision 046): 'Removing background from image
// X of N', that photo, and how far it is.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoItem } from '../photo-selection';
import type { Progress } from '../progress-timeline';
import { useObjectUrl } from '../use-object-url';
import { RemovalProgress } from './removal-progress';

/** The preview changes every second. */
export const PREVIEW_CYCLE_MS = 1000;

const MESSAGES = {
  removing_background: 'photo_upload.progress_removing_background',
  uploading: 'photo_upload.progress_uploading',
  analyzing: 'photo_upload.progress_analyzing',
  generating: 'photo_upload.progress_generating',
} as const;

export function ProgressOverlay({ progress, photos }: { progress: Progress; photos: readonly PhotoItem[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const card = useRef<HTMLDivElement>(null);
  const total = photos.length;
  const background = progress.phase === 'removing_background' ? progress.background : undefined;
  const current = background
    ? photos.find((photo) => photo.id === background.photoId)
    : photos[index % Math.max(total, 1)];
  const preview = useObjectUrl(current?.file);
  const cycling = total > 1 && !background;

  useEffect(() => {
    if (!cycling) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % total), PREVIEW_CYCLE_MS);
    return () => clearInterval(timer);
  }, [cycling, total]);

  // Focus moves into the overlay so keyboard and screen-reader users are where the action is.
  useEffect(() => {
    card.current?.focus();
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, []);

  const message = background
    ? t(MESSAGES.removing_background, { current: background.number, total: background.total })
    : t(MESSAGES[progress.phase]);
  return (
    <div className="progress-overlay">
      <div
        ref={card}
        className="progress-overlay__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="progress-overlay-message"
        tabIndex={-1}
      >
        <div className="progress-overlay__preview">{preview && <img src={preview} alt="" />}</div>
        <p
          id="progress-overlay-message"
          className="progress-overlay__message"
          role="status"
          aria-live="polite"
        >
          {message}
        </p>
        <div
          className="progress-overlay__bar"
          role="progressbar"
          aria-label={message}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.value}
        >
          <span className="progress-overlay__fill" style={{ width: `${progress.value}%` }} />
        </div>
        {background && (
          <RemovalProgress
            progress={background.progress}
            downloadingKey="photo_upload.progress_background_download"
            className="progress-overlay__photo"
          />
        )}
        {cycling && (
          <p className="progress-overlay__count">
            {t('photo_upload.processing_image', { current: (index % total) + 1, total })}
          </p>
        )}
        <p className="progress-overlay__note">{t('photo_upload.progress_note')}</p>
      </div>
    </div>
  );
}
