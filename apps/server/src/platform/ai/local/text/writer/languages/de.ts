// German listings: colour adjectives before the noun with strong endings ("schwarzer Mantel", "weißes
// Kleid"), materials after it ("aus Wolle"), compounds in tags ("Wollmantel"), and "Gr." before a size.
import { type Colour, tidy } from '@snaplist/contract';
import { list, lowerFirst, startsWithPlainWord } from '../grammar';
import { type ItemWords, isNamed, type LanguagePack, type NamedItemWords } from '../language-pack';
import { type NamedFibre, type NotableMaterial, type Noun, nouns } from '../vocabulary';

/** Stems for attributive endings. */
const COLOUR_STEMS: Record<Colour, string> = {
  Black: 'schwarz',
  White: 'weiß',
  Red: 'rot',
  Blue: 'blau',
  Green: 'grün',
  Yellow: 'gelb',
  Purple: 'lila',
  Pink: 'rosa',
  Orange: 'orange',
  Brown: 'braun',
  Grey: 'grau',
  Navy: 'marineblau',
  Beige: 'beige',
  Gold: 'goldfarben',
  Silver: 'silberfarben',
  Multi: 'mehrfarbig',
};
/** Colours that take no ending: "ein lila Kleid". */
const INVARIABLE: ReadonlySet<Colour> = new Set(['Purple', 'Pink', 'Orange', 'Beige']);
/** The colour as a noun, for "Farbe: Schwarz" and tags. */
const COLOUR_NAMES: Record<Colour, string> = {
  Black: 'Schwarz',
  White: 'Weiß',
  Red: 'Rot',
  Blue: 'Blau',
  Green: 'Grün',
  Yellow: 'Gelb',
  Purple: 'Lila',
  Pink: 'Rosa',
  Orange: 'Orange',
  Brown: 'Braun',
  Grey: 'Grau',
  Navy: 'Marineblau',
  Beige: 'Beige',
  Gold: 'Gold',
  Silver: 'Silber',
  Multi: 'Mehrfarbig',
};

/** Strong (article-less) adjective endings, nominative: schwarzer Mantel, schwarze Jacke, schwarzes Kleid. */
function strongEnding(stem: string, noun: Noun): string {
  if (noun.plural || noun.gender === 'f') return `${stem}e`;
  return noun.gender === 'm' ? `${stem}er` : `${stem}es`;
}

function colourAdjective(colour: Colour, noun: Noun | null): string {
  const stem = COLOUR_STEMS[colour];
  return noun === null || INVARIABLE.has(colour) ? stem : strongEnding(stem, noun);
}

const MATERIALS: Record<NotableMaterial, string> = {
  wool: 'aus Wolle',
  cotton: 'aus Baumwolle',
  cashmere: 'aus Kaschmir',
  leather: 'aus Leder',
  silk: 'aus Seide',
  linen: 'aus Leinen',
  denim: 'aus Denim',
  alpaca: 'aus Alpaka',
  mohair: 'aus Mohair',
};
/** The first half of the compounds buyers type: "Wollmantel", "Lederjacke", "Seidenkleid". */
const MATERIAL_PREFIXES: Record<NotableMaterial, string> = {
  wool: 'Woll',
  cotton: 'Baumwoll',
  cashmere: 'Kaschmir',
  leather: 'Leder',
  silk: 'Seiden',
  linen: 'Leinen',
  denim: 'Jeans',
  alpaca: 'Alpaka',
  mohair: 'Mohair',
};

const FIBRES: Record<NamedFibre, string> = {
  cotton: 'Baumwolle',
  polyester: 'Polyester',
  elastane: 'Elasthan',
  viscose: 'Viskose',
  wool: 'Wolle',
  nylon: 'Polyamid',
  linen: 'Leinen',
  silk: 'Seide',
  cashmere: 'Kaschmir',
  acrylic: 'Polyacryl',
  leather: 'Leder',
  lyocell: 'Lyocell',
  modal: 'Modal',
  alpaca: 'Alpaka',
  mohair: 'Mohair',
  angora: 'Angora',
  down: 'Daunen',
  feather: 'Federn',
  polyurethane: 'Polyurethan',
  polypropylene: 'Polypropylen',
  metallic: 'Metallfaser',
  denim: 'Denim',
  acetate: 'Acetat',
  triacetate: 'Triacetat',
  cupro: 'Cupro',
  hemp: 'Hanf',
  ramie: 'Ramie',
};

/**
 * "schwarzer Mantel aus Wolle". German marks children's wear in the size ("Gr. 3-4 Jahre") and the tags,
 * not with a loose word.
 */
function itemPhrase({ noun, colour, material }: NamedItemWords): string {
  // Jeans are denim by name.
  const materialWords = material === null || material === 'denim' ? '' : MATERIALS[material];
  const adjective = colour === null ? '' : colourAdjective(colour, noun);
  return tidy(`${adjective} ${noun.word} ${materialWords}`);
}

