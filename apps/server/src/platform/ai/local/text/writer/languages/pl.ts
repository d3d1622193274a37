// Polish listings: adjectives agreeing with the noun's gender and number ("czarna spódnica", "białe
// sneakersy"), adjectives of kind after the head noun ("płaszcz wełniany"), and counted age words (2 lata,
// 5 lat).
import { type Colour, tidy } from '@snaplist/contract';
import { list, lowerFirst, startsWithPlainWord } from '../grammar';
import { type ItemWords, isNamed, type LanguagePack, type NamedItemWords } from '../language-pack';
import { type NamedFibre, type NotableMaterial, type Noun, nouns } from '../vocabulary';

/** Colour adjectives in the masculine; the other forms follow from the ending (agreeing). */
const COLOURS: Record<Colour, string> = {
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

/** Adjective agreement from the masculine: -y/-a/-e, and -i/-a/-ie after k and g ("niebieski"). */
function agreeing(masculine: string, noun: Noun): string {
  if (noun.gender === 'm' && !noun.plural) return masculine;
  const soft = masculine.endsWith('i');
  const stem = masculine.slice(0, -1);
  if (noun.gender === 'f' && !noun.plural) return `${stem}a`;
  return soft ? `${stem}ie` : `${stem}e`;
}

function colourAdjective(colour: Colour, noun: Noun | null): string {
  return noun === null ? COLOURS[colour] : agreeing(COLOURS[colour], noun);
}

/** Materials as adjectives in the masculine: "płaszcz wełniany". */
const MATERIALS: Record<NotableMaterial, string> = {
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

const FIBRES: Record<NamedFibre, string> = {
  cotton: 'bawełna',
  polyester: 'poliester',
  elastane: 'elastan',
  viscose: 'wiskoza',
  wool: 'wełna',
  nylon: 'poliamid',
  linen: 'len',
  silk: 'jedwab',
  cashmere: 'kaszmir',
  acrylic: 'akryl',
  leather: 'skóra',
  lyocell: 'lyocell',
  modal: 'modal',
  alpaca: 'alpaka',
  mohair: 'moher',
  angora: 'angora',
  down: 'puch',
  feather: 'pierze',
  polyurethane: 'poliuretan',
  polypropylene: 'polipropylen',
  metallic: 'włókno metaliczne',
  denim: 'denim',
  acetate: 'octan',
  triacetate: 'trioctan',
  cupro: 'cupro',
  hemp: 'konopie',
  ramie: 'ramia',
};

/** Counts: 1 rok, 2-4 lata (but 12-14 lat), 5+ lat. */
function counted(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  return lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14) ? few : many;
}

/** "czarny płaszcz wełniany": adjectives of kind follow the head noun ("bluza dziecięca wełniana z kapturem"). */
function itemPhrase({ noun, colour, material, kids }: NamedItemWords): string {
  // Jeans are denim by name.
  const materialWords = material === null || material === 'denim' ? '' : agreeing(MATERIALS[material], noun);
  const adjective = colour === null ? '' : colourAdjective(colour, noun);
  const [head = '', ...rest] = noun.word.split(' ');
  const kidsAdjective = kids ? agreeing('dziecięcy', noun) : '';
  return tidy(`${adjective} ${head} ${kidsAdjective} ${materialWords} ${rest.join(' ')}`);
}

/** Material and colour as plain words when no kind of item is known: "bawełna, kolor beżowy". */
function namedWithoutNoun({ colour, material }: ItemWords): string {
  const words = [
    material === null ? '' : FIBRES[material],
    colour === null ? '' : `kolor ${COLOURS[colour]}`,
  ];
  return words.filter((word) => word !== '').join(', ');
}

export const pl = {
  nouns: nouns({
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
  synonyms: {
    jeans: ['dżinsy', 'spodnie jeansowe'],
    't-shirt': ['koszulka', 'tshirt'],
    hoodie: ['bluza', 'hoodie'],
    jumper: ['pulower'],
    cardigan: ['sweter rozpinany'],
    trainers: ['buty sportowe'],
    heels: ['obcasy'],
    bag: ['torba'],
    shorts: ['spodenki'],
    leggings: ['getry'],
  },
  colours: {
    adjective: colourAdjective,
    name: (colour) => COLOURS[colour],
  },
  materials: {
    phrase: (material, noun) => agreeing(MATERIALS[material], noun),
    withItem: (material, noun) => {
      const [head = '', ...rest] = noun.word.split(' ');
      return [head, agreeing(MATERIALS[material], noun), ...rest].join(' ');
    },
  },
  fibres: FIBRES,
  categoryTags: {
    Tops: 'topy',
    // "spodnie" would name trousers on a skirt.
    Bottoms: '',
    Dresses: 'sukienki',
    Outerwear: 'odzież wierzchnia',
    Shoes: 'buty',
    Accessories: 'dodatki',
    Bags: 'torebki',
    Jewelry: 'biżuteria',
    Activewear: 'odzież sportowa',
    Swimwear: 'stroje kąpielowe',
    Vintage: 'vintage',
    Designer: 'projektant',
    Streetwear: 'streetwear',
    'Formal Wear': 'odzież wizytowa',
    'Casual Wear': 'odzież codzienna',
  },
  sizes: {
    titlePrefix: 'rozm.',
    sentencePrefix: 'Rozmiar',
    oneSize: { title: 'rozmiar uniwersalny', sentence: 'Rozmiar uniwersalny.' },
    // The last number of a range decides the form: "3-4 lata", "12-14 lat".
    ageUnit: (unit, count) =>
      unit === 'years'
        ? counted(count, 'rok', 'lata', 'lat')
        : counted(count, 'miesiąc', 'miesiące', 'miesięcy'),
  },
  title: {
    brandSeparator: ' ',
    partSeparator: ', ',
    // "Zara czarny płaszcz": the first word is not capitalised after the brand.
    afterBrand: (body) => (startsWithPlainWord(body) ? lowerFirst(body, 'pl') : body),
    nothingNamed: 'Rzecz z drugiej ręki',
    newNothingNamed: 'Nowa rzecz',
    newCondition: (condition, noun) =>
      `${noun === null ? 'nowy' : agreeing('nowy', noun)} ${condition === 'New with tags' ? 'z metką' : 'bez metki'}`,
    oversizedExtra: 'krój oversize',
    item: (words) => (isNamed(words) ? itemPhrase(words) : namedWithoutNoun(words)),
    searchWords: (words) => words,
  },
  description: {
    item: itemPhrase,
    what: (item, brand) => (brand === null ? `${item}.` : `${item} marki ${brand}.`),
    brandOnly: (brand) => `Marka: ${brand}.`,
    measurements: 'Wymiary podam w wiadomości, napisz przed zakupem.',
    fit: {
      'true to size': 'Rozmiar zgodny z rozmiarówką.',
      oversized: 'Krój oversize.',
      undersized: 'Rozmiar zaniżony.',
    },
    // Polish labels list fibres with commas in the nominative; "i" would need the genitive.
    madeOf: (shares) => `Skład: ${shares.join(', ')}.`,
    percent: (share, fibre) => `${share.percent}% ${fibre}`,
    colour: (names) => `${names.length > 1 ? 'Kolory' : 'Kolor'}: ${list(names, 'i')}.`,
    condition: {
      'New with tags': 'Stan: nowy z metką.',
      'New without tags': 'Stan: nowy bez metki.',
      'Like new': 'Stan: jak nowy.',
      'Very good': 'Stan: bardzo dobry.',
      Good: 'Stan: dobry.',
      Fair: 'Stan: dostateczny.',
      Poor: 'Stan: zły.',
    },
    preOwned: 'Stan: używany.',
    offers: 'Możliwa negocjacja ceny.',
    ships: (days) =>
      days === 0 ? 'Wysyłka tego samego dnia.' : `Wysyłka w ciągu ${days} ${days === 1 ? 'dnia' : 'dni'}.`,
  },
  fabric: {
    feel: {
      cotton: 'Bawełna jest miękka i przewiewna.',
      wool: 'Wełna jest ciepła i oddychająca.',
      cashmere: 'Kaszmir jest bardzo miękki i ciepły.',
      alpaca: 'Alpaka jest miękka i ciepła.',
      mohair: 'Moher jest lekki, puszysty i ciepły.',
      silk: 'Jedwab jest gładki i lekki.',
      linen: 'Len jest chłodny i przewiewny.',
      leather: 'Skóra jest wytrzymała.',
      viscose: 'Wiskoza jest miękka i lejąca.',
      lyocell: 'Lyocell jest gładki i przewiewny.',
      modal: 'Modal jest miękki i gładki.',
      polyester: 'Poliester jest łatwy w pielęgnacji.',
      nylon: 'Poliamid jest lekki i wytrzymały.',
      down: 'Puch jest lekki i ciepły.',
    },
    stretch: 'Dodatek elastanu zapewnia rozciągliwość.',
  },
  care: {
    instructions: {
      'machine wash': 'prać w pralce',
      'machine wash cold': 'prać w pralce w zimnej wodzie',
      'machine wash warm': 'prać w pralce w ciepłej wodzie',
      'hand wash': 'prać ręcznie',
      'do not wash': 'nie prać',
      'do not bleach': 'nie wybielać',
      'non-chlorine bleach only': 'wybielać tylko bez chloru',
      'tumble dry': 'suszyć w suszarce',
      'tumble dry low': 'suszyć w suszarce w niskiej temperaturze',
      'do not tumble dry': 'nie suszyć w suszarce',
      'dry flat': 'suszyć na płasko',
      'line dry': 'suszyć na sznurku',
      'drip dry': 'suszyć bez wyżymania',
      iron: 'prasować',
      'iron low': 'prasować w niskiej temperaturze',
      'iron medium': 'prasować w średniej temperaturze',
      'iron high': 'prasować w wysokiej temperaturze',
      'do not iron': 'nie prasować',
      'dry clean': 'czyścić chemicznie',
      'do not dry clean': 'nie czyścić chemicznie',
      'wash inside out': 'prać na lewej stronie',
      'wash separately': 'prać oddzielnie',
    },
    machineWashAt: (celsius) => `prać w pralce w ${celsius}°C`,
    sentence: (instructions) => `Zgodnie z metką: ${instructions.join(', ')}.`,
  },
  lead: (item, size) => (size === null ? item : `${item}, ${size}`),
  tags: {
    newWithTags: 'nowe z metką',
    newWithoutTags: 'nowe bez metki',
    preOwned: 'z drugiej ręki',
    kids: 'dla dzieci',
    knitwear: 'dzianina',
    oversized: 'oversize',
    stretch: 'stretch',
    colourWithItem: (colour, noun) => `${colourAdjective(colour, noun)} ${noun.word}`,
    denimJeans: false,
  },
} satisfies LanguagePack;
