import {
  type GenerationSettingsInput,
  GenerationSettingsSchema,
  type Language,
  MAX_DESCRIPTION_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
} from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { modelReply } from '../../../testing/model-reply';
import type { EngineListing } from '../listing-engine';
import { applyGuardrails, cutDescription, type GuardrailInput, isRefusalReply } from './guardrails';
import type { ModelListing } from './reply-schema';

const LOCAL: EngineListing = {
  title: 'Zara Blue Trousers',
  description: 'Trousers by Zara. Colour: blue.',
  tags: ['zara', 'trousers'],
  suggestedPriceRange: { currency: 'GBP', min: 900, max: 1600 },
  brand: 'Zara',
  size: null,
  colours: ['Blue'],
  category: 'Bottoms',
  condition: null,
  composition: [{ fibre: 'cotton', percent: 100 }],
  suggestions: [],
  evidence: {
    title: [{ source: 'template', rule: 'title.en' }],
    description: [
      { source: 'seller_hint', rule: 'description.fit', text: 'true to size' },
      { source: 'template', rule: 'description.en' },
    ],
    tags: [{ source: 'template', rule: 'tags.en' }],
    price: [{ source: 'price_table', rule: 'price.bottoms.mid.unknown' }],
    brand: [{ source: 'label_text', photo: 2, text: 'ZARA', rule: 'brand.exact', confidence: 0.88 }],
    colours: [{ source: 'colour_analysis', photo: 1, rule: 'colour.kmeans_foreground' }],
    category: [{ source: 'item_shape', photo: 1, rule: 'shape.two_legs' }],
    composition: [{ source: 'label_text', photo: 2, text: '100% cotton', rule: 'composition.main' }],
  },
  variants: {},
  engine: 'local',
  model: null,
  usage: null,
  fallback: null,
  writerInput: null,
};

const REPLY = modelReply();

function guard(
  reply: Partial<ModelListing>,
  options: {
    settings?: GenerationSettingsInput;
    local?: Partial<EngineListing>;
    sent?: number[];
    language?: Language;
  } = {},
) {
  const input: GuardrailInput = {
    reply: { ...REPLY, ...reply },
    settings: GenerationSettingsSchema.parse(options.settings ?? {}),
    language: options.language ?? 'en',
    currency: 'GBP',
    local: { ...LOCAL, ...options.local },
    sentPhotos: new Set(options.sent ?? [1, 2]),
  };
  return applyGuardrails(input);
}

describe('applyGuardrails: brand and size', () => {
  it('keeps a brand the local evidence found, with both the label and the model as evidence', () => {
    const listing = guard({});
    expect(listing.brand).toBe('Zara');
    expect(listing.evidence.brand).toEqual([
      ...(LOCAL.evidence.brand ?? []),
      { source: 'vision_model', rule: 'vision_model.brand', photo: 2, text: 'ZARA' },
    ]);
  });

  it('drops a brand nothing supports, uses the local one and rewrites the title around it', () => {
    const listing = guard({
      brand: 'Gucci',
      brandReading: null,
      title: 'Gucci Straight Leg Jeans',
      description: 'Gucci jeans in blue. Straight leg.',
      tags: ['gucci jeans', 'jeans', 'Gucci'],
    });
    expect(listing.brand).toBe('Zara');
    expect(listing.title).toBe('Zara Straight Leg Jeans');
    expect(listing.description).toBe('Straight leg.');
    expect(listing.tags).toEqual(['jeans']);
    expect(JSON.stringify(listing)).not.toMatch(/gucci/i);
  });

  it('does not take a reading on a photo the model was not sent, or one that does not contain the value', () => {
    const local = { brand: null, evidence: { ...LOCAL.evidence, brand: [] } };
    const elsewhere = guard({ brand: 'Gucci', brandReading: { photo: 5, text: 'GUCCI' } }, { local });
    expect(elsewhere.brand).toBeNull();
    const unrelated = guard({ brand: 'Gucci', brandReading: { photo: 1, text: 'MADE IN ITALY' } }, { local });
    expect(unrelated.brand).toBeNull();
    expect(unrelated.evidence.brand).toBeUndefined();
  });

  it('keeps a brand the model read on a photo it was sent, with that reading as evidence', () => {
    const local = { brand: null, evidence: { ...LOCAL.evidence, brand: [] } };
    const listing = guard(
      { brand: 'Acme', brandReading: { photo: 1, text: 'ACME Denim Co.' }, title: 'Acme Jeans' },
      { local },
    );
    expect(listing.brand).toBe('Acme');
    expect(listing.title).toBe('Acme Jeans');
    expect(listing.evidence.brand).toEqual([
      { source: 'vision_model', rule: 'vision_model.brand', photo: 1, text: 'ACME Denim Co.' },
    ]);
  });

  it("lets the seller's brand and size win over what the model read", () => {
    const listing = guard(
      {
        brand: 'Wrangler',
        brandReading: { photo: 2, text: 'WRANGLER' },
        size: 'XL',
        sizeReading: { photo: 2, text: 'XL' },
        title: 'Wrangler Jeans Size XL',
        tags: ['wrangler', 'jeans', 'xl'],
      },
      {
        settings: { brand: "Levi's", size: 'W32 L34' },
        local: {
          brand: "Levi's",
          size: 'W32 L34',
          evidence: {
            ...LOCAL.evidence,
            brand: [{ source: 'seller_hint', text: "Levi's", rule: 'brand.seller_hint_known' }],
            size: [{ source: 'seller_hint', text: 'W32 L34', rule: 'size.seller_hint' }],
          },
        },
      },
    );
    expect([listing.brand, listing.size]).toEqual(["Levi's", 'W32 L34']);
    expect(listing.title).toBe("Levi's Jeans");
    expect(listing.tags).toEqual(['jeans']);
    expect(listing.evidence.brand?.[0]?.source).toBe('seller_hint');
  });

  it('drops an unsupported size together with the size word before it', () => {
    const listing = guard({ size: 'XL', sizeReading: null, title: 'Zara Straight Leg Jeans Size XL' });
    expect(listing.size).toBeNull();
    expect(listing.title).toBe('Zara Straight Leg Jeans');
  });
});

