import {
  type Colour,
  type GenerationSettings,
  GenerationSettingsSchema,
  type ListingCondition,
} from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../facts';
import { writeListing } from './write-listing';

interface Known {
  brand?: string;
  size?: string;
  itemType?: string;
  colours?: Colour[];
  composition?: { fibre: string; percent: number }[];
  condition?: ListingCondition;
}

function facts(known: Known, overrides: Partial<ItemFacts> = {}): ItemFacts {
  const label = (rule: string) => [{ source: 'label_text' as const, photo: 1, rule }];
  return {
    brand: known.brand === undefined ? null : { value: known.brand, evidence: label('brand.exact') },
    size: known.size === undefined ? null : { value: known.size, evidence: label('size.letter') },
    composition:
      known.composition === undefined
        ? null
        : { value: known.composition, evidence: label('composition.main') },
    colours: {
      value: known.colours ?? [],
      evidence: [{ source: 'colour_analysis', photo: 1, rule: 'colour.dominant' }],
    },
    category: null,
    itemType:
      known.itemType === undefined ? null : { value: known.itemType, evidence: label('item_type.word') },
    condition:
      known.condition === undefined
        ? null
        : { value: known.condition, evidence: [{ source: 'seller_hint', rule: 'condition.seller_hint' }] },
    preOwned: false,
    fit: 'true to size',
    openToOffers: false,
    shippingDays: null,
    suggestions: [],
    ...overrides,
  };
}

const settings: GenerationSettings = GenerationSettingsSchema.parse({});
const wool = [{ fibre: 'wool', percent: 100 }];
const zaraCoat = facts({ brand: 'Zara', size: 'M', itemType: 'coat', colours: ['Black'], composition: wool });

function title(item: ItemFacts, language: 'en' | 'fr' | 'de' | 'pl') {
  return writeListing(item, settings, language, 'GBP').title;
}

describe('titles', () => {
  it('writes English titles brand first, then colour, material, item and size', () => {
    expect(title(zaraCoat, 'en')).toBe('Zara Black Wool Coat Size M');
    const levis = facts({
      brand: "Levi's",
      size: 'W32 L34',
      itemType: 'jeans',
      colours: ['Blue'],
      composition: [{ fibre: 'cotton', percent: 100 }],
    });
    expect(title(levis, 'en')).toBe("Levi's Blue Denim Jeans W32 L34");
    expect(title(facts({ size: 'M', itemType: 'coat', colours: ['Black'], composition: wool }), 'en')).toBe(
      'Black Wool Coat Size M',
    );
    expect(title(facts({ itemType: 't-shirt', size: '3-4 years' }), 'en')).toBe('T-Shirt Size 3-4 years');
    expect(title(facts({}), 'en')).toBe('Pre-loved Item');
    expect(title(facts({ size: 'One Size', colours: ['Red'] }), 'en')).toBe('Pre-loved Item One Size');
  });

  it('writes French titles with agreement and French word order', () => {
    expect(title(zaraCoat, 'fr')).toBe('Zara – manteau noir en laine, taille M');
    expect(title(facts({ itemType: 'dress', colours: ['Black'], size: 'S' }), 'fr')).toBe(
      'Robe noire, taille S',
    );
    expect(title(facts({ itemType: 'trainers', colours: ['White'] }), 'fr')).toBe('Baskets blanches');
    expect(
      title(
        facts({ itemType: 'jacket', colours: ['Brown'], composition: [{ fibre: 'leather', percent: 100 }] }),
        'fr',
      ),
    ).toBe('Veste marron en cuir');
    expect(
      title(facts({ brand: "Levi's", itemType: 'jeans', colours: ['Blue'], size: 'W32 L34' }), 'fr'),
    ).toBe("Levi's – jean bleu, W32 L34");
    expect(title(facts({ itemType: 'hoodie', size: '5 years' }), 'fr')).toBe('Sweat à capuche, taille 5 ans');
  });

  it('writes German titles with strong adjective endings', () => {
    expect(title(zaraCoat, 'de')).toBe('Zara schwarzer Mantel aus Wolle, Gr. M');
    expect(title(facts({ itemType: 'dress', colours: ['Black'] }), 'de')).toBe('Schwarzes Kleid');
    expect(title(facts({ itemType: 'jacket', colours: ['Black'], size: 'L' }), 'de')).toBe(
      'Schwarze Jacke, Gr. L',
    );
    expect(title(facts({ itemType: 'jeans', colours: ['Blue'], size: 'W30 L32' }), 'de')).toBe(
      'Blaue Jeans, W30 L32',
    );
    expect(title(facts({ itemType: 'dress', colours: ['Pink'], size: '3-4 years' }), 'de')).toBe(
      'Rosa Kleid, Gr. 3-4 Jahre',
    );
    expect(title(facts({ brand: 'Mango', itemType: 'skirt', size: 'One Size' }), 'de')).toBe(
      'Mango Rock, Einheitsgröße',
    );
  });

  it('writes Polish titles with agreement and the material after the noun', () => {
    expect(title(zaraCoat, 'pl')).toBe('Zara czarny płaszcz wełniany, rozm. M');
    expect(title(facts({ itemType: 'dress', colours: ['Black'], size: 'S' }), 'pl')).toBe(
      'Czarna sukienka, rozm. S',
    );
    expect(title(facts({ itemType: 'jeans', colours: ['Blue'] }), 'pl')).toBe('Niebieskie jeansy');
    expect(title(facts({ itemType: 'hoodie', colours: ['Grey'], composition: wool }), 'pl')).toBe(
      'Szara bluza wełniana z kapturem',
    );
    expect(title(facts({ itemType: 't-shirt', size: '3-4 years' }), 'pl')).toBe('T-shirt, rozm. 3-4 lata');
    expect(title(facts({ itemType: 't-shirt', size: '5-6 years' }), 'pl')).toBe('T-shirt, rozm. 5-6 lat');
  });

  it('keeps titles within 80 characters, cut at a word', () => {
    const long = facts({
      brand: 'Very Long Brand Name That Goes On And On Forever',
      itemType: 'coat',
      colours: ['Navy'],
      composition: wool,
      size: 'XXL',
    });
    const written = title(long, 'en');
    expect(written.length).toBeLessThanOrEqual(80);
    expect(written.startsWith('Very Long Brand Name')).toBe(true);
  });
});

