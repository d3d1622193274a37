// What kind of item the words on tags and labels name ("Slim Fit Jeans", "Kleid", "sukienka"), as an English
// key from a fixed list, and the spec category it belongs to. No garment word means no answer: we never guess.
import type { Category } from '@snaplist/contract';
import { normaliseWords } from './normalise';

export const ITEM_TYPES = {
  jeans: 'Bottoms',
  trousers: 'Bottoms',
  shorts: 'Bottoms',
  skirt: 'Bottoms',
  leggings: 'Activewear',
  dress: 'Dresses',
  't-shirt': 'Tops',
  shirt: 'Tops',
  blouse: 'Tops',
  top: 'Tops',
  hoodie: 'Tops',
  sweatshirt: 'Tops',
  jumper: 'Tops',
  cardigan: 'Tops',
  jacket: 'Outerwear',
  coat: 'Outerwear',
  blazer: 'Formal Wear',
  suit: 'Formal Wear',
  trainers: 'Shoes',
  shoes: 'Shoes',
  boots: 'Shoes',
  sandals: 'Shoes',
  heels: 'Shoes',
  bag: 'Bags',
  backpack: 'Bags',
  scarf: 'Accessories',
  hat: 'Accessories',
  belt: 'Accessories',
  swimsuit: 'Swimwear',
  bikini: 'Swimwear',
  necklace: 'Jewelry',
  earrings: 'Jewelry',
  ring: 'Jewelry',
  bracelet: 'Jewelry',
  watch: 'Jewelry',
} as const satisfies Record<string, Category>;
export type ItemType = keyof typeof ITEM_TYPES;

/**
 * Words for each item type in en, fr, de, es, it, pl (normaliseWords form: no accents, lower case).
 * Left out on purpose: "jersey" (a knit fabric on most labels, a jumper only in Spanish), "tasche" (a pocket
 * in German composition lines as often as a bag), "denim" (a fabric), "short" ("short sleeve"), "collar",
 * "ring" ("ring-spun cotton") and "pendant" (French "while", all over care text).
 */
const WORDS: Record<ItemType, string> = {
  jeans: 'jeans jean jeansy vaqueros vaquero dzinsy',
  trousers: 'trousers pants chinos chino pantalon pantalons hose hosen pantalones pantaloni spodnie joggers',
  shorts: 'shorts szorty bermuda bermudas pantaloncini spodenki',
  skirt: 'skirt jupe rock falda gonna spodnica minirock',
  leggings: 'leggings legging leggins legginsy',
  dress: 'dress robe kleid vestido vestito abito sukienka suknia',
  't-shirt': 't shirt tshirt tee t shirts koszulka camiseta maglietta',
  shirt: 'shirt chemise hemd camisa camicia koszula overshirt',
  blouse: 'blouse bluse blusa bluzka',
  top: 'top tank top vest top cami camisole debardeur',
  hoodie:
    'hoodie hoody hooded sweatshirt sweat a capuche kapuzenpullover sudadera con capucha felpa con cappuccio bluza z kapturem',
  sweatshirt: 'sweatshirt sweat shirt sweat bluza sudadera felpa',
  jumper: 'jumper sweater pullover pull maglione sweter jersei knit jumper',
  cardigan: 'cardigan gilet strickjacke kardigan rebeca',
  jacket: 'jacket veste blouson jacke chaqueta giacca kurtka giubbotto anorak parka',
  coat: 'coat manteau mantel abrigo cappotto plaszcz trench trenchcoat',
  blazer: 'blazer sakko marynarka americana',
  suit: 'suit costume anzug traje completo garnitur',
  trainers: 'trainers sneakers sneaker trainer baskets turnschuhe zapatillas sportschuhe',
  shoes: 'shoes shoe chaussures schuhe zapatos scarpe buty loafers pumps',
  boots: 'boots boot bottes bottines stiefel stiefeletten botas stivali kozaki botki',
  sandals: 'sandals sandales sandalen sandalias sandali sandaly',
  heels: 'heels high heels talons escarpins szpilki',
  bag: 'bag handbag tote shoulder bag crossbody sac sac a main handtasche umhangetasche bolso borsa torebka torba',
  backpack: 'backpack rucksack sac a dos mochila zaino plecak',
  scarf: 'scarf echarpe foulard schal bufanda sciarpa szal chusta',
  hat: 'hat cap beanie chapeau bonnet casquette hut mutze kappe sombrero gorra cappello czapka',
  belt: 'belt ceinture gurtel cinturon cintura pasek',
  swimsuit:
    'swimsuit swimming costume maillot maillot de bain badeanzug banador costume da bagno kostium kapielowy',
  bikini: 'bikini',
  necklace: 'necklace collier kette halskette collana naszyjnik',
  earrings: 'earrings earring boucles d oreilles ohrringe pendientes orecchini kolczyki',
  ring: 'bague anillo anello pierscionek',
  bracelet: 'bracelet armband pulsera bracciale bransoletka',
  watch: 'watch montre armbanduhr uhr reloj orologio zegarek',
};

