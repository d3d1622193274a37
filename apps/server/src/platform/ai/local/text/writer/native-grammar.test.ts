// A native speaker's check of the writer in all four languages: listings for a matrix of item types, colours,
// materials, sizes and conditions, read for agreement and vocabulary ("jupe noire", "schwarzer Rock",
// "czarna spódnica"), English leaking into French, German or Polish, clumsy spacing and punctuation, every
// marketplace's title limit, a Depop lead that is not a sentence, tag counts, and words no fact supports.
import {
  type Colour,
  GenerationSettingsSchema,
  LANGUAGES,
  type Language,
  type ListingCondition,
  type Marketplace,
  TITLE_LIMITS,
} from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import type { ItemFacts } from '../../facts';
import { LANGUAGE_PACKS } from './languages';
import { CARE_INSTRUCTIONS } from './vocabulary';
import { writeListing } from './write-listing';

const settings = GenerationSettingsSchema.parse({});

interface Case {
  brand: string | null;
  itemType: string;
  colour: Colour;
  composition: { fibre: string; percent: number }[];
  size: string;
  condition: ListingCondition | 'Used';
  fit: ItemFacts['fit'];
}

function factsFor(item: Case): ItemFacts {
  const label = [{ source: 'label_text' as const, photo: 1, rule: 'test' }];
  const sellerSaid = [{ source: 'seller_hint' as const, rule: 'test' }];
  return {
    brand: item.brand === null ? null : { value: item.brand, evidence: label },
    size: { value: item.size, evidence: label },
    composition: { value: item.composition, evidence: label },
    care: {
      value: [
        'machine wash 40',
        'non-chlorine bleach only',
        'tumble dry low',
        'dry flat',
        'iron medium',
        'dry clean',
      ],
      evidence: label,
    },
    colours: { value: [item.colour], evidence: label },
    category: null,
    itemType: { value: item.itemType, evidence: label },
    condition: item.condition === 'Used' ? null : { value: item.condition, evidence: sellerSaid },
    preOwned: item.condition === 'Used',
    fit: item.fit,
    openToOffers: true,
    shippingDays: 2,
    // A reading too weak to state: it must never reach the text.
    suggestions: [{ field: 'brand', value: 'Gucci', evidence: label }],
  };
}

const ITEMS = [
  'skirt',
  'coat',
  'jacket',
  'dress',
  'jumper',
  'jeans',
  't-shirt',
  'trainers',
  'bag',
  'hoodie',
  'shirt',
];
const COLOURS: Colour[] = ['Black', 'White', 'Blue', 'Grey', 'Navy', 'Pink', 'Brown', 'Green'];
const MATERIALS = [
  [{ fibre: 'wool', percent: 100 }],
  [{ fibre: 'cotton', percent: 100 }],
  [{ fibre: 'cashmere', percent: 100 }],
  [{ fibre: 'leather', percent: 100 }],
  [
    { fibre: 'silk', percent: 90 },
    { fibre: 'elastane', percent: 10 },
  ],
  [
    { fibre: 'polyester', percent: 65 },
    { fibre: 'viscose', percent: 35 },
  ],
];
const SIZES = ['M', 'UK 10', 'W32 L34', '3-4 years', 'One Size', 'XS', 'EU 38'];
const CONDITIONS: Case['condition'][] = ['New with tags', 'New without tags', 'Used', 'Very good', 'Good'];
const BRANDS = ['Zara', null, 'Dr. Martens', 'Abercrombie & Fitch', 'Mango'];

/** Every item with every colour and material; sizes, conditions and brands rotate through the rest. */
const MATRIX: Case[] = ITEMS.flatMap((itemType, itemIndex) =>
  COLOURS.flatMap((colour, colourIndex) =>
    MATERIALS.map((composition, materialIndex) => {
      const turn = itemIndex + colourIndex * 3 + materialIndex * 5;
      return {
        itemType,
        colour,
        composition,
        size: SIZES[turn % SIZES.length] ?? 'M',
        condition: CONDITIONS[turn % CONDITIONS.length] ?? 'Used',
        brand: BRANDS[turn % BRANDS.length] ?? null,
        fit: turn % 2 === 0 ? 'oversized' : 'true to size',
      };
    }),
  ),
);

