// Titles in the order buyers search: brand, the item with its key feature and material, colour, size, then
// what a buyer filters on (cut, new with tags), in each language's natural order and agreement:
//   en "Zara Wool Coat Black Size M"              fr "Zara – manteau noir en laine, taille M"
//   de "Zara schwarzer Mantel aus Wolle, Gr. M"   pl "Zara czarny płaszcz wełniany, rozm. M"
// The extras come last so a marketplace with a short limit cuts them first, never the size. A title is never
// a sentence (no full stop at the end) and never names a kind of item the facts do not.
import { type Language, type ListingCondition, tidy } from '@snaplist/contract';
import type { ItemFacts } from '../../facts';
import {
  colourAdjective,
  colourName,
  fibreName,
  kidsWord,
  materialPhrase,
  type Noun,
  polishAdjective,
} from './lexicon';
import { titleSize } from './size-words';
import { nounFor, type Subject } from './subject';

/** What follows a leading brand before the item: French sets it off with a dash ("Zara – manteau noir"). */
export const BRAND_SEPARATOR: Record<Language, string> = { en: ' ', fr: ' – ', de: ' ', pl: ' ' };

/** Said only when the facts name nothing at all: no brand, kind of item, material or colour. */
const NOTHING_NAMED: Record<Language, string> = {
  en: 'Pre-loved Item',
  fr: 'Article de seconde main',
  de: 'Second-Hand-Artikel',
  pl: 'Rzecz z drugiej ręki',
};
const NEW_NOTHING_NAMED: Record<Language, string> = {
  en: 'New Item',
  fr: 'Article neuf',
  de: 'Neuer Artikel',
  pl: 'Nowa rzecz',
};

const OVERSIZED: Record<Language, string> = {
  en: 'Oversized',
  fr: 'coupe oversize',
  de: 'Oversize',
  pl: 'krój oversize',
};

/** fr "neuf" agreeing with the noun: neuf, neuve, neufs, neuves. */
function frenchNew(noun: Noun | null): string {
  if (noun === null) return 'neuf';
  const stem = noun.gender === 'f' ? 'neuve' : 'neuf';
  return noun.plural ? `${stem}s` : stem;
}

