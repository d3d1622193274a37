import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { engineCaption, evidenceCaption } from './evidence';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['en', 'pl', 'fr']);
  await i18n.changeLanguage('en');
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const t = () => i18n.t.bind(i18n);

describe('evidence captions', () => {
  it('say where each value came from, in English', () => {
    const caption = (evidence: Parameters<typeof evidenceCaption>[0]) => evidenceCaption(evidence, t());
    expect(caption({ source: 'label_text', photo: 2, rule: 'brand.fuzzy_match' })).toBe(
      'Read from the label in photo 2',
    );
    expect(caption({ source: 'label_text', photo: 2, text: 'ZARA', rule: 'brand.fuzzy_match' })).toBe(
      'Read from the label in photo 2: “ZARA”',
    );
    expect(caption({ source: 'seller_hint', text: 'M', rule: 'size.hint' })).toBe('From your hint: “M”');
    expect(caption({ source: 'colour_analysis', photo: 1, rule: 'colour.dominant' })).toBe(
      'From the colours in photo 1',
    );
    expect(caption({ source: 'item_shape', photo: 1, rule: 'category.shape' })).toBe(
      "From the item's shape in photo 1",
    );
    expect(caption({ source: 'price_table', rule: 'price.table' })).toBe('From our price table');
    expect(caption({ source: 'label_text', rule: 'composition.parse' })).toBe('Read from the label');
  });

  it('ask the seller to check a value the engine was unsure of', () => {
    expect(
      evidenceCaption(
        { source: 'label_text', photo: 3, text: 'W32', rule: 'size.ocr', confidence: 0.4 },
        t(),
      ),
    ).toBe('Read from the label in photo 3: “W32” (please check)');
  });

  it("follow the interface language, with the language's quotation marks", async () => {
    await i18n.changeLanguage('pl');
    expect(evidenceCaption({ source: 'label_text', photo: 2, text: 'ZARA', rule: 'brand' }, t())).toBe(
      'Odczytano z metki na zdjęciu 2: „ZARA”',
    );
    await i18n.changeLanguage('fr');
    expect(evidenceCaption({ source: 'seller_hint', text: 'M', rule: 'size' }, t())).toBe(
      "D'après votre indication : « M »",
    );
    await i18n.changeLanguage('en');
  });

  it('name the engine that wrote the text', () => {
    const wroteIt = (engine: string, engineModel: string | null = null) =>
      engineCaption({ engine, engineModel, engineFallback: null }, t());
    expect(wroteIt('local')).toBe('Written offline by Snaplist');
    expect(wroteIt('openai', 'gpt-4o-mini')).toBe('Written by gpt-4o-mini from your photos');
    expect(wroteIt('openai')).toBe('Written by an AI model from your photos');
    expect(wroteIt('none')).toBe('Written by you');
    expect(wroteIt('acme')).toBe('Written by acme');
  });

  it('say why the offline engine stood in for the vision model', async () => {
    const stoodIn = (engineFallback: 'unavailable' | 'invalid_output' | 'refused') =>
      engineCaption({ engine: 'local', engineModel: 'llava:13b', engineFallback }, t());
    expect(stoodIn('unavailable')).toBe('Written offline by Snaplist: llava:13b was not available');
    expect(stoodIn('invalid_output')).toBe(
      "Written offline by Snaplist: llava:13b's answer could not be used",
    );
    expect(stoodIn('refused')).toBe(
      'Written offline by Snaplist: llava:13b declined to describe these photos',
    );
    await i18n.changeLanguage('pl');
    expect(stoodIn('unavailable')).toContain('llava:13b');
    await i18n.changeLanguage('en');
  });
});
