import { GenerationSettingsSchema } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERATION_SETTINGS, hasGenerationOption, settingsForRequest } from './generation-settings';

describe('generation settings', () => {
  it('start from the spec defaults, which the contract accepts as they are', () => {
    expect(DEFAULT_GENERATION_SETTINGS).toMatchObject({
      removeBackground: false,
      removeBackgroundColor: '#ffffff',
      description: true,
      descriptionShippingDays: '',
      descriptionTakingOffers: true,
      descriptionHowItFits: 'true to size',
      condition: 'none',
      tags: true,
      title: true,
      suggestedPrice: true,
    });
    expect(GenerationSettingsSchema.parse(DEFAULT_GENERATION_SETTINGS)).toEqual(DEFAULT_GENERATION_SETTINGS);
  });

  it('need at least one of description, tags, title and suggested price', () => {
    const none = {
      ...DEFAULT_GENERATION_SETTINGS,
      description: false,
      tags: false,
      title: false,
      suggestedPrice: false,
    };
    expect(hasGenerationOption(none)).toBe(false);
    for (const option of ['description', 'tags', 'title', 'suggestedPrice'] as const) {
      expect(hasGenerationOption({ ...none, [option]: true }), option).toBe(true);
    }
  });

  it('are sent with the text hints trimmed', () => {
    const sent = settingsForRequest({ ...DEFAULT_GENERATION_SETTINGS, size: ' M ', brand: '  Zara' }, false);
    expect(sent).toMatchObject({ size: 'M', brand: 'Zara' });
  });

  it('say the background was removed only when an uploaded photo was cleaned, with its colour', () => {
    const on = { ...DEFAULT_GENERATION_SETTINGS, removeBackground: true, removeBackgroundColor: '#eeeeee' };
    expect(settingsForRequest(on, true)).toMatchObject({
      removeBackground: true,
      removeBackgroundColor: '#eeeeee',
    });
    // The switch was on, but every photo went as it was (undone, failed, or the remover did not load).
    expect(settingsForRequest(on, false).removeBackground).toBe(false);
    // The switch can only be on for a photo to be cleaned; the request follows the photos either way.
    expect(settingsForRequest(DEFAULT_GENERATION_SETTINGS, true).removeBackground).toBe(true);
    expect(GenerationSettingsSchema.parse(settingsForRequest(on, true))).toEqual(
      settingsForRequest(on, true),
    );
  });
});