function conditionWords(condition: ListingCondition, language: Language, noun: Noun | null): string {
  const withTags = condition === 'New with tags';
  switch (language) {
    case 'en':
      return withTags ? 'New With Tags' : 'New Without Tags';
    case 'fr':
      return `${frenchNew(noun)} ${withTags ? 'avec' : 'sans'} étiquette`;
    case 'de':
      return withTags ? 'neu mit Etikett' : 'neu ohne Etikett';
    case 'pl': {
      const adjective = noun === null ? 'nowy' : polishAdjective('nowy', noun);
      return `${adjective} ${withTags ? 'z metką' : 'bez metki'}`;
    }
  }
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function titleCase(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** "100% Cashmere" when the label says the item is all of it: buyers search for exactly that. */
function englishMaterial(subject: Subject, facts: ItemFacts): string {
  if (subject.material === null) return '';
  const word = materialPhrase(subject.material, 'en', nounFor(subject, 'en'));
  const pure = facts.composition?.value.some(
    (share) => share.fibre === subject.material && share.percent === 100,
  );
  return pure ? `100% ${word}` : word;
}

/**
 * The item phrase without brand or size, in French, German or Polish word order and agreement: "manteau
 * noir en laine", "schwarzer Mantel aus Wolle", "czarny płaszcz wełniany". English titles put the colour
 * after the item instead (englishTitle); '' when no kind of item is known (nothing stands in for it).
 */
export function itemPhrase(subject: Subject, language: Exclude<Language, 'en'>): string {
  if (subject.nounKey === null) return '';
  const noun = nounFor(subject, language);
  const colour = subject.colours[0];
  // Jeans are denim by name in fr, de and pl.
  const material =
    subject.material === null || subject.material === 'denim'
      ? ''
      : materialPhrase(subject.material, language, noun);
  const adjective = colour === undefined ? '' : colourAdjective(colour, language, noun);
  const kids = subject.department === 'kids';
  switch (language) {
    case 'fr':
      // "enfant" stays next to the noun, as French sellers write it: "robe enfant noire".
      return tidy(`${noun.word} ${kids ? kidsWord('fr', noun) : ''} ${adjective} ${material}`);
    case 'de':
      // German marks children's wear in the size ("Gr. 3-4 Jahre") and the tags, not with a loose word.
      return tidy(`${adjective} ${noun.word} ${material}`);
    case 'pl': {
      // Adjectives of kind follow the head noun: "bluza dziecięca wełniana z kapturem".
      const [head = '', ...rest] = noun.word.split(' ');
      const kidsAdjective = kids ? kidsWord('pl', noun) : '';
      return tidy(`${adjective} ${head} ${kidsAdjective} ${material} ${rest.join(' ')}`);
    }
  }
}

/** Material and colour as plain words when no kind of item is known: "coton, beige", "Baumwolle, Beige". */
function namedWithoutNoun(subject: Subject, language: Language): string[] {
  const colour = subject.colours[0];
  const words = [
    subject.material === null ? '' : fibreName(subject.material, language),
    colour === undefined ? '' : colourName(colour, language),
  ];
  if (language === 'pl' && colour !== undefined) words[1] = `kolor ${colourName(colour, language)}`;
  return words.filter((word) => word !== '');
}

function englishTitle(facts: ItemFacts, subject: Subject, size: string, extras: string[]): string {
  const colour = subject.colours[0];
  const colourWord = colour === undefined ? '' : colourName(colour, 'en');
  const noun = subject.nounKey === null ? '' : nounFor(subject, 'en').word;
  const oversized = facts.fit === 'oversized' ? OVERSIZED.en : '';
  const kids = subject.department === 'kids' ? 'Kids' : '';
  // Only our own words are title-cased: a brand stays as the label or the seller wrote it.
  const item = titleCase(
    tidy(`${kids} ${oversized} ${englishMaterial(subject, facts)} ${noun} ${colourWord}`),
  );
  return tidy(`${facts.brand?.value ?? ''} ${item} ${size} ${extras.join(' ')}`);
}

/** How many of the extras (cut, new with tags) a title can carry after the size. */
export const TITLE_EXTRAS = 2;

/**
 * The listing title with at most `extras` of the extras after the size, so a shorter limit drops whole
 * extras rather than cutting one in half ("... Size XXL New"). Never empty.
 */
export function writeTitle(
  facts: ItemFacts,
  subject: Subject,
  language: Language,
  extras = TITLE_EXTRAS,
): string {
  const brand = facts.brand?.value ?? '';
  const size = facts.size === null ? '' : titleSize(facts.size.value, language);
  const named = namedWithoutNoun(subject, language);
  const noun = subject.nounKey === null ? null : nounFor(subject, language);
  if (brand === '' && noun === null && named.length === 0) {
    const isNew = facts.condition?.value.startsWith('New') === true;
    const head = (isNew ? NEW_NOTHING_NAMED : NOTHING_NAMED)[language];
    return tidy(language === 'en' || size === '' ? `${head} ${size}` : `${head}, ${size}`);
  }

  const condition = facts.condition?.value;
  // The condition first: buyers filter on "new with tags" more than on the cut.
  const kept = [
    condition === 'New with tags' || condition === 'New without tags'
      ? conditionWords(condition, language, noun)
      : '',
    language !== 'en' && facts.fit === 'oversized' ? OVERSIZED[language] : '',
  ]
    .filter((extra) => extra !== '')
    .slice(0, extras);
  if (language === 'en') return englishTitle(facts, subject, size, kept);

  const item = noun === null ? named.join(', ') : itemPhrase(subject, language);
  // Without a noun the brand is followed by a list ("Weekday, Baumwolle, Beige"), so a comma joins them.
  const separator = noun === null ? ', ' : BRAND_SEPARATOR[language];
  const head = brand === '' ? capitaliseFirst(item) : item === '' ? brand : `${brand}${separator}${item}`;
  return tidy([head, size, ...kept].filter((part) => part !== '').join(', '));
}