describe('applyGuardrails: limits and switched-off fields', () => {
  it('cuts an over-long title at a word within the limit', () => {
    const title = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const listing = guard({ title });
    expect(listing.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title.startsWith(listing.title)).toBe(true);
    expect(title[listing.title.length]).toBe(' ');
  });

  it('trims tags, removes "#" and duplicates, drops apologies and keeps at most MAX_TAGS', () => {
    const many = Array.from({ length: MAX_TAGS + 5 }, (_, index) => `tag ${index}`);
    const listing = guard({
      tags: [
        '#Jeans',
        'jeans',
        '  Blue   denim ',
        'sorry, I cannot tag this',
        'x'.repeat(MAX_TAG_LENGTH + 5),
        ...many,
      ],
    });
    expect(listing.tags.slice(0, 2)).toEqual(['Jeans', 'Blue denim']);
    expect(listing.tags).toHaveLength(MAX_TAGS);
    expect(listing.tags.every((tag) => tag.length <= MAX_TAG_LENGTH && !/sorry/i.test(tag))).toBe(true);
  });

  it('cuts an over-long description at the last sentence that fits', () => {
    // Every sentence different: one sentence repeated would be keyword stuffing, not a long description.
    const word = (index: number) =>
      index.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? '');
    const sentences = Array.from({ length: 700 }, (_, index) => `Hem ${word(index)} is ok.`);
    const description = sentences.join(' ');
    const listing = guard({ description });
    expect(listing.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(listing.description.length).toBeGreaterThan(MAX_DESCRIPTION_LENGTH - 30);
    expect(description.startsWith(listing.description)).toBe(true);
    expect(listing.description.endsWith('is ok.')).toBe(true);
  });

  it('leaves switched-off fields empty whatever the model wrote', () => {
    const listing = guard({}, { settings: { title: false, tags: false, suggestedPrice: false } });
    expect(listing.title).toBe('');
    expect(listing.tags).toEqual([]);
    expect(listing.suggestedPriceRange).toBeNull();
    expect(listing.description).toBe(REPLY.description);
    expect(listing.evidence.title).toEqual([]);
    expect(listing.variants.ebay).toEqual({ title: '', description: REPLY.description, tags: [] });
  });

  it("falls back to the local engine's text for a field the checks emptied", () => {
    const listing = guard({ brand: 'Gucci', brandReading: null, tags: ['gucci'], description: 'By Gucci.' });
    expect(listing.tags).toEqual(LOCAL.tags);
    expect(listing.description).toBe(LOCAL.description);
    expect(listing.evidence.tags).toEqual(LOCAL.evidence.tags);
  });
});

