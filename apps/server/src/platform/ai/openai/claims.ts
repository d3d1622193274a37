// Hype and keyword stuffing in a vision model's text, in the four listing languages. A listing states what
// the photos and the seller support: "designer", "luxury", "rare", "authentic" or "must have" are claims no
// photo proves, "vintage" needs evidence the local engine does not have, and "brand new" or "perfect
// condition" are the seller's to say. Stuffing (a word twice, a run of synonyms, the tags as a title, a pile of
// adjectives) reads as spam to buyers and marketplaces alike. Pure: the guardrails decide what to cut.
import type { Language } from '@snaplist/contract';
import { collapseSeparators } from './mentions';

export interface ClaimContext {
  language: Language;
  /** The seller chose "New with tags" or "New without tags". */
  sellerSaidNew: boolean;
  /** The local evidence supports a vintage or retro style (no rule produces one today). */
  vintageSupported: boolean;
}

type Condition = 'always' | 'new' | 'vintage';

interface ClaimRule {
  /** Alternatives as regular-expression source, longest first; `\p{L}*` completes a stem. */
  phrases: string[];
  /** When the claim is allowed: never, when the seller said new, or with vintage evidence. */
  unless: Condition;
}

const STEM = '\\p{L}*';

// English is checked in every language: models mix English marketing words into any text.
const RULES: Record<Language, ClaimRule[]> = {
  en: [
    {
      phrases: [
        `designer${STEM}`,
        'luxury',
        'luxurious',
        'luxe',
        'rare find',
        'rare',
        'rarity',
        `authentic${STEM}`,
        'genuine',
        'must[- ]?have',
        'amazing',
        'stunning',
        'gorgeous',
        'incredible',
        'iconic',
        'high[- ]end',
        'limited edition',
        'statement piece',
        'one[- ]of[- ]a[- ]kind',
      ],
      unless: 'always',
    },
    { phrases: ['perfect condition', 'mint condition', 'flawless', 'brand[- ]new'], unless: 'new' },
    { phrases: ['vintage', 'retro'], unless: 'vintage' },
  ],
  fr: [
    {
      phrases: [
        'de créat(?:eur|rice)s?',
        'luxueu(?:x|se|ses)',
        'de luxe',
        'luxe',
        'raret[ée]',
        'rares?',
        'authenticit[ée]',
        'authentiques?',
        'v[ée]ritables?',
        'incontournables?',
        'incroyables?',
        'magnifiques?',
        'pi[èe]ce forte',
        'pi[èe]ce unique',
        'unique en son genre',
      ],
      unless: 'always',
    },
    {
      phrases: [
        '[ée]tat parfait',
        'parfait [ée]tat',
        '[ée]tat impeccable',
        'tout neuf',
        'toute neuve',
        '[ée]tat neuf',
        'neu(?:f|ve) avec [ée]tiquettes?',
      ],
      unless: 'new',
    },
    { phrases: ['vintage', 'r[ée]tro'], unless: 'vintage' },
  ],
  de: [
    {
      phrases: [
        `luxus${STEM}`,
        `luxuri[öo]s${STEM}`,
        `designer${STEM}`,
        `selten${STEM}`,
        `rarit[äa]t${STEM}`,
        'echt(?:e|er|es|en|em)?',
        `authentisch${STEM}`,
        'authentizit[äa]t',
        'original(?:e|er|es|en|em)?',
        `unglaublich${STEM}`,
        `fantastisch${STEM}`,
        `atemberaubend${STEM}`,
        `statement[- ]?(?:teil|st[üu]ck)${STEM}`,
        `einzelst[üu]ck${STEM}`,
        `unikat${STEM}`,
      ],
      unless: 'always',
    },
    {
      phrases: [
        `perfekt${STEM} zustand${STEM}`,
        `einwandfrei${STEM}`,
        `makellos${STEM}`,
        `brandneu${STEM}`,
        `nagelneu${STEM}`,
        `neu mit etikett${STEM}`,
      ],
      unless: 'new',
    },
    { phrases: [`vintage${STEM}`, `retro${STEM}`], unless: 'vintage' },
  ],
  pl: [
    {
      phrases: [
        `luksus${STEM}`,
        `designersk${STEM}`,
        `rzadko spotykan${STEM}`,
        `rzadk${STEM}`,
        `unikat${STEM}`,
        `unikaln${STEM}`,
        `jedyn${STEM} w swoim rodzaju`,
        `oryginaln${STEM}`,
        `orygina[łl]${STEM}`,
        `autentyczn${STEM}`,
        `niesamowit${STEM}`,
        `niezwyk[łl]${STEM}`,
        `pere[łl]k${STEM}`,
      ],
      unless: 'always',
    },
    {
      phrases: [
        `idealn${STEM} stan${STEM}`,
        `stan${STEM} idealn${STEM}`,
        `perfekcyjn${STEM} stan${STEM}`,
        `stan${STEM} perfekcyjn${STEM}`,
        `fabrycznie now${STEM}`,
        `zupe[łl]nie now${STEM}`,
        `now${STEM} z metk${STEM}`,
      ],
      unless: 'new',
    },
    { phrases: ['vintage', 'retro'], unless: 'vintage' },
  ],
};