describe('descriptions', () => {
  const full = facts(
    {
      brand: 'Zara',
      size: 'M',
      itemType: 'coat',
      colours: ['Black', 'White'],
      composition: [
        { fibre: 'wool', percent: 80 },
        { fibre: 'polyester', percent: 20 },
      ],
      condition: 'New with tags',
    },
    { openToOffers: true, shippingDays: 2, fit: 'oversized' },
  );

  it('writes one fact per sentence in English', () => {
    expect(writeListing(full, settings, 'en', 'GBP').description).toBe(
      'Coat by Zara. Size M. Oversized fit. Made of 80% wool and 20% polyester. Colours: black and white. New with tags. Open to offers. Ships within 2 days.',
    );
  });

  it('writes the same facts in French, German and Polish', () => {
    expect(writeListing(full, settings, 'fr', 'EUR').description).toBe(
      'Manteau Zara. Taille M. Coupe oversize. Composition : 80 % laine et 20 % polyester. Couleurs : noir et blanc. Neuf avec étiquette. Ouvert aux offres. Expédition sous 2 jours.',
    );
    expect(writeListing(full, settings, 'de', 'EUR').description).toBe(
      'Mantel von Zara. Größe M. Oversized geschnitten. Material: 80 % Wolle und 20 % Polyester. Farben: Schwarz und Weiß. Neu mit Etikett. Preisvorschläge willkommen. Versand innerhalb von 2 Tagen.',
    );
    expect(writeListing(full, settings, 'pl', 'EUR').description).toBe(
      'Płaszcz marki Zara. Rozmiar M. Krój oversize. Skład: 80% wełna, 20% poliester. Kolory: czarny i biały. Stan: nowy z metką. Możliwa negocjacja ceny. Wysyłka w ciągu 2 dni.',
    );
  });

  it('says pre-owned only when the seller chose Used, and nothing about condition otherwise', () => {
    expect(writeListing(facts({}, { preOwned: true }), settings, 'en', 'GBP').description).toBe(
      'Fits true to size. Pre-owned.',
    );
    expect(writeListing(facts({}), settings, 'en', 'GBP').description).toBe('Fits true to size.');
  });
});

describe('tags', () => {
  it('gives lower-case tags in the listing language, brand names as they are', () => {
    const levis = facts({
      brand: "Levi's",
      itemType: 'jeans',
      colours: ['Blue'],
      condition: 'New with tags',
    });
    expect(writeListing(levis, settings, 'en', 'GBP').tags).toEqual([
      "levi's",
      'jeans',
      'blue',
      'denim',
      'bottoms',
      'new with tags',
    ]);
    expect(writeListing(zaraCoat, settings, 'fr', 'EUR').tags).toEqual([
      'zara',
      'manteau',
      'noir',
      'laine',
      'manteaux et vestes',
    ]);
    expect(writeListing(zaraCoat, settings, 'pl', 'EUR').tags).toEqual([
      'zara',
      'płaszcz',
      'czarny',
      'wełna',
      'odzież wierzchnia',
    ]);
  });
});

describe('settings and guardrails', () => {
  it('leaves out every field the seller turned off, with its evidence', () => {
    const off = { ...settings, title: false, description: false, tags: false, suggestedPrice: false };
    const listing = writeListing(zaraCoat, off, 'en', 'GBP');
    expect(listing).toMatchObject({ title: '', description: '', tags: [], suggestedPriceRange: null });
    expect(listing.evidence).toEqual({ title: [], description: [], tags: [], price: [] });
  });

  it('keeps the evidence for the fields it writes', () => {
    const listing = writeListing(zaraCoat, settings, 'en', 'GBP');
    expect(listing.evidence.title.map((item) => item.rule)).toContain('brand.exact');
    expect(listing.evidence.title.at(-1)).toEqual({ source: 'template', rule: 'title.en' });
    expect(listing.evidence.price[0]?.source).toBe('price_table');
  });

  it('never lets apology text through, even from a seller hint', () => {
    const listing = writeListing(
      facts({ brand: "Sorry, I can't help", itemType: 'coat' }),
      settings,
      'en',
      'GBP',
    );
    expect(listing.title).toBe('Coat');
    expect(listing.description).not.toMatch(/sorry/i);
    expect(listing.tags.join(' ')).not.toMatch(/sorry/i);
  });

  it('writes clean text: no double spaces, no space before a comma', () => {
    for (const language of ['en', 'fr', 'de', 'pl'] as const) {
      const listing = writeListing(zaraCoat, settings, language, 'GBP');
      for (const text of [listing.title, listing.description]) {
        expect(text).not.toMatch(/ {2}| ,|^\s|\s$/);
      }
    }
  });
});