describe('applyGuardrails: prices and enums', () => {
  it('turns a believable range into minor units', () => {
    expect(guard({}).suggestedPriceRange).toEqual({ currency: 'GBP', min: 1200, max: 1850 });
    expect(guard({}).evidence.price).toEqual([{ source: 'vision_model', rule: 'vision_model.price' }]);
  });

  it.each([
    ['missing', null],
    ['zero', { min: 0, max: 10 }],
    ['upside down', { min: 20, max: 10 }],
    ['too wide', { min: 5, max: 40 }],
    ['above the cap', { min: 900_000, max: 1_100_000 }],
    ['far above the table', { min: 90, max: 120 }],
    ['far below the table', { min: 1, max: 2 }],
  ])("uses the local engine's range for a price that is %s", (_name, price) => {
    const listing = guard({ price });
    expect(listing.suggestedPriceRange).toEqual(LOCAL.suggestedPriceRange);
    expect(listing.evidence.price).toEqual(LOCAL.evidence.price);
  });

  it("keeps the local engine's colours, category and condition where the model gave none", () => {
    const listing = guard({ colours: [], category: null, condition: null });
    expect([listing.colours, listing.category, listing.condition]).toEqual([LOCAL.colours, 'Bottoms', null]);
    expect(listing.evidence.colours).toEqual(LOCAL.evidence.colours);
  });

  it('takes the model colours (at most two), category and condition, with vision evidence', () => {
    const listing = guard({ colours: ['Navy', 'White', 'Red'], category: 'Casual Wear', condition: 'Good' });
    expect([listing.colours, listing.category, listing.condition]).toEqual([
      ['Navy', 'White'],
      'Casual Wear',
      'Good',
    ]);
    expect(listing.evidence.condition).toEqual([{ source: 'vision_model', rule: 'vision_model.condition' }]);
  });

  it("keeps the seller's condition, and never calls a used item new", () => {
    const hinted = guard(
      { condition: 'Good' },
      {
        settings: { condition: 'new_with_tags' },
        local: {
          condition: 'New with tags',
          evidence: {
            ...LOCAL.evidence,
            condition: [{ source: 'seller_hint', rule: 'condition.new_with_tags' }],
          },
        },
      },
    );
    expect(hinted.condition).toBe('New with tags');
    expect(hinted.evidence.condition?.[0]?.source).toBe('seller_hint');
    expect(guard({ condition: 'New with tags' }, { settings: { condition: 'used' } }).condition).toBeNull();
  });
});

