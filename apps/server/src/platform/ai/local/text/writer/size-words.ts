// Sizes in the listing's language. Size facts are language-neutral ("3-4 years", "One Size", "W32 L34");
// here the words are translated and the size gets the prefix each language puts before it in a title.
import type { Language } from '@snaplist/contract';

type SizeKind = 'waist_leg' | 'one_size' | 'age' | 'other';

export function sizeKind(size: string): SizeKind {
  if (/^W\d{2}( L\d{2})?$/.test(size)) return 'waist_leg';
  if (/^one size$/i.test(size)) return 'one_size';
  if (/\d (years|months)$/.test(size)) return 'age';
  return 'other';
}

/** Polish counts: 1 rok, 2-4 lata (but 12-14 lat), 5+ lat; the last number of a range decides. */
function polishPlural(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  return lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14) ? few : many;
}

const AGE_WORDS: Record<Exclude<Language, 'pl'>, { years: [string, string]; months: [string, string] }> = {
  en: { years: ['year', 'years'], months: ['month', 'months'] },
  fr: { years: ['an', 'ans'], months: ['mois', 'mois'] },
  de: { years: ['Jahr', 'Jahre'], months: ['Monat', 'Monate'] },
};

function localisedAge(size: string, language: Language): string {
  const match = /^(.*?)(\d+) (years|months)$/.exec(size);
  if (match === null) return size;
  const [, start = '', last = '0', unit = 'years'] = match;
  const count = Number(last);
  const number = `${start}${last}`;
  if (language === 'pl') {
    const word =
      unit === 'years'
        ? polishPlural(count, 'rok', 'lata', 'lat')
        : polishPlural(count, 'miesiąc', 'miesiące', 'miesięcy');
    return `${number} ${word}`;
  }
  const forms = AGE_WORDS[language][unit === 'years' ? 'years' : 'months'];
  return `${number} ${count === 1 && start === '' ? forms[0] : forms[1]}`;
}

const ONE_SIZE: Record<Language, { title: string; sentence: string }> = {
  en: { title: 'One Size', sentence: 'One size.' },
  fr: { title: 'taille unique', sentence: 'Taille unique.' },
  de: { title: 'Einheitsgröße', sentence: 'Einheitsgröße.' },
  pl: { title: 'rozmiar uniwersalny', sentence: 'Rozmiar uniwersalny.' },
};
const TITLE_PREFIX: Record<Language, string> = { en: 'Size', fr: 'taille', de: 'Gr.', pl: 'rozm.' };
const SENTENCE_PREFIX: Record<Language, string> = { en: 'Size', fr: 'Taille', de: 'Größe', pl: 'Rozmiar' };

/** The size as it ends a title: "Size M", "W32 L34", "taille 3-4 ans", "Gr. M", "rozm. M". */
export function titleSize(size: string, language: Language): string {
  const kind = sizeKind(size);
  if (kind === 'waist_leg') return size;
  if (kind === 'one_size') return ONE_SIZE[language].title;
  const value = kind === 'age' ? localisedAge(size, language) : size;
  return `${TITLE_PREFIX[language]} ${value}`;
}

/** The size as a sentence: "Size M.", "Größe 3-4 Jahre.", "Rozmiar uniwersalny." */
export function sizeSentence(size: string, language: Language): string {
  const kind = sizeKind(size);
  if (kind === 'one_size') return ONE_SIZE[language].sentence;
  const value = kind === 'age' ? localisedAge(size, language) : size;
  return `${SENTENCE_PREFIX[language]} ${value}.`;
}
