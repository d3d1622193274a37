// Generation settings: what to write, and the seller's own hints (fit, offers,
// size, brand, condition) that the listing engine trusts over what it reads from the photos.
import type { GenerationSettings } from '@snaplist/contract';
import { HOW_IT_FITS, UPLOAD_CONDITIONS } from '@snaplist/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogOnDemand } from '@/components/ui/dialog-on-demand';
import { InputField, SelectField } from '@/components/ui/field';
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

/** The seller's own words for the engine, each as long as the contract takes it. */
/** The parts of the listing the seller can switch off, after the description. */
const OPTION_SWITCHES = [
  { name: 'tags', label: 'photo_upload.option_tags' },
  { name: 'title', label: 'photo_upload.option_title' },
  { name: 'suggestedPrice', label: 'photo_upload.option_suggested_price' },
] as const;

const TEXT_HINTS = [
  {
    name: 'size',
    maxLength: 40,
    label: 'photo_upload.size_label',
    placeholder: 'photo_upload.size_placeholder',
  },
  {
    name: 'brand',
    maxLength: 80,
    label: 'photo_upload.brand_label',
    placeholder: 'photo_upload.brand_placeholder',
  },
] as const;

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
            <SelectField
              id={`${id}-fit`}
              label={t('photo_upload.how_it_fits')}
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
            </SelectField>
          </div>
        )}
        {OPTION_SWITCHES.map(({ name, label }) => (
          <Switch
            key={name}
            label={t(label)}
            checked={settings[name]}
            disabled={disabled}
            onCheckedChange={(checked) => set(name, checked)}
          />
        ))}
      </div>

      <div className="settings-panel__fields">
        {TEXT_HINTS.map((hint) => (
          <InputField
            key={hint.name}
            id={`${id}-${hint.name}`}
            label={<MarkedLabel text={t(hint.label)} mark="optional" />}
            value={settings[hint.name]}
            maxLength={hint.maxLength}
            disabled={disabled}
            placeholder={t(hint.placeholder)}
            onChange={(event) => set(hint.name, event.target.value)}
          />
        ))}
        <SelectField
          id={`${id}-condition`}
          label={<MarkedLabel text={t('photo_upload.condition_label')} mark="recommended" />}
          className="settings-panel__condition"
          value={settings.condition}
          disabled={disabled}
          onChange={(event) => isCondition(event.target.value) && set('condition', event.target.value)}
        >
          {UPLOAD_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(CONDITION_KEYS[condition])}
            </option>
          ))}
        </SelectField>
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

const LABEL_MARKS = {
  optional: 'photo_upload.optional',
  recommended: 'photo_upload.recommended',
} as const;

/** A field's label with how much the field matters: "Size (optional)", "Condition Recommended". */
function MarkedLabel({ text, mark }: { text: string; mark: keyof typeof LABEL_MARKS }) {
  const { t } = useTranslation();
  return (
    <>
      {text} <span className={`field__${mark}`}>{t(LABEL_MARKS[mark])}</span>
    </>
  );
}
