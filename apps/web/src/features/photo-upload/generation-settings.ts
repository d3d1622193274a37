// The generation settings panel's values and the rule that at least one of the four text options is on.
import type { GenerationSettings } from '@snaplist/contract';
import { HOW_IT_FITS } from '@snaplist/contract/constants';

export type HowItFits = (typeof HOW_IT_FITS)[number];

export const DEFAULT_GENERATION_SETTINGS: GenerationSettings = {
  removeBackground: false,
  removeBackgroundColor: '#ffffff',
  description: true,
  descriptionShippingDays: '',
  descriptionTakingOffers: true,
  descriptionHowItFits: HOW_IT_FITS[0],
  size: '',
  condition: 'none',
  brand: '',
  tags: true,
  title: true,
  suggestedPrice: true,
};

/** True when description, tags, title or suggested price is on: otherwise there is nothing to write. */
export function hasGenerationOption(
  settings: Pick<GenerationSettings, 'description' | 'tags' | 'title' | 'suggestedPrice'>,
): boolean {
  return settings.description || settings.tags || settings.title || settings.suggestedPrice;
}

/**
 * Free-text hints are sent trimmed, so a stray space is not read as a brand. removeBackground says what was
 * uploaded, not where the switch was: true only when at least one photo went with its background replaced by
 * removeBackgroundColor (decision 046).
 */
export function settingsForRequest(
  settings: GenerationSettings,
  backgroundRemoved: boolean,
): GenerationSettings {
  return {
    ...settings,
    size: settings.size.trim(),
    brand: settings.brand.trim(),
    removeBackground: backgroundRemoved,
  };
}
