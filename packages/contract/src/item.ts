// What a listing says about whom the item is for and what it is, read from the seller's own words (title, tags,
// description) in the four languages Snaplist writes, with the listing's category as the last resort. Marketplaces
// file an item under a department (women's, men's, kids') and a leaf category; Snaplist's categories do not say
// whose the item is, so a department the words do not give is asked of the seller, never guessed. Zod-free: the
// browser extension loads it on the marketplaces' pages.
import type { Category } from './constants';

/** The listing's fields these readings use. */
interface ItemText {
  title: string;
  tags: readonly string[];
  description: string;
  category?: Category | null;
}

/** Text compared the way a person reads it: case, accents, curly quotes, "&" and spacing aside. */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export const DEPARTMENTS = ['women', 'men', 'kids'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** The kinds of item the marketplaces' category trees tell apart. */
export type ItemKind =
  | 'dress'
  | 'skirt'
  | 'jeans'
  | 'trousers'
  | 'shorts'
  | 'leggings'
  | 'jumpsuit'
  | 't-shirt'
  | 'shirt'
  | 'blouse'
  | 'top'
  | 'jumper'
  | 'cardigan'
  | 'hoodie'
  | 'jacket'
  | 'coat'
  | 'blazer'
  | 'trainers'
  | 'boots'
  | 'shoes'
  | 'bag'
  | 'jewellery'
  | 'swimwear'
  | 'activewear'
  | 'accessory';

// Whole words (a plural "s" or "es" allowed); a stem ending in "*" also matches the start of a word ("sukien*"
// finds "sukienka"). Whole words by default: "boy" is not "boyfriend jeans". A stem starting with "~" is a word
// with another meaning too ("rock" is a German skirt and a band's T-shirt): it counts only when no other word
// names the item.
const DEPARTMENT_WORDS: Record<Department, string[]> = {
  kids: [
    'kid',
    'kids',
    'child',
    'children',
    'girl',
    'boy',
    'baby',
    'toddler',
    'junior',
    'enfant',
    'fille',
    'garcon',
    'bebe',
    'kinder*',
    'madchen',
    'jungen',
    'junge',
    'dzieci*',
    'dziewczyn*',
    'chlopi*',
    'chlopc*',
    'niemowl*',
  ],
  women: [
    'women',
    'woman',
    'ladies',
    'lady',
    'womenswear',
    'femme',
    'femmes',
    'damen',
    'frauen',
    'damsk*',
    'kobiet*',
  ],
  men: ['men', 'man', 'menswear', 'homme', 'hommes', 'herren', 'manner', 'mesk*', 'mezczyzn*'],
};

// Checked in order: the more specific first ("denim jacket" is a jacket, "denim shorts" are shorts).
const KIND_WORDS: [ItemKind, string[]][] = [
  [
    'jumpsuit',
    ['jumpsuit', 'playsuit', 'romper', 'dungaree', 'overall', 'combinaison', 'kombinezon*', 'ogrodnicz*'],
  ],
  ['dress', ['dress', '~robe', 'kleid', 'kleider', 'sukien*', 'gown']],
  ['skirt', ['skirt', 'jupe', '~rock', 'rocke', 'spodnic*']],
  ['blazer', ['blazer', 'marynark*', 'sakko']],
  ['coat', ['coat', 'overcoat', 'raincoat', 'trench', 'parka', 'manteau', 'mantel', 'plaszcz*']],
  ['jacket', ['jacket', 'bomber', 'puffer', 'veste', 'blouson', 'jacke', 'kurtk*']],
  ['hoodie', ['hoodie', 'hoody', 'sweatshirt', 'bluza', 'bluzy']],
  ['cardigan', ['cardigan', 'kardigan']],
  ['jumper', ['jumper', 'sweater', 'pullover', '~knit', '~pull', 'sweter*']],
  ['shorts', ['shorts', 'szorty', 'spodenki']],
  ['jeans', ['jeans', 'jean', 'denim', 'dzins*']],
  ['leggings', ['legging', 'tights']],
  ['trousers', ['trouser', 'pant', 'pants', 'chino', 'jogger', 'pantalon', '~hose', 'spodnie']],
  ['t-shirt', ['t-shirt', 'tshirt', 'tee', 'koszulk*']],
  ['blouse', ['blouse', 'bluzk*', 'bluse', 'chemisier']],
  ['shirt', ['shirt', 'chemise', 'hemd', 'koszul*']],
  ['top', ['top', '~vest', 'cami', 'tank', 'bodysuit', '~crop', 'debardeur']],
  ['trainers', ['trainer', 'sneaker', 'basket', 'turnschuh*', 'trampk*']],
  ['boots', ['boot', 'botte', 'bottine', 'stiefel*', 'kozak*', 'botki']],
  ['shoes', ['shoe', 'heel', 'sandal*', 'loafer', 'pump', 'chaussure', 'schuh*', 'buty', 'szpilk*']],
  ['bag', ['bag', 'handbag', 'backpack', 'tote', 'clutch', 'purse', '~sac', 'tasche', 'torb*', 'plecak*']],
  [
    'jewellery',
    [
      'necklace',
      'ring',
      'earring',
      'bracelet',
      'jewellery',
      'jewelry',
      'collier',
      'bague',
      'kette',
      'naszyjnik*',
    ],
  ],
  ['swimwear', ['swimsuit', 'swimwear', 'bikini', 'maillot', 'badeanzug']],
  ['activewear', ['activewear', 'sportswear']],
];

/** The kind a Snaplist category stands for when the seller's words name none. */
const KIND_OF_CATEGORY: Partial<Record<Category, ItemKind>> = {
  Dresses: 'dress',
  Tops: 'top',
  Outerwear: 'jacket',
  Shoes: 'shoes',
  Bags: 'bag',
  Jewelry: 'jewellery',
  Swimwear: 'swimwear',
  Activewear: 'activewear',
  Accessories: 'accessory',
  Bottoms: 'trousers',
};

/** Kinds only women's departments file (a dress, a skirt): their department needs no asking. */
const WOMENS_KINDS: ItemKind[] = ['dress', 'skirt', 'blouse'];

/** The words of a text, a possessive's apostrophe taken off ("girls'" is "girls", "men's" is "men"). */
function wordList(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/'s?$/, ''))
    .filter(Boolean);
}

function hasStem(words: string[], stems: string[], { weak = false }: { weak?: boolean } = {}): boolean {
  return stems.some((stem) => {
    if (stem.startsWith('~') !== weak) return false;
    const plain = stem.replace(/^~/, '');
    const prefix = plain.endsWith('*');
    const wanted = normalise(prefix ? plain.slice(0, -1) : plain);
    return words.some((word) => {
      const bare = word.replace(/'s?$/, '');
      if (prefix) return bare.startsWith(wanted);
      return bare === wanted || bare === `${wanted}s` || bare === `${wanted}es`;
    });
  });
}

function sellerWords(listing: ItemText): string[][] {
  return [wordList(listing.title), wordList(listing.tags.join(' ')), wordList(listing.description)];
}

/** The department the seller's words name, or null (none, or several). */
export function departmentOf(listing: ItemText): Department | null {
  for (const words of sellerWords(listing)) {
    const named = DEPARTMENTS.filter((department) => hasStem(words, DEPARTMENT_WORDS[department]));
    if (named.length === 1) return named[0] ?? null;
    if (named.length > 1) return null;
  }
  return null;
}

/** What the item is, from the seller's words first, else the listing's category. */
export function kindOf(listing: ItemText): ItemKind | null {
  for (const weak of [false, true]) {
    for (const words of sellerWords(listing)) {
      const kind = KIND_WORDS.find(([, stems]) => hasStem(words, stems, { weak }));
      if (kind) return kind[0];
    }
  }
  return listing.category ? (KIND_OF_CATEGORY[listing.category] ?? null) : null;
}

/** The department to file the item under: the seller's words, else the one its kind allows. */
export function departmentFor(listing: ItemText, kind: ItemKind | null): Department | null {
  const named = departmentOf(listing);
  if (named) return named;
  return kind && WOMENS_KINDS.includes(kind) ? 'women' : null;
}

/** The seller's words, title first, for choosing among a category's sub-levels ("midi", "straight", "bootcut"). */
export function itemWords(listing: ItemText): string[] {
  return [...new Set(sellerWords(listing).flat())];
}
