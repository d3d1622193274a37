// The words the writer uses, per listing language, with the grammar they need: each noun's gender and number,
// colour adjectives in every form, materials as each language attaches them to a noun, and fibre names.
// Keys are the English item types of item-type.ts, the spec's colours and categories, and canonical fibres.
import type { Category, Colour, Language } from '@snaplist/contract';

export type Gender = 'm' | 'f' | 'n';
export interface Noun {
  word: string;
  gender: Gender;
  plural: boolean;
}

/** `word:g` with g one of m, f, n, or p for a plural (fr plurals carry their gender: `mp`, `fp`). */
function noun(entry: string): Noun {
  const [word = '', grammar = 'm'] = entry.split(':');
  const plural = grammar.includes('p');
  const gender = (grammar.replace('p', '') || (plural ? 'f' : 'm')) as Gender;
  return { word, gender, plural };
}

function nouns(table: Record<string, string>): Record<string, Noun> {
  return Object.fromEntries(Object.entries(table).map(([key, entry]) => [key, noun(entry)]));
}

/** Item types (and nouns for categories that name a kind of item) per language. English gender is unused. */
export const NOUNS: Record<Language, Record<string, Noun>> = {
  en: nouns({
    jeans: 'Jeans:p',
    trousers: 'Trousers:p',
    shorts: 'Shorts:p',
    skirt: 'Skirt',
    leggings: 'Leggings:p',
    dress: 'Dress',
    't-shirt': 'T-Shirt',
    shirt: 'Shirt',
    blouse: 'Blouse',
    top: 'Top',
    hoodie: 'Hoodie',
    sweatshirt: 'Sweatshirt',
    jumper: 'Jumper',
    cardigan: 'Cardigan',
    jacket: 'Jacket',
    coat: 'Coat',
    blazer: 'Blazer',
    suit: 'Suit',
    trainers: 'Trainers:p',
    shoes: 'Shoes:p',
    boots: 'Boots:p',
    sandals: 'Sandals:p',
    heels: 'Heels:p',
    bag: 'Bag',
    backpack: 'Backpack',
    scarf: 'Scarf',
    hat: 'Hat',
    belt: 'Belt',
    swimsuit: 'Swimsuit',
    bikini: 'Bikini',
    necklace: 'Necklace',
    earrings: 'Earrings:p',
    ring: 'Ring',
    bracelet: 'Bracelet',
    watch: 'Watch',
    outerwear: 'Outerwear',
    jewellery: 'Jewellery',
    accessory: 'Accessory',
    sportswear: 'Sportswear',
    swimwear: 'Swimwear',
    item: 'Item',
  }),
  fr: nouns({
    jeans: 'jean:m',
    trousers: 'pantalon:m',
    shorts: 'short:m',
    skirt: 'jupe:f',
    leggings: 'legging:m',
    dress: 'robe:f',
    't-shirt': 't-shirt:m',
    shirt: 'chemise:f',
    blouse: 'blouse:f',
    top: 'top:m',
    hoodie: 'sweat à capuche:m',
    sweatshirt: 'sweat:m',
    jumper: 'pull:m',
    cardigan: 'cardigan:m',
    jacket: 'veste:f',
    coat: 'manteau:m',
    blazer: 'blazer:m',
    suit: 'costume:m',
    trainers: 'baskets:fp',
    shoes: 'chaussures:fp',
    boots: 'bottes:fp',
    sandals: 'sandales:fp',
    heels: 'escarpins:mp',
    bag: 'sac:m',
    backpack: 'sac à dos:m',
    scarf: 'écharpe:f',
    hat: 'chapeau:m',
    belt: 'ceinture:f',
    swimsuit: 'maillot de bain:m',
    bikini: 'bikini:m',
    necklace: 'collier:m',
    earrings: "boucles d'oreilles:fp",
    ring: 'bague:f',
    bracelet: 'bracelet:m',
    watch: 'montre:f',
    outerwear: 'veste:f',
    jewellery: 'bijou:m',
    accessory: 'accessoire:m',
    sportswear: 'vêtement de sport:m',
    swimwear: 'maillot de bain:m',
    item: 'article:m',
  }),
  de: nouns({
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
  pl: nouns({
    jeans: 'jeansy:p',
    trousers: 'spodnie:p',
    shorts: 'szorty:p',
    skirt: 'spódnica:f',
    leggings: 'legginsy:p',
    dress: 'sukienka:f',
    't-shirt': 't-shirt:m',
    shirt: 'koszula:f',
    blouse: 'bluzka:f',
    top: 'top:m',
    hoodie: 'bluza z kapturem:f',
    sweatshirt: 'bluza:f',
    jumper: 'sweter:m',
    cardigan: 'kardigan:m',
    jacket: 'kurtka:f',
    coat: 'płaszcz:m',
    blazer: 'marynarka:f',
    suit: 'garnitur:m',
    trainers: 'sneakersy:p',
    shoes: 'buty:p',
    boots: 'kozaki:p',
    sandals: 'sandały:p',
    heels: 'szpilki:p',
    bag: 'torebka:f',
    backpack: 'plecak:m',
    scarf: 'szal:m',
    hat: 'czapka:f',
    belt: 'pasek:m',
    swimsuit: 'strój kąpielowy:m',
    bikini: 'bikini:n',
    necklace: 'naszyjnik:m',
    earrings: 'kolczyki:p',
    ring: 'pierścionek:m',
    bracelet: 'bransoletka:f',
    watch: 'zegarek:m',
    outerwear: 'kurtka:f',
    jewellery: 'biżuteria:f',
    accessory: 'dodatek:m',
    sportswear: 'odzież sportowa:f',
    swimwear: 'strój kąpielowy:m',
    item: 'produkt:m',
  }),
};

/**
 * The noun a category stands for when no item type is known. Outerwear is written as a jacket in fr/de/pl
 * because those languages have no everyday singular word for "outerwear"; style categories (Vintage,
 * Designer, Streetwear...) and Bottoms name no kind of item, so they get none.
 */
export const CATEGORY_NOUN_KEYS: Partial<Record<Category, string>> = {
  Tops: 'top',
  Dresses: 'dress',
  Outerwear: 'outerwear',
  Shoes: 'shoes',
  Accessories: 'accessory',
  Bags: 'bag',
  Jewelry: 'jewellery',
  Activewear: 'sportswear',
  Swimwear: 'swimwear',
};

/** fr colour forms: masculine, feminine, masculine plural, feminine plural (one form when invariable). */
const FR_COLOURS: Record<Colour, string> = {
  Black: 'noir noire noirs noires',
  White: 'blanc blanche blancs blanches',
  Red: 'rouge rouge rouges rouges',
  Blue: 'bleu bleue bleus bleues',
  Green: 'vert verte verts vertes',
  Yellow: 'jaune jaune jaunes jaunes',
  Purple: 'violet violette violets violettes',
  Pink: 'rose rose roses roses',
  Orange: 'orange',
  Brown: 'marron',
  Grey: 'gris grise gris grises',
  Navy: 'bleu marine',
  Beige: 'beige beige beiges beiges',
  Gold: 'doré dorée dorés dorées',
  Silver: 'argenté argentée argentés argentées',
  Multi: 'multicolore multicolore multicolores multicolores',
};
const FR_INVARIABLE: ReadonlySet<Colour> = new Set(['Orange', 'Brown', 'Navy']);

/** de colour stems for attributive endings; rosa, lila, beige and orange stay as they are. */
const DE_COLOUR_STEMS: Record<Colour, string> = {
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
const DE_INVARIABLE: ReadonlySet<Colour> = new Set(['Purple', 'Pink', 'Orange', 'Beige']);
const DE_COLOUR_NOUNS: Record<Colour, string> = {
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

/** pl colour adjectives in the masculine; feminine and neuter/plural forms follow from the ending. */
const PL_COLOURS: Record<Colour, string> = {
  Black: 'czarny',
  White: 'biały',
  Red: 'czerwony',
  Blue: 'niebieski',
  Green: 'zielony',
  Yellow: 'żółty',
  Purple: 'fioletowy',
  Pink: 'różowy',
  Orange: 'pomarańczowy',
  Brown: 'brązowy',
  Grey: 'szary',
  Navy: 'granatowy',
  Beige: 'beżowy',
  Gold: 'złoty',
  Silver: 'srebrny',
  Multi: 'wielokolorowy',
};

const EN_COLOURS: Record<Colour, string> = {
  Black: 'black',
  White: 'white',
  Red: 'red',
  Blue: 'blue',
  Green: 'green',
  Yellow: 'yellow',
  Purple: 'purple',
  Pink: 'pink',
  Orange: 'orange',
  Brown: 'brown',
  Grey: 'grey',
  Navy: 'navy',
  Beige: 'beige',
  Gold: 'gold',
  Silver: 'silver',
  Multi: 'multicoloured',
};

/** Polish adjective agreement: -y/-a/-e, and -i/-a/-ie after k and g ("niebieski"). */
export function polishAdjective(masculine: string, target: Noun): string {
  if (target.gender === 'm' && !target.plural) return masculine;
  const soft = masculine.endsWith('i');
  const stem = masculine.slice(0, -1);
  if (target.gender === 'f' && !target.plural) return `${stem}a`;
  return soft ? `${stem}ie` : `${stem}e`;
}

/** German strong (article-less) adjective endings, nominative: schwarzer Mantel, schwarze Jacke, schwarzes Kleid. */
export function germanAdjective(stem: string, target: Noun): string {
  if (target.plural || target.gender === 'f') return `${stem}e`;
  return target.gender === 'm' ? `${stem}er` : `${stem}es`;
}

/** The colour as an adjective agreeing with the noun, or its base form when no noun is given. */
export function colourAdjective(colour: Colour, language: Language, target: Noun | null): string {
  switch (language) {
    case 'en':
      return EN_COLOURS[colour];
    case 'fr': {
      const forms = FR_COLOURS[colour].split(' ');
      if (FR_INVARIABLE.has(colour) || target === null)
        return FR_INVARIABLE.has(colour) ? FR_COLOURS[colour] : (forms[0] ?? '');
      const index = (target.gender === 'f' ? 1 : 0) + (target.plural ? 2 : 0);
      return forms[index] ?? forms[0] ?? '';
    }
    case 'de': {
      const stem = DE_COLOUR_STEMS[colour];
      return target === null || DE_INVARIABLE.has(colour) ? stem : germanAdjective(stem, target);
    }
    case 'pl':
      return target === null ? PL_COLOURS[colour] : polishAdjective(PL_COLOURS[colour], target);
  }
}

/** The colour as a word on its own ("Colour: black", "Farbe: Schwarz"). */
export function colourName(colour: Colour, language: Language): string {
  return language === 'de' ? DE_COLOUR_NOUNS[colour] : colourAdjective(colour, language, null);
}

/** Materials worth naming in a title, and how each language attaches them to a noun. */
export const NOTABLE_MATERIALS = [
  'wool',
  'cotton',
  'cashmere',
  'leather',
  'silk',
  'linen',
  'denim',
  'alpaca',
  'mohair',
] as const;
export type NotableMaterial = (typeof NOTABLE_MATERIALS)[number];

const MATERIAL_PHRASES: Record<Exclude<Language, 'pl'>, Record<NotableMaterial, string>> = {
  en: {
    wool: 'Wool',
    cotton: 'Cotton',
    cashmere: 'Cashmere',
    leather: 'Leather',
    silk: 'Silk',
    linen: 'Linen',
    denim: 'Denim',
    alpaca: 'Alpaca',
    mohair: 'Mohair',
  },
  fr: {
    wool: 'en laine',
    cotton: 'en coton',
    cashmere: 'en cachemire',
    leather: 'en cuir',
    silk: 'en soie',
    linen: 'en lin',
    denim: 'en jean',
    alpaca: 'en alpaga',
    mohair: 'en mohair',
  },
  de: {
    wool: 'aus Wolle',
    cotton: 'aus Baumwolle',
    cashmere: 'aus Kaschmir',
    leather: 'aus Leder',
    silk: 'aus Seide',
    linen: 'aus Leinen',
    denim: 'aus Denim',
    alpaca: 'aus Alpaka',
    mohair: 'aus Mohair',
  },
};
const PL_MATERIAL_ADJECTIVES: Record<NotableMaterial, string> = {
  wool: 'wełniany',
  cotton: 'bawełniany',
  cashmere: 'kaszmirowy',
  leather: 'skórzany',
  silk: 'jedwabny',
  linen: 'lniany',
  denim: 'jeansowy',
  alpaca: 'alpakowy',
  mohair: 'moherowy',
};

/** The material as the language attaches it to the noun: "Wool", "en laine", "aus Wolle", "wełniany". */
export function materialPhrase(material: NotableMaterial, language: Language, target: Noun): string {
  return language === 'pl'
    ? polishAdjective(PL_MATERIAL_ADJECTIVES[material], target)
    : MATERIAL_PHRASES[language][material];
}

/** Fibre names per language: en, fr, de, pl. Unknown fibres are written as read. */
const FIBRE_NAMES: Record<string, [string, string, string, string]> = {
  cotton: ['cotton', 'coton', 'Baumwolle', 'bawełna'],
  polyester: ['polyester', 'polyester', 'Polyester', 'poliester'],
  elastane: ['elastane', 'élasthanne', 'Elasthan', 'elastan'],
  viscose: ['viscose', 'viscose', 'Viskose', 'wiskoza'],
  wool: ['wool', 'laine', 'Wolle', 'wełna'],
  nylon: ['nylon', 'nylon', 'Polyamid', 'poliamid'],
  linen: ['linen', 'lin', 'Leinen', 'len'],
  silk: ['silk', 'soie', 'Seide', 'jedwab'],
  cashmere: ['cashmere', 'cachemire', 'Kaschmir', 'kaszmir'],
  acrylic: ['acrylic', 'acrylique', 'Polyacryl', 'akryl'],
  leather: ['leather', 'cuir', 'Leder', 'skóra'],
  lyocell: ['lyocell', 'lyocell', 'Lyocell', 'lyocell'],
  modal: ['modal', 'modal', 'Modal', 'modal'],
  alpaca: ['alpaca', 'alpaga', 'Alpaka', 'alpaka'],
  mohair: ['mohair', 'mohair', 'Mohair', 'moher'],
  angora: ['angora', 'angora', 'Angora', 'angora'],
  down: ['down', 'duvet', 'Daunen', 'puch'],
  feather: ['feather', 'plumes', 'Federn', 'pierze'],
  polyurethane: ['polyurethane', 'polyuréthane', 'Polyurethan', 'poliuretan'],
  polypropylene: ['polypropylene', 'polypropylène', 'Polypropylen', 'polipropylen'],
  metallic: ['metallic fibre', 'fibre métallisée', 'Metallfaser', 'włókno metaliczne'],
  denim: ['denim', 'denim', 'Denim', 'denim'],
  acetate: ['acetate', 'acétate', 'Acetat', 'octan'],
  triacetate: ['triacetate', 'triacétate', 'Triacetat', 'trioctan'],
  cupro: ['cupro', 'cupro', 'Cupro', 'cupro'],
  hemp: ['hemp', 'chanvre', 'Hanf', 'konopie'],
  ramie: ['ramie', 'ramie', 'Ramie', 'ramia'],
};
const LANGUAGE_INDEX: Record<Language, number> = { en: 0, fr: 1, de: 2, pl: 3 };

export function fibreName(fibre: string, language: Language): string {
  return FIBRE_NAMES[fibre]?.[LANGUAGE_INDEX[language]] ?? fibre;
}

/** Category names for tags, lower case. */
const CATEGORY_TAGS: Record<Category, [string, string, string, string]> = {
  Tops: ['tops', 'hauts', 'oberteile', 'topy'],
  // fr "bas", de "Hosen" and pl "spodnie" would name trousers (or stockings) on a skirt: English only.
  Bottoms: ['bottoms', '', '', ''],
  Dresses: ['dresses', 'robes', 'kleider', 'sukienki'],
  Outerwear: ['outerwear', 'manteaux et vestes', 'oberbekleidung', 'odzież wierzchnia'],
  Shoes: ['shoes', 'chaussures', 'schuhe', 'buty'],
  Accessories: ['accessories', 'accessoires', 'accessoires', 'dodatki'],
  Bags: ['bags', 'sacs', 'taschen', 'torebki'],
  Jewelry: ['jewellery', 'bijoux', 'schmuck', 'biżuteria'],
  Activewear: ['activewear', 'vêtements de sport', 'sportbekleidung', 'odzież sportowa'],
  Swimwear: ['swimwear', 'maillots de bain', 'bademode', 'stroje kąpielowe'],
  Vintage: ['vintage', 'vintage', 'vintage', 'vintage'],
  Designer: ['designer', 'créateur', 'designer', 'projektant'],
  Streetwear: ['streetwear', 'streetwear', 'streetwear', 'streetwear'],
  'Formal Wear': ['formal wear', 'tenue habillée', 'festliche mode', 'odzież wizytowa'],
  'Casual Wear': ['casual wear', 'tenue décontractée', 'freizeitmode', 'odzież codzienna'],
};

/** The category as a tag, or '' when the language has no word for it that is right for every item in it. */
export function categoryTag(category: Category, language: Language): string {
  return CATEGORY_TAGS[category][LANGUAGE_INDEX[language]] ?? '';
}

/**
 * Other words buyers search for the same kind of item, per language, lower case, `|` between them. Only true
 * synonyms: nothing about cut, season or wearer, which the facts never say.
 */
const ITEM_SYNONYMS: Partial<Record<string, [string, string, string, string]>> = {
  jeans: ['denim', 'jeans|denim', 'jeanshose|denim', 'dżinsy|spodnie jeansowe'],
  trousers: ['pants', '', '', ''],
  't-shirt': ['tee|t shirt', 'tee-shirt|tshirt', 'tshirt|shirt', 'koszulka|tshirt'],
  blouse: ['top', 'haut', 'oberteil', ''],
  hoodie: ['hooded sweatshirt|hoody', 'hoodie|sweat', 'kapuzenpullover|kapuzensweatshirt', 'bluza|hoodie'],
  sweatshirt: ['sweat', 'sweat-shirt', 'sweater', ''],
  jumper: ['sweater|pullover', 'pull-over|tricot', 'pulli|strickpullover', 'pulower'],
  cardigan: ['', 'gilet', 'cardigan', 'sweter rozpinany'],
  trainers: ['sneakers', 'sneakers', 'turnschuhe', 'buty sportowe'],
  heels: ['high heels', 'talons', 'absatzschuhe', 'obcasy'],
  bag: ['handbag', 'sac à main', 'handtasche', 'torba'],
  backpack: ['rucksack', '', '', ''],
  shorts: ['', '', 'kurze hose', 'spodenki'],
  leggings: ['', '', 'leggins', 'getry'],
  shirt: ['', '', 'oberhemd', ''],
};

/** Other words for the item, in the language: "sweater", "pullover" for a jumper. */
export function itemSynonyms(nounKey: string, language: Language): string[] {
  const words = ITEM_SYNONYMS[nounKey]?.[LANGUAGE_INDEX[language]] ?? '';
  return words === '' ? [] : words.split('|');
}

/** German compounds buyers type: "Wollmantel", "Lederjacke", "Seidenkleid". */
const DE_MATERIAL_PREFIXES: Record<NotableMaterial, string> = {
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

/** The material and the item as buyers search them: "wool coat", "manteau en laine", "wollmantel", "płaszcz wełniany". */
export function materialItemPhrase(material: NotableMaterial, language: Language, target: Noun): string {
  switch (language) {
    case 'en':
      return `${MATERIAL_PHRASES.en[material]} ${target.word}`;
    case 'fr':
      return `${target.word} ${MATERIAL_PHRASES.fr[material]}`;
    case 'de':
      // "Jeans" + "jeans" would stutter, and a two-word noun ("High Heels") makes no compound.
      if (target.word.includes(' ') || target.word === 'Jeans') return '';
      return target.word.includes('-')
        ? `${DE_MATERIAL_PREFIXES[material]}-${target.word}`
        : `${DE_MATERIAL_PREFIXES[material]}${target.word.toLocaleLowerCase('de')}`;
    case 'pl': {
      const [head = '', ...rest] = target.word.split(' ');
      return [head, materialPhrase(material, language, target), ...rest].join(' ');
    }
  }
}

/** Children's wear next to the noun: fr "robe enfant", pl "sukienka dziecięca" (agreeing with the noun). */
export function kidsWord(language: 'fr' | 'pl', target: Noun): string {
  return language === 'fr' ? 'enfant' : polishAdjective('dziecięcy', target);
}
