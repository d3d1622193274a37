// French listings: adjectives after the noun and agreeing with it ("veste noire", "baskets blanches"), the
// brand set off with a dash ("Zara – manteau noir en laine, taille M"), and a space before ":" and "%".
import { type Colour, tidy } from '@snaplist/contract';
import { list, lowerFirst, startsWithPlainWord } from '../grammar';
import { type ItemWords, isNamed, type LanguagePack, type NamedItemWords } from '../language-pack';
import { type NamedFibre, type NotableMaterial, type Noun, nouns } from '../vocabulary';

/** A colour adjective's forms: masculine, feminine and their plurals. */
interface Forms {
  m: string;
  f: string;
  mp: string;
  fp: string;
}

/** One word where the colour is invariable (orange, marron, bleu marine). */
const COLOURS: Record<Colour, Forms | string> = {
  Black: { m: 'noir', f: 'noire', mp: 'noirs', fp: 'noires' },
  White: { m: 'blanc', f: 'blanche', mp: 'blancs', fp: 'blanches' },
  Red: { m: 'rouge', f: 'rouge', mp: 'rouges', fp: 'rouges' },
  Blue: { m: 'bleu', f: 'bleue', mp: 'bleus', fp: 'bleues' },
  Green: { m: 'vert', f: 'verte', mp: 'verts', fp: 'vertes' },
  Yellow: { m: 'jaune', f: 'jaune', mp: 'jaunes', fp: 'jaunes' },
  Purple: { m: 'violet', f: 'violette', mp: 'violets', fp: 'violettes' },
  Pink: { m: 'rose', f: 'rose', mp: 'roses', fp: 'roses' },
  Orange: 'orange',
  Brown: 'marron',
  Grey: { m: 'gris', f: 'grise', mp: 'gris', fp: 'grises' },
  Navy: 'bleu marine',
  Beige: { m: 'beige', f: 'beige', mp: 'beiges', fp: 'beiges' },
  Gold: { m: 'doré', f: 'dorée', mp: 'dorés', fp: 'dorées' },
  Silver: { m: 'argenté', f: 'argentée', mp: 'argentés', fp: 'argentées' },
  Multi: { m: 'multicolore', f: 'multicolore', mp: 'multicolores', fp: 'multicolores' },
};

/** The form agreeing with the noun; the masculine singular when there is none (French has no neuter). */
function agreeing(forms: Forms | string, noun: Noun | null): string {
  if (typeof forms === 'string') return forms;
  if (noun === null) return forms.m;
  const feminine = noun.gender === 'f';
  if (noun.plural) return feminine ? forms.fp : forms.mp;
  return feminine ? forms.f : forms.m;
}

const colourAdjective = (colour: Colour, noun: Noun | null): string => agreeing(COLOURS[colour], noun);

const MATERIALS: Record<NotableMaterial, string> = {
  wool: 'en laine',
  cotton: 'en coton',
  cashmere: 'en cachemire',
  leather: 'en cuir',
  silk: 'en soie',
  linen: 'en lin',
  denim: 'en jean',
  alpaca: 'en alpaga',
  mohair: 'en mohair',
};

const FIBRES: Record<NamedFibre, string> = {
  cotton: 'coton',
  polyester: 'polyester',
  elastane: 'élasthanne',
  viscose: 'viscose',
  wool: 'laine',
  nylon: 'nylon',
  linen: 'lin',
  silk: 'soie',
  cashmere: 'cachemire',
  acrylic: 'acrylique',
  leather: 'cuir',
  lyocell: 'lyocell',
  modal: 'modal',
  alpaca: 'alpaga',
  mohair: 'mohair',
  angora: 'angora',
  down: 'duvet',
  feather: 'plumes',
  polyurethane: 'polyuréthane',
  polypropylene: 'polypropylène',
  metallic: 'fibre métallisée',
  denim: 'denim',
  acetate: 'acétate',
  triacetate: 'triacétate',
  cupro: 'cupro',
  hemp: 'chanvre',
  ramie: 'ramie',
};