/** English words that have no place in French, German or Polish text (brand names aside; "message" is French). */
const ENGLISH = [
  'size',
  'colour',
  'colours',
  'made',
  'with',
  'and',
  'the',
  'by',
  'condition',
  'black',
  'white',
  'grey',
  'brown',
  'green',
  'wool',
  'cotton',
  'leather',
  'silk',
  'new',
  'tags',
  'pre-owned',
  'preloved',
  'fits',
  'measurements',
  'ships',
  'offers',
  'item',
  'jumper',
  'coat',
  'skirt',
  'dress',
  'jacket',
  'bag',
  'trainers',
  'sweater',
  'knitwear',
  'wash',
  'dry',
  'iron',
  'bleach',
  'tumble',
  'clean',
  'care',
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}'])(?:${ENGLISH.join('|')})(?![\\p{L}'])`, 'iu');
/** Claims no fact supports, and wearers no fact names, in any of the four languages. */
const UNSUPPORTED =
  /\b(vintage|designer|rare|authentic|authentique|authentisch|oryginaln\p{L}*|perfect|parfait|perfekt|idealn\p{L}*|luxury|luxe|luxus\p{L}*|women'?s?|men'?s|femme|homme|damen|herren|damsk\p{L}*|męsk\p{L}*)\b/iu;

function textOf(item: Case, language: Language) {
  const listing = writeListing(factsFor(item), settings, language, 'EUR');
  return { listing, brand: item.brand ?? '' };
}

/** The text with the brand taken out: a brand is a name, not a word in the listing's language. */
function withoutBrand(text: string, brand: string): string {
  return brand === '' ? text : text.split(brand).join(' ');
}

/** An item, its colour and material (or null), and the phrase each language must use for them. */
type PhraseCase = { itemType: string; colour: Colour; material: string | null } & Record<Language, string>;

describe('agreement and vocabulary', () => {
  // The phrase each language must use for an item in a colour and, where one is named, a material.
  it.each`
    itemType      | colour     | material     | en                  | fr                                        | de                       | pl
    ${'skirt'}    | ${'Black'} | ${null}      | ${'black skirt'}    | ${'jupe noire'}                           | ${'schwarzer rock'}      | ${'czarna spódnica'}
    ${'coat'}     | ${'Black'} | ${null}      | ${'black coat'}     | ${'manteau noir'}                         | ${'schwarzer mantel'}    | ${'czarny płaszcz'}
    ${'jacket'}   | ${'Black'} | ${null}      | ${'black jacket'}   | ${'veste noire'}                          | ${'schwarze jacke'}      | ${'czarna kurtka'}
    ${'dress'}    | ${'White'} | ${null}      | ${'white dress'}    | ${'robe blanche'}                         | ${'weißes kleid'}        | ${'biała sukienka'}
    ${'jeans'}    | ${'Blue'}  | ${null}      | ${'blue jeans'}     | ${'jean bleu'}                            | ${'blaue jeans'}         | ${'niebieskie jeansy'}
    ${'trainers'} | ${'White'} | ${null}      | ${'white trainers'} | ${'baskets blanches'}                     | ${'weiße sneaker'}       | ${'białe sneakersy'}
    ${'jumper'}   | ${'Grey'}  | ${null}      | ${'grey jumper'}    | ${'pull gris'}                            | ${'grauer pullover'}     | ${'szary sweter'}
    ${'t-shirt'}  | ${'Grey'}  | ${null}      | ${'grey t-shirt'}   | ${'t-shirt gris'}                         | ${'graues t-shirt'}      | ${'szary t-shirt'}
    ${'bag'}      | ${'Brown'} | ${null}      | ${'brown bag'}      | ${'sac marron'}                           | ${'braune tasche'}       | ${'brązowa torebka'}
    ${'shirt'}    | ${'Pink'}  | ${null}      | ${'pink shirt'}     | ${'chemise rose'}                         | ${'rosa hemd'}           | ${'różowa koszula'}
    ${'skirt'}    | ${'Black'} | ${'wool'}    | ${'wool skirt'}     | ${'jupe noire en laine'}                  | ${'wollrock'}            | ${'spódnica wełniana'}
    ${'coat'}     | ${'Navy'}  | ${'wool'}    | ${'wool coat'}      | ${'manteau bleu marine en laine'}         | ${'wollmantel'}          | ${'płaszcz wełniany'}
    ${'dress'}    | ${'Green'} | ${'silk'}    | ${'silk dress'}     | ${'robe verte en soie'}                   | ${'seidenkleid'}         | ${'sukienka jedwabna'}
    ${'jacket'}   | ${'Brown'} | ${'leather'} | ${'leather jacket'} | ${'veste marron en cuir'}                 | ${'lederjacke'}          | ${'kurtka skórzana'}
    ${'bag'}      | ${'Black'} | ${'leather'} | ${'leather bag'}    | ${'sac noir en cuir'}                     | ${'ledertasche'}         | ${'torebka skórzana'}
    ${'t-shirt'}  | ${'White'} | ${'cotton'}  | ${'cotton t-shirt'} | ${'t-shirt blanc en coton'}               | ${'baumwoll-t-shirt'}    | ${'t-shirt bawełniany'}
    ${'hoodie'}   | ${'Navy'}  | ${'cotton'}  | ${'cotton hoodie'}  | ${'sweat à capuche bleu marine en coton'} | ${'marineblauer hoodie'} | ${'granatowa bluza bawełniana z kapturem'}
  `('$itemType in $colour ($material)', ({ itemType, colour, material, ...phrases }: PhraseCase) => {
    for (const language of LANGUAGES) {
      const item: Case = {
        brand: null,
        itemType,
        colour,
        composition: material === null ? [] : [{ fibre: material, percent: 100 }],
        size: 'M',
        condition: 'Used',
        fit: 'true to size',
      };
      const { listing } = textOf(item, language);
      const everything = [listing.title, listing.description, ...listing.tags]
        .join(' | ')
        .toLocaleLowerCase();
      expect(everything, `${language}: ${everything}`).toContain(phrases[language]);
    }
  });

  it('never calls a skirt trousers', () => {
    const skirt = MATRIX.filter((item) => item.itemType === 'skirt');
    const trousers: Record<Language, RegExp> = {
      en: /\b(trousers|pants)\b/,
      fr: /\bpantalons?\b/,
      de: /\bhosen?\b/,
      pl: /\bspodnie\b/,
    };
    for (const item of skirt) {
      for (const language of LANGUAGES) {
        const { listing } = textOf(item, language);
        const text = [listing.title, listing.description, ...listing.tags].join(' ').toLocaleLowerCase();
        expect(text, language).not.toMatch(trousers[language]);
      }
    }
  });
});

describe.each(LANGUAGES)('every listing in %s', (language) => {
  const listings = MATRIX.map((item) => ({ item, ...textOf(item, language) }));

  it.skipIf(language === 'en')('keeps English out of the text (brand names aside)', () => {
    for (const { listing, brand } of listings) {
      for (const text of [listing.title, listing.description, ...listing.tags]) {
        const match = ENGLISH_WORD.exec(withoutBrand(text, brand));
        expect(match?.[0], text).toBeUndefined();
      }
    }
  });

  it.skipIf(language === 'en')('words every care instruction without English', () => {
    const { care } = LANGUAGE_PACKS[language];
    for (const instruction of CARE_INSTRUCTIONS) {
      expect(ENGLISH_WORD.exec(care.instructions[instruction])?.[0], instruction).toBeUndefined();
    }
    expect(ENGLISH_WORD.exec(care.machineWashAt(30))?.[0]).toBeUndefined();
  });

  it('has no doubled spaces or punctuation, and nothing dangling', () => {
    for (const { listing } of listings) {
      for (const text of [listing.title, listing.description, ...listing.tags]) {
        expect(text, text).not.toMatch(/ {2}|\s[,.]|[,.]{2}|,\.|\.,|^\s|\s$|\(\s|\s\)/);
      }
      expect(listing.title, listing.title).not.toMatch(/[.,:;–-]$/);
      // Every sentence of the description starts with a capital and ends with a full stop.
      for (const sentence of listing.description.split(/(?<=\.) (?=\p{Lu})/u)) {
        expect(sentence, sentence).toMatch(/^\p{Lu}.*\.$/u);
      }
    }
  });

  it('keeps every title within its marketplace limit, and Depop lead without a full stop', () => {
    for (const { listing } of listings) {
      expect(listing.title.length).toBeLessThanOrEqual(80);
      for (const [marketplace, limit] of Object.entries(TITLE_LIMITS)) {
        const variant = listing.variants[marketplace as Marketplace];
        expect(variant?.title.length ?? 0, marketplace).toBeLessThanOrEqual(limit);
        expect(variant?.title, marketplace).not.toMatch(/\.$/);
        // An extra is kept whole or dropped: never "... Size M New" or "..., nowa".
        expect(variant?.title, marketplace).not.toMatch(/(?:New|New With|neuf|neuve|neu|nowy|nowa|nowe)$/u);
        if (marketplace === 'etsy' || marketplace === 'shopify' || marketplace === 'poshmark') {
          expect(variant?.title.startsWith(listing.title), marketplace).toBe(true);
        }
      }
      for (const tag of listing.variants.etsy?.tags ?? []) expect(tag.length, tag).toBeLessThanOrEqual(20);
      expect(listing.variants.etsy?.tags.length).toBeLessThanOrEqual(13);
      const hashtags = listing.variants.depop?.description.split('\n').at(-1)?.split(' ') ?? [];
      expect(hashtags.length).toBeLessThanOrEqual(5);
      for (const hashtag of hashtags) expect(hashtag).toMatch(/^#[\p{L}\p{N}]+$/u);
      const depop = listing.variants.depop?.title ?? '';
      expect(depop).not.toBe('');
      expect(depop).not.toMatch(/\.$/);
    }
  });

  it('gives the longer marketplaces the extras eBay has no room for, each whole', () => {
    const { listing } = textOf(
      {
        brand: 'Abercrombie & Fitch',
        itemType: 'hoodie',
        colour: 'Multi',
        composition: [{ fibre: 'cashmere', percent: 100 }],
        size: '3-4 years',
        condition: 'New with tags',
        fit: 'oversized',
      },
      language,
    );
    const etsy = listing.variants.etsy?.title ?? '';
    expect(listing.title.length).toBeLessThanOrEqual(80);
    expect(etsy.length).toBeGreaterThan(80);
    expect(etsy.startsWith(listing.title), `${listing.title} / ${etsy}`).toBe(true);
  });

  it('uses 8 to 10 tags when brand, item, colour, material, size and condition are known', () => {
    for (const { item, listing } of listings) {
      const facts = `${item.brand} ${item.itemType} ${item.colour} ${item.composition[0]?.fibre}`;
      expect(listing.tags.length, facts).toBeLessThanOrEqual(10);
      expect(new Set(listing.tags).size, facts).toBe(listing.tags.length);
      const namedMaterial = ['wool', 'cotton', 'cashmere', 'leather', 'silk'].includes(
        item.composition[0]?.fibre ?? '',
      );
      if (item.brand !== null && namedMaterial) {
        expect(listing.tags.length, `${facts}: ${listing.tags.join(', ')}`).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it('claims nothing the facts lack and never uses a suggestion', () => {
    for (const { listing } of listings) {
      const text = [listing.title, listing.description, ...listing.tags].join(' | ');
      expect(text, text).not.toMatch(UNSUPPORTED);
      expect(text).not.toMatch(/gucci/i);
    }
  });

  it("keeps the seller's brand verbatim in the title", () => {
    for (const { item, listing } of listings) {
      if (item.brand !== null) expect(listing.title.startsWith(item.brand), listing.title).toBe(true);
    }
  });
});
