// Beneath the Remove Background switch while it is on (decision 046): the colour that replaces the background
// (three one-tap swatches and the browser's own colour picker), how far the photos are, and, when the remover
// cannot run, why, with the promise that the photos still go as they are and, where it may help, a retry.

import { Check, RotateCcw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { RemovalErrorCode } from '@/lib/background-removal/remover-types';
import type { BackgroundRemovalState } from '../background-removal-queue';

export const BACKGROUND_SWATCHES = [
  { colour: '#ffffff', label: 'photo_upload.background_white' },
  { colour: '#eeeeee', label: 'photo_upload.background_light_grey' },
  { colour: '#000000', label: 'photo_upload.background_black' },
] as const;

/** Failures of the device itself, said as such; a browser without what the remover needs cannot retry. */
const DEVICE_FAILURES: readonly RemovalErrorCode[] = ['device_too_weak', 'unsupported_browser'];

const FAILURE_DETAILS: Record<RemovalErrorCode, string> = {
  metadata_not_found: 'background_removal.error_metadata_not_found',
  resource_not_found: 'background_removal.error_resource_not_found',
  size_mismatch: 'background_removal.error_size_mismatch',
  session_failed: 'background_removal.error_session_failed',
  device_too_weak: 'background_removal.error_device_too_weak',
  unsupported_browser: 'background_removal.error_unsupported_browser',
  image_unreadable: 'background_removal.photo_unreadable',
  settings_invalid: 'background_removal.error_settings_invalid',
  failed: 'background_removal.error_failed',
};

interface BackgroundRemovalSettingsProps {
  colour: string;
  onColourChange: (colour: string) => void;
  state: BackgroundRemovalState;
  /** The photos chosen, in order: the progress line counts them. */
  photoIds: readonly string[];
  onRetry: () => void;
  disabled?: boolean;
}

export function BackgroundRemovalSettings({
  colour,
  onColourChange,
  state,
  photoIds,
  onRetry,
  disabled,
}: BackgroundRemovalSettingsProps) {
  const { t } = useTranslation();
  const id = useId();
  const removals = photoIds.map((photoId) => state.removals.get(photoId));
  const cleaned = removals.filter((removal) => removal?.status === 'done' && !removal.undone);
  const downloading = removals.some(
    (removal) => removal?.status === 'working' && removal.progress?.stage === 'downloading',
  );
  const custom = !BACKGROUND_SWATCHES.some((swatch) => swatch.colour === colour);

  return (
    <div className="settings-panel__nested background-settings">
      <fieldset className="background-colour" disabled={disabled}>
        <legend className="field__label">{t('photo_upload.background_colour')}</legend>
        <div className="background-colour__options">
          {BACKGROUND_SWATCHES.map((swatch) => (
            <button
              key={swatch.colour}
              type="button"
              className="background-colour__option"
              aria-pressed={colour === swatch.colour}
              onClick={() => onColourChange(swatch.colour)}
            >
              <span
                className="background-colour__chip"
                style={{ backgroundColor: swatch.colour }}
                aria-hidden="true"
              >
                {colour === swatch.colour && <Check size={14} />}
              </span>
              {t(swatch.label)}
            </button>
          ))}
          <label
            className={[
              'background-colour__option background-colour__option--custom',
              custom ? 'background-colour__option--chosen' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            htmlFor={`${id}-custom`}
          >
            {/* A colour wheel until the seller picks their own colour, then that colour. */}
            <span
              className={
                custom ? 'background-colour__chip' : 'background-colour__chip background-colour__chip--any'
              }
              style={custom ? { backgroundColor: colour } : undefined}
              aria-hidden="true"
            >
              {custom && <Check size={14} />}
            </span>
            <input
              id={`${id}-custom`}
              type="color"
              className="background-colour__input"
              value={colour}
              onChange={(event) => onColourChange(event.target.value.toLowerCase())}
            />
            {t('photo_upload.background_custom')}
          </label>
        </div>
      </fieldset>

      {state.failure ? (
        <BackgroundFailure code={state.failure} onRetry={onRetry} />
      ) : (
        photoIds.length > 0 && (
          <div className="background-settings__progress">
            <p aria-live="polite">
              {t('photo_upload.background_summary', { done: cleaned.length, total: photoIds.length })}
            </p>
            {downloading && <p className="field__hint">{t('photo_upload.background_download_note')}</p>}
          </div>
        )
      )}
    </div>
  );
}

function BackgroundFailure({ code, onRetry }: { code: RemovalErrorCode; onRetry: () => void }) {
  const { t } = useTranslation();
  const onDevice = DEVICE_FAILURES.includes(code);
  return (
    <div className="background-settings__failure" role="alert">
      <TriangleAlert size={18} aria-hidden="true" />
      <div className="background-settings__failure-text">
        <p className="background-settings__failure-title">
          {onDevice ? t('photo_upload.background_device_failed') : t('photo_upload.background_load_failed')}
        </p>
        <p>{t(FAILURE_DETAILS[code])}</p>
        {code !== 'unsupported_browser' && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            <RotateCcw size={16} aria-hidden="true" />
            {t('photo_upload.background_retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
