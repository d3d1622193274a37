import {
  type Colour,
  type GenerationSettings,
  GenerationSettingsSchema,
  LANGUAGES,
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
  it('writes English titles in the order buyers search: brand, item with material, colour, size', () => {
    expect(title(zaraCoat, 'en')).toBe('Zara 100% Wool Coat Black Size M');
    const levis = facts({
      brand: "Levi's",
      size: 'W32 L34',
      itemType: 'jeans',
      colours: ['Blue'],
      composition: [{ fibre: 'cotton', percent: 100 }],
    });
    expect(title(levis, 'en')).toBe("Levi's Denim Jeans Blue W32 L34");
    const blend = [
      { fibre: 'wool', percent: 70 },
      { fibre: 'polyamide', percent: 30 },
    ];
    expect(title(facts({ size: 'M', itemType: 'coat', colours: ['Black'], composition: blend }), 'en')).toBe(
      'Wool Coat Black Size M',
    );
    expect(title(facts({ itemType: 't-shirt', size: '3-4 years' }), 'en')).toBe(
      'Kids T-Shirt Size 3-4 years',
    );
    // The seller's brand stays exactly as written, never title-cased.
    expect(title(facts({ brand: 'and other stories', itemType: 'dress' }), 'en')).toBe(
      'and other stories Dress',
    );
  });

  it("names children's wear only when the size is an age: no other department is ever guessed", () => {
    const kids = facts({ itemType: 'dress', colours: ['Pink'], size: '3-4 years' });
    expect(title(kids, 'pl')).toBe('Różowa sukienka dziecięca, rozm. 3-4 lata');
    expect(title(kids, 'fr')).toBe('Robe enfant rose, taille 3-4 ans');
    expect(writeListing(kids, settings, 'en', 'GBP').description).toMatch(/^Kids' pink dress\. /);
    expect(writeListing(kids, settings, 'de', 'EUR').tags).toContain('kinder');
    expect(title(facts({ itemType: 'dress', colours: ['Pink'], size: 'S' }), 'en')).toBe('Dress Pink Size S');
  });

  it('puts what buyers filter on after the size, so a short limit cuts it first', () => {
    const newCoat = facts(
      { brand: 'Zara', size: 'M', itemType: 'coat', colours: ['Black'], condition: 'New with tags' },
      { fit: 'oversized' },
    );
    expect(title(newCoat, 'en')).toBe('Zara Oversized Coat Black Size M New With Tags');
    expect(title(newCoat, 'fr')).toBe('Zara – manteau noir, taille M, neuf avec étiquette, coupe oversize');
    expect(title(newCoat, 'de')).toBe('Zara schwarzer Mantel, Gr. M, neu mit Etikett, Oversize');
    const newDress = facts({ itemType: 'dress', colours: ['Black'], condition: 'New without tags' });
    expect(title(newDress, 'pl')).toBe('Czarna sukienka, nowa bez metki');
    expect(title(newDress, 'fr')).toBe('Robe noire, neuve sans étiquette');
  });

  it('gives each marketplace as much of the title as its limit takes, the size always kept', () => {
    const long = facts(
      {
        brand: 'Abercrombie & Fitch',
        itemType: 'hoodie',
        colours: ['Multi'],
        composition: [{ fibre: 'cashmere', percent: 100 }],
        size: 'XXL',
        condition: 'New with tags',
      },
      { fit: 'oversized' },
    );
    const listing = writeListing(long, settings, 'en', 'GBP');
    // "New With Tags" does not fit in 80 whole, so it goes whole rather than leaving "... Size XXL New".
    expect(listing.title).toBe('Abercrombie & Fitch Oversized 100% Cashmere Hoodie Multicoloured Size XXL');
    expect(listing.variants.ebay?.title).toBe(listing.title);
    expect(listing.variants.vinted?.title).toBe(
      'Abercrombie & Fitch Oversized 100% Cashmere Hoodie Multicoloured Size XXL New With Tags',
    );
    expect(listing.variants.etsy?.title).toBe(listing.variants.vinted?.title);
    expect(listing.variants.depop?.title).toBe(listing.title);
  });

  it('says what is known without a kind of item, and never "Item" beside other facts', () => {
    const weekday = facts({ brand: 'Weekday', colours: ['Beige'], size: 'EU 38' }, { preOwned: true });
    expect(title(weekday, 'en')).toBe('Weekday Beige Size EU 38');
    expect(title(weekday, 'fr')).toBe('Weekday, beige, taille EU 38');
    expect(title(weekday, 'de')).toBe('Weekday, Beige, Gr. EU 38');
    expect(title(weekday, 'pl')).toBe('Weekday, kolor beżowy, rozm. EU 38');
    expect(title(facts({ size: 'One Size', colours: ['Red'] }), 'en')).toBe('Red One Size');
    expect(title(facts({ composition: wool }), 'de')).toBe('Wolle');
    // Only when nothing at all is known does the title fall back to a plain word.
    expect(title(facts({}), 'en')).toBe('Pre-loved Item');
    expect(title(facts({ condition: 'New with tags' }), 'pl')).toBe('Nowa rzecz');
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
    expect(title(facts({ itemType: 'hoodie', size: '5 years' }), 'fr')).toBe(
      'Sweat à capuche enfant, taille 5 ans',
    );
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
    expect(title(facts({ itemType: 't-shirt', size: '3-4 years' }), 'pl')).toBe(
      'T-shirt dziecięcy, rozm. 3-4 lata',
    );
    expect(title(facts({ itemType: 't-shirt', size: '5-6 years' }), 'pl')).toBe(
      'T-shirt dziecięcy, rozm. 5-6 lat',
    );
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

  it('writes what a reseller would: item, fabric with feel and care, fit, size, condition, offers, shipping', () => {
    expect(writeListing(full, settings, 'en', 'GBP').description).toBe(
      'Black wool coat by Zara. Made of 80% wool and 20% polyester. Wool is warm and breathable. ' +
        'Wash cool and dry flat, and follow the care label. Oversized fit. Size M. ' +
        'Message me for measurements before you buy. Colours: black and white. New with tags. ' +
        'Open to offers. Ships within 2 days.',
    );
  });

  it('writes the same facts in French, German and Polish', () => {
    expect(writeListing(full, settings, 'fr', 'EUR').description).toBe(
      'Manteau noir en laine de la marque Zara. Composition : 80 % laine et 20 % polyester. ' +
        "La laine est chaude et respirante. Laver à froid et sécher à plat, selon l'étiquette d'entretien. " +
        "Coupe oversize. Taille M. Mesures sur demande : envoyez-moi un message avant d'acheter. " +
        'Couleurs : noir et blanc. Neuf avec étiquette. Ouvert aux offres. Expédition sous 2 jours.',
    );
    expect(writeListing(full, settings, 'de', 'EUR').description).toBe(
      'Schwarzer Mantel aus Wolle von Zara. Material: 80 % Wolle und 20 % Polyester. ' +
        'Wolle wärmt und ist atmungsaktiv. Kühl waschen und liegend trocknen; bitte das Pflegeetikett beachten. ' +
        'Oversized geschnitten. Größe M. Maße gern auf Anfrage, schreib mir vor dem Kauf eine Nachricht. ' +
        'Farben: Schwarz und Weiß. Neu mit Etikett. Preisvorschläge willkommen. Versand innerhalb von 2 Tagen.',
    );
    expect(writeListing(full, settings, 'pl', 'EUR').description).toBe(
      'Czarny płaszcz wełniany marki Zara. Skład: 80% wełna, 20% poliester. Wełna jest ciepła i oddychająca. ' +
        'Prać w niskiej temperaturze i suszyć na płasko, zgodnie z metką. Krój oversize. Rozmiar M. ' +
        'Wymiary podam w wiadomości, napisz przed zakupem. Kolory: czarny i biały. Stan: nowy z metką. ' +
        'Możliwa negocjacja ceny. Wysyłka w ciągu 2 dni.',
    );
  });

  it('says care only where the fibre calls for it, and stretch only with real elastane', () => {
    const stretchCotton = facts({
      itemType: 'jeans',
      colours: ['Blue'],
      composition: [
        { fibre: 'cotton', percent: 98 },
        { fibre: 'elastane', percent: 2 },
      ],
    });
    const description = writeListing(stretchCotton, settings, 'en', 'GBP').description;
    expect(description).toContain('Cotton is soft and breathable. The elastane gives it some stretch.');
    expect(description).not.toMatch(/wash|dry clean|care label/i);
    const leatherBoots = facts({ itemType: 'boots', composition: [{ fibre: 'leather', percent: 100 }] });
    expect(writeListing(leatherBoots, settings, 'de', 'EUR').description).toContain(
      'Nur feucht abwischen, nicht in der Maschine waschen.',
    );
  });

  it("says the seller's Used as pre-owned, and nothing about condition otherwise", () => {
    expect(writeListing(facts({}, { preOwned: true }), settings, 'en', 'GBP').description).toBe(
      'Fits true to size. Message me for measurements before you buy. Condition: pre-owned.',
    );
    expect(writeListing(facts({}, { preOwned: true }), settings, 'pl', 'GBP').description).toContain(
      'Stan: używany.',
    );
    expect(writeListing(facts({}), settings, 'en', 'GBP').description).toBe(
      'Fits true to size. Message me for measurements before you buy.',
    );
  });

  it('names the brand on its own when no kind of item is known', () => {
    const weekday = facts({ brand: 'Weekday', colours: ['Beige'] });
    expect(writeListing(weekday, settings, 'de', 'EUR').description).toMatch(
      /^Marke: Weekday\. .* Farbe: Beige\.$/,
    );
  });
});

describe('tags', () => {
  it('uses the ten tags well: brand, item and synonyms, colour and material phrases, style, size, condition', () => {
    const jumper = facts(
      { brand: 'Uniqlo', itemType: 'jumper', colours: ['Navy'], composition: wool, size: 'L' },
      { preOwned: true },
    );
    expect(writeListing(jumper, settings, 'en', 'GBP').tags).toEqual([
      'uniqlo',
      'jumper',
      'navy jumper',
      'wool jumper',
      'sweater',
      'navy',
      'wool',
      'knitwear',
      'tops',
      'size l',
    ]);
    expect(writeListing(jumper, settings, 'de', 'EUR').tags).toEqual([
      'uniqlo',
      'pullover',
      'marineblauer pullover',
      'wollpullover',
      'pulli',
      'marineblau',
      'wolle',
      'strick',
      'oberteile',
      'gr. l',
    ]);
  });

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
      'blue jeans',
      'denim jeans',
      'denim',
      'blue',
      'bottoms',
      'new with tags',
    ]);
    expect(writeListing(zaraCoat, settings, 'fr', 'EUR').tags).toEqual([
      'zara',
      'manteau',
      'manteau noir',
      'manteau en laine',
      'noir',
      'laine',
      'manteaux et vestes',
      'taille m',
    ]);
    expect(writeListing(zaraCoat, settings, 'pl', 'EUR').tags).toEqual([
      'zara',
      'płaszcz',
      'czarny płaszcz',
      'płaszcz wełniany',
      'czarny',
      'wełna',
      'odzież wierzchnia',
      'rozm. m',
    ]);
  });

  it('tags the fibre that is most of the item and stretch from real elastane, in every language', () => {
    const trousers = facts(
      {
        itemType: 'trousers',
        colours: ['Blue'],
        composition: [
          { fibre: 'polyester', percent: 83 },
          { fibre: 'viscose', percent: 12 },
          { fibre: 'elastane', percent: 5 },
        ],
      },
      { preOwned: true },
    );
    const tags = (language: 'en' | 'de' | 'pl') => writeListing(trousers, settings, language, 'EUR').tags;
    expect(tags('en')).toEqual(expect.arrayContaining(['polyester', 'stretch']));
    expect(tags('de')).toEqual(expect.arrayContaining(['polyester', 'stretch']));
    expect(tags('pl')).toEqual(expect.arrayContaining(['poliester', 'stretch']));

    const blend = facts({
      itemType: 'trousers',
      composition: [
        { fibre: 'polyester', percent: 45 },
        { fibre: 'viscose', percent: 44 },
        { fibre: 'elastane', percent: 1 },
        { fibre: 'nylon', percent: 10 },
      ],
    });
    expect(writeListing(blend, settings, 'en', 'GBP').tags).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(polyester|viscose|stretch)$/)]),
    );
  });

  it('never tags a skirt as trousers in any language', () => {
    const skirt = facts({ itemType: 'skirt', colours: ['Black'], size: 'S' }, { preOwned: true });
    const tags = (language: 'fr' | 'de' | 'pl') => writeListing(skirt, settings, language, 'EUR').tags;
    expect(tags('pl')).toEqual(['spódnica', 'czarna spódnica', 'czarny', 'rozm. s', 'z drugiej ręki']);
    expect(tags('fr')).not.toContain('bas');
    expect(tags('de')).not.toContain('hosen');
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
    for (const language of LANGUAGES) {
      const listing = writeListing(zaraCoat, settings, language, 'GBP');
      for (const text of [listing.title, listing.description]) {
        expect(text).not.toMatch(/ {2}| ,|^\s|\s$/);
      }
    }
  });
});
