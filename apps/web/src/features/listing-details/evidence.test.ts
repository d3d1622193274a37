import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { engineCaption, evidenceCaption, evidenceCaptions } from './evidence';

beforeAll(async () => {
  await loadAllTranslations();
  await i18n.loadLanguages(['en', 'pl', 'fr', 'de']);
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

  it('put our own colour and shape measurements in the page language, never quoting their English words', async () => {
    const colour = {
      source: 'colour_analysis',
      photo: 1,
      text: 'Blue: rgb(84,113,155) 95%',
      rule: 'colour.dominant',
    } as const;
    const shape = { source: 'item_shape', photo: 1, text: 'trousers', rule: 'category.shape' } as const;
    expect(evidenceCaption(colour, t())).toBe('From the colours in photo 1: Blue, 95% of the photo');
    await i18n.changeLanguage('pl');
    expect(evidenceCaption(colour, t())).toBe('Na podstawie kolorów na zdjęciu 1: Niebieski, 95% zdjęcia');
    expect(evidenceCaption(shape, t())).toBe('Na podstawie kształtu rzeczy na zdjęciu 1');
    await i18n.changeLanguage('en');
  });

  it("give the price table's reason, material included, in the page's language", async () => {
    const cashmereDress = { source: 'price_table' as const, rule: 'price.dresses.unknown.used.cashmere' };
    expect(evidenceCaption(cashmereDress, t())).toBe(
      'From our price table: Dresses, brand not on our list, pre-owned, cashmere (raises the price)',
    );
    expect(
      evidenceCaption(
        {
          source: 'price_table',
          rule: 'price.formal_wear.mid.new_with_tags',
          text: 'Formal Wear × mid brand',
        },
        t(),
      ),
    ).toBe('From our price table: Formal Wear, high-street brand, new with tags');
    await i18n.changeLanguage('pl');
    expect(evidenceCaption(cashmereDress, t())).toBe(
      'Z naszej tabeli cen: Sukienki, marka spoza naszej listy, używany, kaszmir (wyższa cena)',
    );
    // A rule from an older table still says where the price came from, never the rule's name.
    expect(evidenceCaption({ source: 'price_table', rule: 'price.category_brand' }, t())).toBe(
      'Z naszej tabeli cen',
    );
    await i18n.changeLanguage('en');
  });

  it("put the seller's settings in the page's language, never the setting's English value", async () => {
    const settings = [
      { source: 'seller_hint' as const, rule: 'description.fit', text: 'true to size' },
      { source: 'seller_hint' as const, rule: 'description.open_to_offers' },
      { source: 'seller_hint' as const, rule: 'description.shipping_days', text: '2' },
      { source: 'seller_hint' as const, rule: 'condition.used' },
      { source: 'seller_hint' as const, rule: 'brand.confirmed', text: 'Zara' },
    ];
    expect(evidenceCaptions(settings, t())).toEqual([
      'Your setting: fits true to size',
      'Your setting: open to offers',
      'Your setting: ships within 2 days',
      'Your choice: used',
      'You confirmed it: “Zara”',
    ]);
    await i18n.changeLanguage('pl');
    expect(evidenceCaptions(settings, t())).toEqual([
      'Twoje ustawienie: rozmiar zgodny z rozmiarówką',
      'Twoje ustawienie: możliwa negocjacja ceny',
      'Twoje ustawienie: wysyłka w ciągu 2 dni',
      'Twój wybór: używany',
      'Potwierdzone przez Ciebie: „Zara”',
    ]);
    await i18n.changeLanguage('de');
    expect(
      evidenceCaption({ source: 'seller_hint', rule: 'description.shipping_days', text: '1' }, t()),
    ).toBe('Deine Einstellung: Versand innerhalb von 1 Tag');
    await i18n.changeLanguage('en');
  });

  it('say every reason once', () => {
    const template = { source: 'template' as const, rule: 'title.en' };
    expect(evidenceCaptions([template, { ...template, rule: 'tags.en' }], t())).toEqual([
      'From our listing template',
    ]);
  });

  it.each(['fr', 'de', 'pl'])(
    'leave no English on a %s page for any rule the offline engine writes',
    async (language) => {
      const rules: Parameters<typeof evidenceCaption>[0][] = [
        { source: 'price_table', rule: 'price.outerwear.premium.new_with_tags.wool' },
        { source: 'price_table', rule: 'price.unknown.value.unknown' },
        { source: 'seller_hint', rule: 'description.fit', text: 'oversized' },
        { source: 'seller_hint', rule: 'description.shipping_days', text: '0' },
        { source: 'seller_hint', rule: 'condition.new_with_tags' },
        { source: 'template', rule: `description.${language}` },
        { source: 'colour_analysis', photo: 1, rule: 'colour.dominant' },
      ];
      await i18n.changeLanguage('en');
      const english = rules.map((rule) => evidenceCaption(rule, t()));
      await i18n.changeLanguage(language);
      const translated = rules.map((rule) => evidenceCaption(rule, t()));
      for (const [index, caption] of translated.entries()) {
        expect(caption).not.toBe(english[index]);
        expect(caption).not.toMatch(
          /\b(brand|price|condition|setting|ships|pre-owned|oversized fit|table)\b/i,
        );
        expect(caption).not.toMatch(/[a-z]+\.[a-z_]+\.[a-z_]+/);
      }
      await i18n.changeLanguage('en');
    },
  );

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