/** German compounds end in the garment ("Wollmantel", "Jeansjacke", "Sommerkleid"). */
const GERMAN_HEADS: ReadonlyArray<[string, ItemType]> = [
  ['kleid', 'dress'],
  ['jacke', 'jacket'],
  ['mantel', 'coat'],
  ['hose', 'trousers'],
  ['schuhe', 'shoes'],
  ['stiefel', 'boots'],
  ['pullover', 'jumper'],
  ['bluse', 'blouse'],
  ['hemd', 'shirt'],
  ['rock', 'skirt'],
];

const PHRASES = new Map<string, ItemType>();
let longestPhrase = 1;
for (const [type, words] of Object.entries(WORDS) as [ItemType, string][]) {
  for (const phrase of splitPhrases(words)) {
    if (!PHRASES.has(phrase)) PHRASES.set(phrase, type);
    longestPhrase = Math.max(longestPhrase, phrase.split(' ').length);
  }
}

/** Splits a word list into phrases: known multi-word phrases are written with a space and kept whole. */
function splitPhrases(words: string): string[] {
  const multiWord = [
    't shirt',
    't shirts',
    'tank top',
    'vest top',
    'hooded sweatshirt',
    'sweat a capuche',
    'sudadera con capucha',
    'felpa con cappuccio',
    'bluza z kapturem',
    'sweat shirt',
    'knit jumper',
    'shoulder bag',
    'sac a main',
    'sac a dos',
    'swimming costume',
    'maillot de bain',
    'costume da bagno',
    'kostium kapielowy',
    'high heels',
    'boucles d oreilles',
  ];
  let rest = ` ${words} `;
  const phrases: string[] = [];
  for (const phrase of multiWord) {
    if (rest.includes(` ${phrase} `)) {
      phrases.push(phrase);
      rest = rest.replace(` ${phrase} `, ' ');
    }
  }
  return [...phrases, ...rest.trim().split(/\s+/).filter(Boolean)];
}

function germanCompound(word: string): ItemType | null {
  if (word.length < 6) return null;
  for (const [head, type] of GERMAN_HEADS) {
    if (word.endsWith(head) && word.length > head.length + 2) return type;
  }
  return null;
}

export interface ItemTypeMatch {
  type: ItemType;
  /** The words as they were matched (normalised). */
  words: string;
}

function allMatches(text: string): ItemTypeMatch[] {
  const words = normaliseWords(text).split(' ').filter(Boolean);
  const matches: ItemTypeMatch[] = [];
  let start = 0;
  while (start < words.length) {
    let matchedLength = 0;
    for (
      let length = Math.min(longestPhrase, words.length - start);
      length >= 1 && matchedLength === 0;
      length -= 1
    ) {
      const phrase = words.slice(start, start + length).join(' ');
      const type = PHRASES.get(phrase);
      if (type !== undefined) {
        matches.push({ type, words: phrase });
        matchedLength = length;
      }
    }
    const compound = matchedLength === 0 ? germanCompound(words[start] ?? '') : null;
    if (compound !== null) matches.push({ type: compound, words: words[start] ?? '' });
    start += Math.max(1, matchedLength);
  }
  return matches;
}

/**
 * The item-type phrase a text names, the first one found. "Jeans" gives way to any other garment word in the
 * same text, because it is also part of brand names ("Tommy Jeans") and a material ("jeans jacket").
 */
export function itemTypeFromText(text: string): ItemTypeMatch | null {
  const matches = allMatches(text);
  return matches.find((match) => match.type !== 'jeans') ?? matches[0] ?? null;
}

/** The spec category a text's item words point to ("jeans" -> Bottoms), or null. */
export function categoryFromText(text: string): Category | null {
  const match = itemTypeFromText(text);
  return match === null ? null : ITEM_TYPES[match.type];
}