function wholeWords(phrases: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

function activeRules(context: ClaimContext): RegExp {
  const rules = context.language === 'en' ? RULES.en : [...RULES.en, ...RULES[context.language]];
  const phrases = rules
    .filter(
      (rule) =>
        rule.unless === 'always' ||
        (rule.unless === 'new' && !context.sellerSaidNew) ||
        (rule.unless === 'vintage' && !context.vintageSupported),
    )
    .flatMap((rule) => rule.phrases)
    // Longest first, so "rare find" is cut whole rather than leaving "find".
    .sort((a, b) => b.length - a.length);
  return wholeWords(phrases);
}

/** The unsupported claims a text makes, as written. */
export function claimsIn(text: string, context: ClaimContext): string[] {
  return [...text.matchAll(activeRules(context))].map((match) => match[0]);
}

/**
 * The words of every listing language in one list: a model writes English words into any text, and a title's
 * words are checked whatever language it claims to be in. Keyed by language, so a language added to the
 * contract fails the type-check until it has its words.
 */
function inEveryLanguage(words: Record<Language, readonly string[]>): string[] {
  return Object.values(words).flat();
}

/** Joining words that must go with the claim they joined: "luxe et authentique", "blue and luxury". */
const CONJUNCTIONS: Record<Language, readonly string[]> = {
  en: ['and', 'or', 'with'],
  fr: ['et', 'ou', 'avec'],
  de: ['und', 'oder', 'mit'],
  pl: ['i', 'oraz', 'lub'],
};
const CONJUNCTION = `(?:${inEveryLanguage(CONJUNCTIONS).join('|')})`;
const CUT = '\u0000';
const CUT_WITH_CONJUNCTION = new RegExp(`(?:\\s+${CONJUNCTION})?\\s*${CUT}`, 'giu');
const DANGLING_START = new RegExp(`^(?:${CONJUNCTION}\\s+)+`, 'iu');
const DANGLING_END = new RegExp(`(?:\\s+${CONJUNCTION})+$`, 'iu');

/** The text with every unsupported claim cut out and the words and separators it leaves behind tidied. */
export function withoutClaims(text: string, context: ClaimContext): string {
  const marked = text.replace(activeRules(context), CUT);
  if (marked === text) return text;
  const cut = tidyCut(marked.replace(CUT_WITH_CONJUNCTION, ' '));
  // A title that started with a claim starts with what followed it, capitalised as the title was.
  const capitalised = /^\p{Lu}/u.test(text) ? cut.charAt(0).toLocaleUpperCase() + cut.slice(1) : cut;
  return capitalised;
}

function tidyCut(text: string): string {
  return collapseSeparators(text).trim().replace(DANGLING_START, '').replace(DANGLING_END, '');
}

// ----- Keyword stuffing -----

/** Little words that may repeat in any title. */
const FUNCTION_WORDS = new Set(
  inEveryLanguage({
    en: ['and', 'the', 'for', 'with', 'from'],
    fr: ['des', 'les', 'une', 'avec', 'pour', 'sur'],
    de: ['und', 'mit', 'für', 'aus', 'der', 'die', 'das', 'den', 'dem', 'ein', 'eine'],
    pl: ['dla', 'oraz', 'przez'],
  }),
);

/** Words buyers treat as one search: three of a group in a title is a run of synonyms, not a description. */
const SYNONYM_GROUPS: ReadonlyArray<ReadonlySet<string>> = (
  [
    {
      en: ['jeans', 'denim', 'pants', 'trousers', 'slacks', 'chinos'],
      fr: ['pantalon', 'jean'],
      de: ['hose'],
      pl: ['spodnie', 'dżinsy'],
    },
    {
      en: ['jumper', 'sweater', 'pullover', 'knit', 'knitwear', 'cardigan', 'sweatshirt'],
      fr: ['pull'],
      de: ['pullover'],
      pl: ['sweter'],
    },
    {
      en: ['top', 'shirt', 'blouse', 'tee', 't-shirt', 'tshirt'],
      fr: ['chemise'],
      de: ['hemd', 'bluse'],
      pl: ['koszula', 'bluzka'],
    },
    {
      en: ['trainers', 'sneakers', 'shoes', 'kicks', 'runners'],
      fr: ['baskets', 'chaussures'],
      de: ['schuhe'],
      pl: ['buty'],
    },
    {
      en: ['coat', 'jacket', 'outerwear', 'parka'],
      fr: ['manteau', 'veste'],
      de: ['mantel', 'jacke'],
      pl: ['płaszcz', 'kurtka'],
    },
    { en: ['dress', 'gown', 'frock'], fr: ['robe'], de: ['kleid'], pl: ['sukienka'] },
    {
      en: ['bag', 'purse', 'handbag', 'tote', 'clutch'],
      fr: ['sac'],
      de: ['tasche'],
      pl: ['torba', 'torebka'],
    },
  ] satisfies ReadonlyArray<Record<Language, readonly string[]>>
).map((group) => new Set(inEveryLanguage(group)));

/** Adjectives that describe nothing a buyer can check; a title piling them up is stuffed. */
const FILLER_ADJECTIVES = new Set(
  inEveryLanguage({
    en: [
      'cute',
      'beautiful',
      'lovely',
      'pretty',
      'stylish',
      'trendy',
      'chic',
      'elegant',
      'classic',
      'cool',
      'cozy',
      'cosy',
      'comfy',
      'sexy',
      'boho',
      'aesthetic',
      'preppy',
      'y2k',
      'perfect',
      'fashionable',
    ],
    fr: ['joli', 'jolie', 'élégant', 'élégante', 'tendance'],
    de: [
      'schön',
      'schöne',
      'schöner',
      'elegante',
      'eleganter',
      'stylisch',
      'stylische',
      'modisch',
      'modische',
    ],
    pl: [
      'piękny',
      'piękna',
      'śliczny',
      'śliczna',
      'elegancki',
      'elegancka',
      'modny',
      'modna',
      'stylowy',
      'stylowa',
    ],
  }).map((word) => word.toLocaleLowerCase()),
);
/** More filler adjectives than this in one title is stuffing. */
const MAX_FILLERS = 2;
/** A title split by separators into this many parts, most of them tags, is the tag list posing as a title. */
const TAG_LIST_PARTS = 4;

function words(text: string): string[] {
  return (text.toLocaleLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map((word) =>
    word.replace(/['’]s$/, ''),
  );
}

function contentWords(text: string): string[] {
  return words(text).filter((word) => /\p{L}{3,}/u.test(word) && !FUNCTION_WORDS.has(word));
}

/** Why a title reads as stuffed, or null: a word twice, a run of synonyms, hashtags, the tags as a list. */
export function titleStuffing(title: string, tags: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const word of contentWords(title)) {
    if (seen.has(word)) return 'repeated_word';
    seen.add(word);
  }
  if (SYNONYM_GROUPS.some((group) => [...seen].filter((word) => group.has(word)).length >= 3)) {
    return 'synonym_run';
  }
  if (title.includes('#') || (title.match(/\|/g)?.length ?? 0) >= 2) return 'separators';
  const parts = title.split(/\s*[,|/•·;]\s*/).filter((part) => part !== '');
  const tagKeys = new Set(tags.map((tag) => tag.toLocaleLowerCase().trim()));
  if (
    parts.length >= TAG_LIST_PARTS &&
    parts.filter((part) => tagKeys.has(part.toLocaleLowerCase())).length >= 3
  ) {
    return 'tag_list';
  }
  return null;
}

/** The title without its filler adjectives when it piles up more than MAX_FILLERS of them. */
export function withoutFillers(title: string): string {
  const fillers = words(title).filter((word) => FILLER_ADJECTIVES.has(word));
  if (fillers.length <= MAX_FILLERS) return title;
  return tidyCut(
    title.replace(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu, (word) =>
      FILLER_ADJECTIVES.has(word.toLocaleLowerCase()) ? ' ' : word,
    ),
  );
}

/** A word (of four letters or more) that makes up a tenth of a description, five times or more, is stuffing. */
export function isStuffedDescription(description: string): boolean {
  const all = contentWords(description).filter((word) => word.length >= 4);
  const counts = new Map<string, number>();
  for (const word of all) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.values()].some((count) => count >= 5 && count / all.length >= 0.1);
}

/** A tag that says the same word twice ("jeans jeans", "denim denim jacket"). */
export function isStuffedTag(tag: string): boolean {
  const tagWords = contentWords(tag);
  return new Set(tagWords).size < tagWords.length;
}

/** Content words of a title: fewer than two left after a cut is not a title any more. */
export function contentWordCount(text: string): number {
  return contentWords(text).length;
}
