import {
  type Colour,
  type GenerationSettings,
  GenerationSettingsSchema,
  LANGUAGES,
  type Language,
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
  care?: string[];
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
    care: known.care === undefined ? null : { value: known.care, evidence: label('care.symbols') },
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
const cotton = [{ fibre: 'cotton', percent: 100 }];
const leather = [{ fibre: 'leather', percent: 100 }];
const zaraCoatKnown: Known = {
  brand: 'Zara',
  size: 'M',
  itemType: 'coat',
  colours: ['Black'],
  composition: wool,
};
const zaraCoat = facts(zaraCoatKnown);

function title(item: ItemFacts, language: Language) {
  return writeListing(item, settings, language, 'GBP').title;
}

describe('titles', () => {
  it.each<[Language, Known, string]>([
    // English, in the order buyers search: brand, item with material, colour, size.
    ['en', zaraCoatKnown, 'Zara 100% Wool Coat Black Size M'],
    [
      'en',
      { brand: "Levi's", size: 'W32 L34', itemType: 'jeans', colours: ['Blue'], composition: cotton },
      "Levi's Denim Jeans Blue W32 L34",
    ],
    [
      'en',
      {
        size: 'M',
        itemType: 'coat',
        colours: ['Black'],
        composition: [
          { fibre: 'wool', percent: 70 },
          { fibre: 'polyamide', percent: 30 },
        ],
      },
      'Wool Coat Black Size M',
    ],
    ['en', { itemType: 't-shirt', size: '3-4 years' }, 'Kids T-Shirt Size 3-4 years'],
    // The seller's brand stays exactly as written, never title-cased.
    ['en', { brand: 'and other stories', itemType: 'dress' }, 'and other stories Dress'],
    // French, with agreement and French word order.
    ['fr', zaraCoatKnown, 'Zara – manteau noir en laine, taille M'],
    ['fr', { itemType: 'dress', colours: ['Black'], size: 'S' }, 'Robe noire, taille S'],
    ['fr', { itemType: 'trainers', colours: ['White'] }, 'Baskets blanches'],
    ['fr', { itemType: 'jacket', colours: ['Brown'], composition: leather }, 'Veste marron en cuir'],
    [
      'fr',
      { brand: "Levi's", itemType: 'jeans', colours: ['Blue'], size: 'W32 L34' },
      "Levi's – jean bleu, W32 L34",
    ],
    ['fr', { itemType: 'hoodie', size: '5 years' }, 'Sweat à capuche enfant, taille 5 ans'],
    // German, with strong adjective endings.
    ['de', zaraCoatKnown, 'Zara schwarzer Mantel aus Wolle, Gr. M'],
    ['de', { itemType: 'dress', colours: ['Black'] }, 'Schwarzes Kleid'],
    ['de', { itemType: 'jacket', colours: ['Black'], size: 'L' }, 'Schwarze Jacke, Gr. L'],
    ['de', { itemType: 'jeans', colours: ['Blue'], size: 'W30 L32' }, 'Blaue Jeans, W30 L32'],
    ['de', { itemType: 'dress', colours: ['Pink'], size: '3-4 years' }, 'Rosa Kleid, Gr. 3-4 Jahre'],
    ['de', { brand: 'Mango', itemType: 'skirt', size: 'One Size' }, 'Mango Rock, Einheitsgröße'],
    // Polish, with agreement and the material after the noun.
    ['pl', zaraCoatKnown, 'Zara czarny płaszcz wełniany, rozm. M'],
    ['pl', { itemType: 'dress', colours: ['Black'], size: 'S' }, 'Czarna sukienka, rozm. S'],
    ['pl', { itemType: 'jeans', colours: ['Blue'] }, 'Niebieskie jeansy'],
    ['pl', { itemType: 'hoodie', colours: ['Grey'], composition: wool }, 'Szara bluza wełniana z kapturem'],
    ['pl', { itemType: 't-shirt', size: '3-4 years' }, 'T-shirt dziecięcy, rozm. 3-4 lata'],
    ['pl', { itemType: 't-shirt', size: '5-6 years' }, 'T-shirt dziecięcy, rozm. 5-6 lat'],
  ])('writes the %s title of %j as %j', (language, known, expected) => {
    expect(title(facts(known), language)).toBe(expected);
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
    expect(listing.variants.poshmark?.title).toBe(listing.title);
    expect(listing.variants.etsy?.title).toBe(
      'Abercrombie & Fitch Oversized 100% Cashmere Hoodie Multicoloured Size XXL New With Tags',
    );
    expect(listing.variants.shopify?.title).toBe(listing.variants.etsy?.title);
  });

  it('writes the six marketplace versions where the marketplaces differ', () => {
    const listing = writeListing(
      facts({ ...zaraCoatKnown, condition: 'New with tags' }, { openToOffers: true }),
      settings,
      'en',
      'GBP',
    );
    const { ebay, etsy, depop, vinted, poshmark, shopify } = listing.variants;
    // eBay: brand, item, then the specifics its search and buyers filter on.
    expect(ebay?.title).toBe('Zara Coat Size M Black Wool New With Tags');
    expect(poshmark?.title).toBe('Zara 100% Wool Coat Black Size M New With Tags');
    // Depop and Vinted lead with a line a person would write; Depop ends with at most five hashtags.
    expect(depop?.title).toBe('Black wool coat by Zara, size M');
    expect(vinted?.title).toBe('Black wool coat by Zara, size M');
    expect(depop?.description).toBe(`${listing.description}\n#zara #coat #blackcoat #woolcoat #black`);
    expect(vinted?.description).toBe(listing.description);
    expect(vinted?.description).not.toContain('#');
    for (const tag of etsy?.tags ?? []) expect(tag.length, tag).toBeLessThanOrEqual(20);
    // Etsy: up to 13 tags of at most 20 characters, more than the listing's ten when there are more to say.
    const jumper = writeListing(
      facts({ ...zaraCoatKnown, itemType: 'jumper', condition: 'New with tags' }),
      settings,
      'en',
      'GBP',
    );
    expect(jumper.tags).toHaveLength(10);
    expect(jumper.variants.etsy?.tags).toEqual([...jumper.tags, 'new with tags', 'pullover']);
    expect(shopify).toEqual({ title: listing.title, description: listing.description, tags: listing.tags });

    const german = writeListing(zaraCoat, settings, 'de', 'EUR').variants;
    expect(german.ebay?.title).toBe('Zara Mantel Gr. M Schwarz Wolle');
    expect(german.vinted?.title).toBe('Schwarzer Mantel aus Wolle von Zara, Gr. M');
    const polish = writeListing(zaraCoat, settings, 'pl', 'EUR').variants;
    expect(polish.depop?.title).toBe('Czarny płaszcz wełniany marki Zara, rozm. M');
  });

  it('leaves a version without the title or tags the seller turned off', () => {
    const off = { ...settings, title: false, tags: false };
    const { variants } = writeListing(zaraCoat, off, 'en', 'GBP');
    for (const variant of Object.values(variants)) {
      expect(variant.title).toBe('');
      expect(variant.tags).toEqual([]);
    }
  });

  it('says what is known without a kind of item, and never "Item" beside other facts', () => {
    const weekday = facts({ brand: 'Weekday', colours: ['Beige'], size: 'EU 38' }, { preOwned: true });
    expect(title(weekday, 'en')).toBe('Weekday Beige Size EU 38');
    expect(title(weekday, 'fr')).toBe('Weekday, beige, taille EU 38');
    expect(title(weekday, 'de')).toBe('Weekday, Beige, Gr. EU 38');
    expect(title(weekday, 'pl')).toBe('Weekday, kolor beżowy, rozm. EU 38');
    expect(title(facts({ size: 'One Size', colours: ['Red'] }), 'en')).toBe('Red One Size');
    expect(title(facts({ composition: wool }), 'de')).toBe('Wolle');
    // A fibre too common to name beside an item still names an item that has nothing else, and so does a size.
    const polyester = [
      { fibre: 'polyester', percent: 65 },
      { fibre: 'cotton', percent: 35 },
    ];
    expect(title(facts({ composition: polyester, size: 'M' }), 'en')).toBe('Polyester Size M');
    expect(title(facts({ composition: polyester }), 'fr')).toBe('Polyester');
    expect(
      title(
        facts({
          composition: [
            { fibre: 'cotton', percent: 60 },
            { fibre: 'polyester', percent: 40 },
          ],
        }),
        'pl',
      ),
    ).toBe('Bawełna');
    expect(title(facts({ size: 'M' }), 'en')).toBe('Size M');
    expect(title(facts({ size: 'M' }), 'de')).toBe('Gr. M');
    expect(title(facts({ size: '3-4 years' }), 'fr')).toBe('Taille 3-4 ans');
    expect(title(facts({ size: 'S', condition: 'New with tags' }), 'en')).toBe('Size S New With Tags');
    expect(title(facts({ itemType: 'shorts', colours: ['Blue'] }), 'en')).toBe('Shorts Blue');
    expect(title(facts({ itemType: 'shorts', colours: ['Blue'] }), 'fr')).toBe('Short bleu');
    expect(title(facts({ itemType: 'skirt', colours: ['Blue'] }), 'de')).toBe('Blauer Rock');
    expect(title(facts({ itemType: 'dress', colours: ['Blue'] }), 'pl')).toBe('Niebieska sukienka');
    expect(title(facts({ itemType: 'shorts' }), 'en')).toBe('Shorts');
    // Only when nothing at all is known does the title fall back to a plain word.
    expect(title(facts({}), 'en')).toBe('Pre-loved Item');
    expect(title(facts({ condition: 'New with tags' }), 'pl')).toBe('Nowa rzecz');
    for (const known of [{ size: 'M' }, { composition: polyester }, { colours: ['Red'] as Colour[] }]) {
      for (const language of LANGUAGES) {
        expect(title(facts(known), language)).not.toMatch(/Item|Artikel|article|rzecz/i);
      }
    }
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

  // What a reseller would write: item, fabric with its feel, fit, size, condition, offers, shipping.
  it.each([
    [
      'en',
      'GBP',
      'Black wool coat by Zara. Made of 80% wool and 20% polyester. Wool is warm and breathable. ' +
        'Oversized fit. Size M. ' +
        'Message me for measurements before you buy. Colours: black and white. New with tags. ' +
        'Open to offers. Ships within 2 days.',
    ],
    [
      'fr',
      'EUR',
      'Manteau noir en laine de la marque Zara. Composition : 80 % laine et 20 % polyester. ' +
        'La laine est chaude et respirante. ' +
        "Coupe oversize. Taille M. Mesures sur demande : envoyez-moi un message avant d'acheter. " +
        'Couleurs : noir et blanc. Neuf avec étiquette. Ouvert aux offres. Expédition sous 2 jours.',
    ],
    [
      'de',
      'EUR',
      'Schwarzer Mantel aus Wolle von Zara. Material: 80 % Wolle und 20 % Polyester. ' +
        'Wolle wärmt und ist atmungsaktiv. ' +
        'Oversized geschnitten. Größe M. Maße gern auf Anfrage, schreib mir vor dem Kauf eine Nachricht. ' +
        'Farben: Schwarz und Weiß. Neu mit Etikett. Preisvorschläge willkommen. Versand innerhalb von 2 Tagen.',
    ],
    [
      'pl',
      'EUR',
      'Czarny płaszcz wełniany marki Zara. Skład: 80% wełna, 20% poliester. Wełna jest ciepła i oddychająca. ' +
        'Krój oversize. Rozmiar M. ' +
        'Wymiary podam w wiadomości, napisz przed zakupem. Kolory: czarny i biały. Stan: nowy z metką. ' +
        'Możliwa negocjacja ceny. Wysyłka w ciągu 2 dni.',
    ],
  ] as const)('writes the whole description a reseller would, in %s', (language, currency, description) => {
    expect(writeListing(full, settings, language, currency).description).toBe(description);
  });

  it('says stretch only with real elastane, and no care the label does not give', () => {
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
    // Wool and leather once got care advice from the fibre alone: "Kühl waschen und liegend trocknen".
    for (const fibre of ['wool', 'leather', 'silk', 'cashmere']) {
      for (const language of LANGUAGES) {
        const item = facts({ itemType: 'coat', composition: [{ fibre, percent: 100 }] });
        expect(writeListing(item, settings, language, 'EUR').description, `${fibre} ${language}`).not.toMatch(
          /wash|waschen|laver|prać|trockn|sécher|suszyć|clean|reinig|nettoy|czyści|care label|Pflegeetikett|entretien|metk/i,
        );
      }
    }
  });

  it("states the care label's own instructions, in the label's order, in every language", () => {
    const labelled = facts({
      itemType: 'coat',
      composition: wool,
      care: ['machine wash 30', 'do not tumble dry', 'iron low'],
    });
    expect(writeListing(labelled, settings, 'en', 'GBP').description).toContain(
      'Wool is warm and breathable. Care label: machine wash at 30°C, do not tumble dry, iron on low. ',
    );
    expect(writeListing(labelled, settings, 'fr', 'EUR').description).toContain(
      "Étiquette d'entretien : laver en machine à 30 °C, ne pas sécher en machine, repasser à basse température.",
    );
    expect(writeListing(labelled, settings, 'de', 'EUR').description).toContain(
      'Laut Pflegeetikett: Maschinenwäsche bei 30 °C, nicht im Trockner trocknen, bei niedriger Temperatur bügeln.',
    );
    expect(writeListing(labelled, settings, 'pl', 'EUR').description).toContain(
      'Zgodnie z metką: prać w pralce w 30°C, nie suszyć w suszarce, prasować w niskiej temperaturze.',
    );
    const listing = writeListing(labelled, settings, 'en', 'GBP');
    expect(listing.evidence.description.map((evidence) => evidence.rule)).toContain('care.symbols');
  });

  it('leaves out care it cannot word or that contradicts itself, rather than guess', () => {
    const described = (care: string[]) =>
      writeListing(facts({ itemType: 'coat', care }), settings, 'en', 'GBP').description;
    expect(described(['wash like a pro', 'machine wash 7'])).not.toMatch(/care label/i);
    expect(described(['tumble dry low', 'do not tumble dry', 'dry flat'])).toContain('Care label: dry flat.');
    expect(described(['Hand Wash', 'hand wash'])).toContain('Care label: hand wash.');
    const noCare = writeListing(facts({ itemType: 'coat', care: [] }), settings, 'en', 'GBP');
    expect(noCare.description).not.toMatch(/care label/i);
    expect(noCare.evidence.description.map((evidence) => evidence.rule)).not.toContain('care.symbols');
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
  it('tags the size the label prints first, alone: a tag never carries a comma', () => {
    const systems = facts({ brand: 'COS', colours: ['Yellow'], size: 'UK 14 (EU 42, US 10)' });
    const tags = writeListing(systems, settings, 'en', 'GBP').tags;
    expect(tags).toContain('size uk 14');
    expect(tags.filter((tag) => tag.includes(','))).toEqual([]);
  });

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