/** Material and colour as plain words when no kind of item is known: "Baumwolle, Beige". */
function namedWithoutNoun({ colour, material }: ItemWords): string {
  const words = [material === null ? '' : FIBRES[material], colour === null ? '' : COLOUR_NAMES[colour]];
  return words.filter((word) => word !== '').join(', ');
}

export const de = {
  nouns: nouns({
    jeans: 'Jeans:fp',
    trousers: 'Hose:f',
    shorts: 'Shorts:p',
    skirt: 'Rock:m',
    leggings: 'Leggings:p',
    dress: 'Kleid:n',
    't-shirt': 'T-Shirt:n',
    shirt: 'Hemd:n',
    blouse: 'Bluse:f',
    top: 'Top:n',
    hoodie: 'Hoodie:m',
    sweatshirt: 'Sweatshirt:n',
    jumper: 'Pullover:m',
    cardigan: 'Strickjacke:f',
    jacket: 'Jacke:f',
    coat: 'Mantel:m',
    blazer: 'Blazer:m',
    suit: 'Anzug:m',
    trainers: 'Sneaker:p',
    shoes: 'Schuhe:p',
    boots: 'Stiefel:p',
    sandals: 'Sandalen:p',
    heels: 'High Heels:p',
    bag: 'Tasche:f',
    backpack: 'Rucksack:m',
    scarf: 'Schal:m',
    hat: 'Hut:m',
    belt: 'Gürtel:m',
    swimsuit: 'Badeanzug:m',
    bikini: 'Bikini:m',
    necklace: 'Halskette:f',
    earrings: 'Ohrringe:p',
    ring: 'Ring:m',
    bracelet: 'Armband:n',
    watch: 'Uhr:f',
    outerwear: 'Jacke:f',
    jewellery: 'Schmuckstück:n',
    accessory: 'Accessoire:n',
    sportswear: 'Sportoberteil:n',
    swimwear: 'Badeanzug:m',
    item: 'Artikel:m',
  }),
  synonyms: {
    jeans: ['jeanshose', 'denim'],
    't-shirt': ['tshirt', 'shirt'],
    blouse: ['oberteil'],
    hoodie: ['kapuzenpullover', 'kapuzensweatshirt'],
    sweatshirt: ['sweater'],
    jumper: ['pulli', 'strickpullover'],
    cardigan: ['cardigan'],
    trainers: ['turnschuhe'],
    heels: ['absatzschuhe'],
    bag: ['handtasche'],
    shorts: ['kurze hose'],
    leggings: ['leggins'],
    shirt: ['oberhemd'],
  },
  colours: {
    adjective: colourAdjective,
    name: (colour) => COLOUR_NAMES[colour],
  },
  materials: {
    phrase: (material) => MATERIALS[material],
    withItem: (material, noun) => {
      // "Jeans" + "jeans" would stutter, and a two-word noun ("High Heels") makes no compound.
      if (noun.word.includes(' ') || noun.word === 'Jeans') return '';
      return noun.word.includes('-')
        ? `${MATERIAL_PREFIXES[material]}-${noun.word}`
        : `${MATERIAL_PREFIXES[material]}${noun.word.toLocaleLowerCase('de')}`;
    },
  },
  fibres: FIBRES,
  categoryTags: {
    Tops: 'oberteile',
    // "Hosen" would name trousers on a skirt.
    Bottoms: '',
    Dresses: 'kleider',
    Outerwear: 'oberbekleidung',
    Shoes: 'schuhe',
    Accessories: 'accessoires',
    Bags: 'taschen',
    Jewelry: 'schmuck',
    Activewear: 'sportbekleidung',
    Swimwear: 'bademode',
    Vintage: 'vintage',
    Designer: 'designer',
    Streetwear: 'streetwear',
    'Formal Wear': 'festliche mode',
    'Casual Wear': 'freizeitmode',
  },
  sizes: {
    titlePrefix: 'Gr.',
    sentencePrefix: 'Größe',
    oneSize: { title: 'Einheitsgröße', sentence: 'Einheitsgröße.' },
    ageUnit: (unit, count, range) => {
      const singular = count === 1 && !range;
      if (unit === 'years') return singular ? 'Jahr' : 'Jahre';
      return singular ? 'Monat' : 'Monate';
    },
  },
  title: {
    brandSeparator: ' ',
    partSeparator: ', ',
    // "Zara schwarzer Mantel": an adjective before its noun is not capitalised; a noun keeps its capital.
    afterBrand: (body) => {
      const [first = '', second = ''] = body.split(' ');
      const adjectiveBeforeNoun = /(?:e|er|es|en|em)$/.test(first) && /^\p{Lu}/u.test(second);
      return startsWithPlainWord(body) && adjectiveBeforeNoun ? lowerFirst(body, 'de') : body;
    },
    nothingNamed: 'Second-Hand-Artikel',
    newNothingNamed: 'Neuer Artikel',
    newCondition: (condition) => (condition === 'New with tags' ? 'neu mit Etikett' : 'neu ohne Etikett'),
    oversizedExtra: 'Oversize',
    item: (words) => (isNamed(words) ? itemPhrase(words) : namedWithoutNoun(words)),
    searchWords: (words) => words,
  },
  description: {
    item: itemPhrase,
    what: (item, brand) => (brand === null ? `${item}.` : `${item} von ${brand}.`),
    brandOnly: (brand) => `Marke: ${brand}.`,
    measurements: 'Maße gern auf Anfrage, schreib mir vor dem Kauf eine Nachricht.',
    fit: {
      'true to size': 'Fällt normal aus.',
      oversized: 'Oversized geschnitten.',
      undersized: 'Fällt klein aus.',
    },
    madeOf: (shares) => `Material: ${list(shares, 'und')}.`,
    percent: (share, fibre) => `${share.percent} % ${fibre}`,
    colour: (names) => `${names.length > 1 ? 'Farben' : 'Farbe'}: ${list(names, 'und')}.`,
    condition: {
      'New with tags': 'Neu mit Etikett.',
      'New without tags': 'Neu ohne Etikett.',
      'Like new': 'Zustand: wie neu.',
      'Very good': 'Zustand: sehr gut.',
      Good: 'Zustand: gut.',
      Fair: 'Zustand: akzeptabel.',
      Poor: 'Zustand: stark getragen.',
    },
    preOwned: 'Zustand: gebraucht.',
    offers: 'Preisvorschläge willkommen.',
    ships: (days) =>
      days === 0
        ? 'Versand am selben Tag.'
        : `Versand innerhalb von ${days} ${days === 1 ? 'Tag' : 'Tagen'}.`,
  },
  fabric: {
    feel: {
      cotton: 'Baumwolle ist weich und atmungsaktiv.',
      wool: 'Wolle wärmt und ist atmungsaktiv.',
      cashmere: 'Kaschmir ist sehr weich und warm.',
      alpaca: 'Alpaka ist weich und warm.',
      mohair: 'Mohair ist leicht, flauschig und warm.',
      silk: 'Seide ist glatt und leicht.',
      linen: 'Leinen ist kühl und atmungsaktiv.',
      leather: 'Leder ist strapazierfähig.',
      viscose: 'Viskose ist weich und fließend.',
      lyocell: 'Lyocell ist glatt und atmungsaktiv.',
      modal: 'Modal ist weich und glatt.',
      polyester: 'Polyester ist pflegeleicht.',
      nylon: 'Polyamid ist leicht und strapazierfähig.',
      down: 'Daunen sind leicht und warm.',
    },
    stretch: 'Elasthan sorgt für Dehnbarkeit.',
  },
  care: {
    instructions: {
      'machine wash': 'Maschinenwäsche',
      'machine wash cold': 'Maschinenwäsche kalt',
      'machine wash warm': 'Maschinenwäsche warm',
      'hand wash': 'Handwäsche',
      'do not wash': 'nicht waschen',
      'do not bleach': 'nicht bleichen',
      'non-chlorine bleach only': 'nur chlorfrei bleichen',
      'tumble dry': 'im Trockner trocknen',
      'tumble dry low': 'im Trockner bei niedriger Temperatur trocknen',
      'do not tumble dry': 'nicht im Trockner trocknen',
      'dry flat': 'liegend trocknen',
      'line dry': 'auf der Leine trocknen',
      'drip dry': 'tropfnass aufhängen',
      iron: 'bügeln',
      'iron low': 'bei niedriger Temperatur bügeln',
      'iron medium': 'bei mittlerer Temperatur bügeln',
      'iron high': 'bei hoher Temperatur bügeln',
      'do not iron': 'nicht bügeln',
      'dry clean': 'chemisch reinigen',
      'do not dry clean': 'nicht chemisch reinigen',
      'wash inside out': 'auf links waschen',
      'wash separately': 'separat waschen',
    },
    machineWashAt: (celsius) => `Maschinenwäsche bei ${celsius} °C`,
    sentence: (instructions) => `Laut Pflegeetikett: ${instructions.join(', ')}.`,
  },
  lead: (item, size) => (size === null ? item : `${item}, ${size}`),
  tags: {
    newWithTags: 'neu mit etikett',
    newWithoutTags: 'neu ohne etikett',
    preOwned: 'gebraucht',
    kids: 'kinder',
    knitwear: 'strick',
    oversized: 'oversize',
    stretch: 'stretch',
    colourWithItem: (colour, noun) => `${colourAdjective(colour, noun)} ${noun.word}`,
    denimJeans: false,
  },
} satisfies LanguagePack;