describe('applyGuardrails: hype and unsupported claims', () => {
  const HYPE_TITLE = 'Gucci Amazing Designer Luxury Vintage Retro Statement Piece Must Have Rare Find Jeans';

  it('replaces a hype title with the offline one once the invented brand is swapped out', () => {
    const listing = guard({ brand: 'Gucci', brandReading: null, title: HYPE_TITLE });
    expect(listing.brand).toBe('Zara');
    expect(listing.title).toBe(LOCAL.title);
    expect(listing.evidence.title).toEqual(LOCAL.evidence.title);
    expect(JSON.stringify(listing.variants)).not.toMatch(/amazing|designer|luxury|vintage|rare/i);
  });

  it('cuts one or two hype words out of a title that is otherwise good', () => {
    expect(guard({ title: 'Zara Designer Straight Leg Jeans' }).title).toBe('Zara Straight Leg Jeans');
    expect(guard({ title: 'Amazing Zara Jeans - Must-Have' }).title).toBe('Zara Jeans');
  });

  it('drops the sentences that make a claim, and keeps the rest of the description', () => {
    const listing = guard({
      description:
        'Blue straight leg jeans from Zara. 100% authentic, a rare find! Five pockets and a zip fly. Cotton denim.',
    });
    expect(listing.description).toBe(
      'Blue straight leg jeans from Zara. Five pockets and a zip fly. Cotton denim.',
    );
  });

  it('replaces a description that is mostly hype with the offline one', () => {
    const listing = guard({
      description: 'Stunning designer jeans. Pure luxury. One of a kind statement piece. Blue denim.',
    });
    expect(listing.description).toBe(LOCAL.description);
    expect(listing.evidence.description).toEqual(LOCAL.evidence.description);
  });

  it('drops hype tags and tags that repeat a word', () => {
    const listing = guard({
      tags: ['jeans', 'designer jeans', 'luxury', 'vintage', 'jeans jeans', 'blue denim'],
    });
    expect(listing.tags).toEqual(['jeans', 'blue denim']);
  });

  it('allows "brand new" and "perfect condition" only when the seller said new', () => {
    const reply = {
      title: 'Zara Brand New Straight Jeans',
      description: 'Blue jeans from Zara. Brand new, in perfect condition. Five pockets.',
    };
    const used = guard(reply, { settings: { condition: 'used' } });
    expect(used.title).toBe('Zara Straight Jeans');
    expect(used.description).toBe('Blue jeans from Zara. Five pockets.');
    const sellerSaidNew = guard(reply, { settings: { condition: 'new_with_tags' } });
    expect(sellerSaidNew.title).toBe(reply.title);
    expect(sellerSaidNew.description).toBe(reply.description);
  });

  it.each([
    [
      'fr',
      'Jean Zara luxe et authentique',
      'Jean Zara',
      'Jean droit bleu. Pièce unique, très rare. Cinq poches.',
    ],
    ['de', 'Zara Luxus Jeans echt selten', null, 'Blaue Jeans. Echtes Einzelstück, selten! Fünf Taschen.'],
    [
      'pl',
      'Luksusowe oryginalne jeansy Zara',
      'Jeansy Zara',
      'Niebieskie jeansy. Unikatowy, luksusowy model. Pięć kieszeni.',
    ],
  ] as const)('finds the claims in %s too', (language, title, cutTitle, description) => {
    const listing = guard({ title, description }, { language });
    expect(listing.title).toBe(cutTitle ?? LOCAL.title);
    expect(listing.description.split('. ')).toHaveLength(2);
    expect(listing.description).not.toMatch(/unique|rare|echt|selten|unikat|luksus/i);
  });

  it('keeps a vintage claim out unless the local evidence supports it', () => {
    expect(guard({ title: 'Vintage Zara Jeans' }).title).toBe('Zara Jeans');
    const supported = guard(
      { title: 'Vintage Zara Jeans' },
      {
        local: {
          evidence: { ...LOCAL.evidence, tags: [{ source: 'label_text', rule: 'style.vintage_label' }] },
        },
      },
    );
    expect(supported.title).toBe('Vintage Zara Jeans');
  });

  it("leaves the French one size alone: 'taille unique' is a size, not a claim", () => {
    expect(guard({ title: 'Casquette Zara, taille unique' }, { language: 'fr' }).title).toBe(
      'Casquette Zara, taille unique',
    );
  });
});

describe('applyGuardrails: keyword stuffing', () => {
  it.each([
    ['a word said twice', 'Zara Jeans Blue Jeans Straight Jeans'],
    ['a run of synonyms', 'Zara Jeans Denim Pants Trousers'],
    ['hashtags', 'Zara Jeans #denim #blue'],
    ['the tags as a list', 'jeans, denim, blue, zara, straight leg'],
  ])('replaces a title stuffed with %s by the offline one', (_kind, title) => {
    const listing = guard({ title, tags: ['jeans', 'denim', 'blue', 'zara', 'straight leg'] });
    expect(listing.title).toBe(LOCAL.title);
  });

  it('cuts a pile of filler adjectives out of a title', () => {
    expect(guard({ title: 'Cute Stylish Trendy Chic Zara Straight Jeans' }).title).toBe(
      'Zara Straight Jeans',
    );
    expect(guard({ title: 'Classic Zara Straight Jeans' }).title).toBe('Classic Zara Straight Jeans');
  });

  it('replaces a description that repeats one word over and over', () => {
    const listing = guard({
      description:
        'Jeans for jeans lovers. These jeans are the jeans you need. Best jeans, blue jeans, straight jeans.',
    });
    expect(listing.description).toBe(LOCAL.description);
  });
});

describe('isRefusalReply', () => {
  it('flags an apology in the title or the description', () => {
    expect(isRefusalReply({ ...REPLY, title: "I'm sorry, but I can't help with that." })).toBe(true);
    expect(isRefusalReply({ ...REPLY, description: 'As an AI language model I cannot judge clothes.' })).toBe(
      true,
    );
    expect(isRefusalReply(REPLY)).toBe(false);
  });
});

describe('cutDescription', () => {
  it('cuts at a word when no sentence ends in the second half', () => {
    expect(cutDescription('one two three four five six', 12)).toBe('one two');
  });
});
