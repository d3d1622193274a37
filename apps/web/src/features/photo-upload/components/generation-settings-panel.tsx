// Generation settings (SPEC sections 2 and 3): what to write, and the seller's own hints (fit, offers,
// size, brand, condition) that the listing engine trusts over what it reads from the photos.
import type { GenerationSettings } from '@snaplist/contract';
import { HOW_IT_FITS, UPLOAD_CONDITIONS } from '@snaplist/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogOnDemand } from '@/components/ui/dialog-on-demand';
import { Switch } from '@/components/ui/switch';
import type { BackgroundRemovalState } from '../background-removal-queue';
import type { HowItFits } from '../generation-settings';
import { BackgroundRemovalSettings } from './background-removal-settings';

const FIT_KEYS: Record<HowItFits, string> = {
  'true to size': 'photo_upload.fit_true_to_size',
  oversized: 'photo_upload.fit_oversized',
  undersized: 'photo_upload.fit_undersized',
};

const CONDITION_KEYS: Record<GenerationSettings['condition'], string> = {
  none: 'photo_upload.condition_none',
  new_with_tags: 'photo_upload.condition_new_with_tags',
  new_without_tags: 'photo_upload.condition_new_without_tags',
  used: 'photo_upload.condition_used',
};

function isFit(value: string): value is HowItFits {
  return (HOW_IT_FITS as readonly string[]).includes(value);
}

function isCondition(value: string): value is GenerationSettings['condition'] {
  return (UPLOAD_CONDITIONS as readonly string[]).includes(value);
}

/** What the panel shows of background removal under its switch. */
export interface PanelBackgroundRemoval {
  state: BackgroundRemovalState;
  photoIds: readonly string[];
  onRetry: () => void;
}

interface PanelProps {
  settings: GenerationSettings;
  onChange: (settings: GenerationSettings) => void;
  backgroundRemoval: PanelBackgroundRemoval;
  disabled?: boolean;
}

export function GenerationSettingsPanel({ settings, onChange, backgroundRemoval, disabled }: PanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [backgroundHelpOpen, setBackgroundHelpOpen] = useState(false);
  const set = <K extends keyof GenerationSettings>(key: K, value: GenerationSettings[K]) =>
    onChange({ ...settings, [key]: value });

  return (
    <section className="card settings-panel" aria-labelledby={`${id}-heading`}>
      <header className="settings-panel__header">
        <h2 id={`${id}-heading`} className="card__title">
          {t('photo_upload.settings_heading')}
        </h2>
        <p className="muted">{t('photo_upload.settings_intro')}</p>
      </header>

      <div className="settings-panel__group">
        <Switch
          label={t('photo_upload.remove_background')}
          hint={t('photo_upload.remove_background_hint')}
          checked={settings.removeBackground}
          disabled={disabled}
          onCheckedChange={(checked) => {
            set('removeBackground', checked);
            // How to take a photo the remover does well with, each time the seller turns it on.
            if (checked) setBackgroundHelpOpen(true);
          }}
        />
        {settings.removeBackground && (
          <BackgroundRemovalSettings
            colour={settings.removeBackgroundColor}
            onColourChange={(colour) => set('removeBackgroundColor', colour)}
            state={backgroundRemoval.state}
            photoIds={backgroundRemoval.photoIds}
            onRetry={backgroundRemoval.onRetry}
            disabled={disabled}
          />
        )}
        <Switch
          label={t('photo_upload.option_description')}
          checked={settings.description}
          disabled={disabled}
          onCheckedChange={(checked) => set('description', checked)}
        />
        {settings.description && (
          <div className="settings-panel__nested">
            <Switch
              label={t('photo_upload.open_to_offers')}
              checked={settings.descriptionTakingOffers}
              disabled={disabled}
              onCheckedChange={(checked) => set('descriptionTakingOffers', checked)}
            />
            <div className="field">
              <label htmlFor={`${id}-fit`} className="field__label">
                {t('photo_upload.how_it_fits')}
              </label>
              <select
                id={`${id}-fit`}
                className="input select"
                value={settings.descriptionHowItFits}
                disabled={disabled}
                onChange={(event) =>
                  isFit(event.target.value) && set('descriptionHowItFits', event.target.value)
                }
              >
                {HOW_IT_FITS.map((fit) => (
                  <option key={fit} value={fit}>
                    {t(FIT_KEYS[fit])}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <Switch
          label={t('photo_upload.option_tags')}
          checked={settings.tags}
          disabled={disabled}
          onCheckedChange={(checked) => set('tags', checked)}
        />
        <Switch
          label={t('photo_upload.option_title')}
          checked={settings.title}
          disabled={disabled}
          onCheckedChange={(checked) => set('title', checked)}
        />
        <Switch
          label={t('photo_upload.option_suggested_price')}
          checked={settings.suggestedPrice}
          disabled={disabled}
          onCheckedChange={(checked) => set('suggestedPrice', checked)}
        />
      </div>

      <div className="settings-panel__fields">
        <div className="field">
          <label htmlFor={`${id}-size`} className="field__label">
            {t('photo_upload.size_label')}{' '}
            <span className="field__optional">{t('photo_upload.optional')}</span>
          </label>
          <input
            id={`${id}-size`}
            className="input"
            value={settings.size}
            maxLength={40}
            disabled={disabled}
            placeholder={t('photo_upload.size_placeholder')}
            onChange={(event) => set('size', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-brand`} className="field__label">
            {t('photo_upload.brand_label')}{' '}
            <span className="field__optional">{t('photo_upload.optional')}</span>
          </label>
          <input
            id={`${id}-brand`}
            className="input"
            value={settings.brand}
            maxLength={80}
            disabled={disabled}
            placeholder={t('photo_upload.brand_placeholder')}
            onChange={(event) => set('brand', event.target.value)}
          />
        </div>
        <div className="field settings-panel__condition">
          <label htmlFor={`${id}-condition`} className="field__label">
            {t('photo_upload.condition_label')}{' '}
            <span className="field__recommended">{t('photo_upload.recommended')}</span>
          </label>
          <select
            id={`${id}-condition`}
            className="input select"
            value={settings.condition}
            disabled={disabled}
            onChange={(event) => isCondition(event.target.value) && set('condition', event.target.value)}
          >
            {UPLOAD_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {t(CONDITION_KEYS[condition])}
              </option>
            ))}
          </select>
        </div>
      </div>

      <DialogOnDemand
        open={backgroundHelpOpen}
        onOpenChange={setBackgroundHelpOpen}
        title={t('photo_upload.remove_background')}
        description={t('photo_upload.remove_background_instructions')}
      >
        <div className="dialog__actions">
          <Button onClick={() => setBackgroundHelpOpen(false)}>{t('photo_upload.got_it')}</Button>
        </div>
      </DialogOnDemand>
    </section>
  );
}