/** "manteau noir en laine"; "enfant" stays next to the noun, as French sellers write it: "robe enfant noire". */
function itemPhrase({ noun, colour, material, kids }: NamedItemWords): string {
  // Jeans are denim by name.
  const materialWords = material === null || material === 'denim' ? '' : MATERIALS[material];
  const adjective = colour === null ? '' : colourAdjective(colour, noun);
  return tidy(`${noun.word} ${kids ? 'enfant' : ''} ${adjective} ${materialWords}`);
}

/** Material and colour as plain words when no kind of item is known: "coton, beige". */
function namedWithoutNoun({ colour, material }: ItemWords): string {
  const words = [
    material === null ? '' : FIBRES[material],
    colour === null ? '' : colourAdjective(colour, null),
  ];
  return words.filter((word) => word !== '').join(', ');
}

/** "neuf" agreeing with the noun: neuf, neuve, neufs, neuves. */
function frenchNew(noun: Noun | null): string {
  if (noun === null) return 'neuf';
  const stem = noun.gender === 'f' ? 'neuve' : 'neuf';
  return noun.plural ? `${stem}s` : stem;
}

export const fr = {
  nouns: nouns({
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
  synonyms: {
    jeans: ['jeans', 'denim'],
    't-shirt': ['tee-shirt', 'tshirt'],
    blouse: ['haut'],
    hoodie: ['hoodie', 'sweat'],
    sweatshirt: ['sweat-shirt'],
    jumper: ['pull-over', 'tricot'],
    cardigan: ['gilet'],
    trainers: ['sneakers'],
    heels: ['talons'],
    bag: ['sac à main'],
  },
  colours: {
    adjective: colourAdjective,
    name: (colour) => colourAdjective(colour, null),
  },
  materials: {
    phrase: (material) => MATERIALS[material],
    withItem: (material, noun) => `${noun.word} ${MATERIALS[material]}`,
  },
  fibres: FIBRES,
  categoryTags: {
    Tops: 'hauts',
    // "bas" would name stockings on a skirt.
    Bottoms: '',
    Dresses: 'robes',
    Outerwear: 'manteaux et vestes',
    Shoes: 'chaussures',
    Accessories: 'accessoires',
    Bags: 'sacs',
    Jewelry: 'bijoux',
    Activewear: 'vêtements de sport',
    Swimwear: 'maillots de bain',
    Vintage: 'vintage',
    Designer: 'créateur',
    Streetwear: 'streetwear',
    'Formal Wear': 'tenue habillée',
    'Casual Wear': 'tenue décontractée',
  },
  sizes: {
    titlePrefix: 'taille',
    sentencePrefix: 'Taille',
    oneSize: { title: 'taille unique', sentence: 'Taille unique.' },
    ageUnit: (unit, count, range) => {
      if (unit === 'months') return 'mois';
      return count === 1 && !range ? 'an' : 'ans';
    },
  },
  title: {
    brandSeparator: ' – ',
    partSeparator: ', ',
    // "Zara – manteau noir": the first word is not capitalised after the brand.
    afterBrand: (body) => (startsWithPlainWord(body) ? lowerFirst(body, 'fr') : body),
    nothingNamed: 'Article de seconde main',
    newNothingNamed: 'Article neuf',
    newCondition: (condition, noun) =>
      `${frenchNew(noun)} ${condition === 'New with tags' ? 'avec' : 'sans'} étiquette`,
    oversizedExtra: 'coupe oversize',
    item: (words) => (isNamed(words) ? itemPhrase(words) : namedWithoutNoun(words)),
    searchWords: (words) => words,
  },
  description: {
    item: itemPhrase,
    what: (item, brand) => (brand === null ? `${item}.` : `${item} de la marque ${brand}.`),
    brandOnly: (brand) => `Marque : ${brand}.`,
    measurements: "Mesures sur demande : envoyez-moi un message avant d'acheter.",
    fit: { 'true to size': 'Taille normalement.', oversized: 'Coupe oversize.', undersized: 'Taille petit.' },
    madeOf: (shares) => `Composition : ${list(shares, 'et')}.`,
    percent: (share, fibre) => `${share.percent} % ${fibre}`,
    colour: (names) => `${names.length > 1 ? 'Couleurs' : 'Couleur'} : ${list(names, 'et')}.`,
    condition: {
      'New with tags': 'Neuf avec étiquette.',
      'New without tags': 'Neuf sans étiquette.',
      'Like new': 'État : comme neuf.',
      'Very good': 'État : très bon.',
      Good: 'État : bon.',
      Fair: 'État : satisfaisant.',
      Poor: 'État : usé.',
    },
    preOwned: "État : d'occasion.",
    offers: 'Ouvert aux offres.',
    ships: (days) =>
      days === 0 ? 'Expédition le jour même.' : `Expédition sous ${days} ${days === 1 ? 'jour' : 'jours'}.`,
  },
  fabric: {
    feel: {
      cotton: 'Le coton est doux et respirant.',
      wool: 'La laine est chaude et respirante.',
      cashmere: 'Le cachemire est très doux et chaud.',
      alpaca: "L'alpaga est doux et chaud.",
      mohair: 'Le mohair est léger, duveteux et chaud.',
      silk: 'La soie est douce et légère.',
      linen: 'Le lin est frais et respirant.',
      leather: 'Le cuir est résistant.',
      viscose: 'La viscose est douce et fluide.',
      lyocell: 'Le lyocell est doux et respirant.',
      modal: 'Le modal est doux et lisse.',
      polyester: "Le polyester est facile d'entretien.",
      nylon: 'Le nylon est léger et résistant.',
      down: 'Le duvet est léger et chaud.',
    },
    stretch: "L'élasthanne lui donne de l'élasticité.",
  },
  care: {
    instructions: {
      'machine wash': 'laver en machine',
      'machine wash cold': 'laver en machine à froid',
      'machine wash warm': "laver en machine à l'eau tiède",
      'hand wash': 'laver à la main',
      'do not wash': 'ne pas laver',
      'do not bleach': 'ne pas blanchir',
      'non-chlorine bleach only': 'blanchir sans chlore uniquement',
      'tumble dry': 'sécher en machine',
      'tumble dry low': 'sécher en machine à basse température',
      'do not tumble dry': 'ne pas sécher en machine',
      'dry flat': 'sécher à plat',
      'line dry': 'sécher sur un fil',
      'drip dry': 'égoutter sans essorer',
      iron: 'repasser',
      'iron low': 'repasser à basse température',
      'iron medium': 'repasser à température moyenne',
      'iron high': 'repasser à haute température',
      'do not iron': 'ne pas repasser',
      'dry clean': 'nettoyer à sec',
      'do not dry clean': 'ne pas nettoyer à sec',
      'wash inside out': "laver sur l'envers",
      'wash separately': 'laver séparément',
    },
    machineWashAt: (celsius) => `laver en machine à ${celsius} °C`,
    sentence: (instructions) => `Étiquette d'entretien : ${instructions.join(', ')}.`,
  },
  lead: (item, size) => (size === null ? item : `${item}, ${size}`),
  tags: {
    newWithTags: 'neuf avec étiquette',
    newWithoutTags: 'neuf sans étiquette',
    preOwned: 'seconde main',
    kids: 'enfant',
    knitwear: 'maille',
    oversized: 'oversize',
    stretch: 'stretch',
    colourWithItem: (colour, noun) => `${noun.word} ${colourAdjective(colour, noun)}`,
    denimJeans: false,
  },
} satisfies LanguagePack;
