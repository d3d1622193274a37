// Sizes in the listing's language. Size facts are language-neutral ("3-4 years", "One Size", "W32 L34");
// here the words are translated and the size gets the prefix each language puts before it in a title.
import type { Language } from '@snaplist/contract';
import type { LanguagePack } from './language-pack';
import { LANGUAGE_PACKS } from './languages';

type SizeKind = 'waist_leg' | 'one_size' | 'age' | 'other';

export function sizeKind(size: string): SizeKind {
  if (/^W\d{2}( L\d{2})?$/.test(size)) return 'waist_leg';
  if (/^one size$/i.test(size)) return 'one_size';
  if (/\d (years|months)$/.test(size)) return 'age';
  return 'other';
}

/** "3-4 years" in the language; the last number of a range picks the word's form. */
function localisedAge(size: string, pack: LanguagePack): string {
  const match = /^(.*?)(\d+) (years|months)$/.exec(size);
  if (match === null) return size;
  const [, start = '', last = '0', unit = 'years'] = match;
  const word = pack.sizes.ageUnit(unit === 'years' ? 'years' : 'months', Number(last), start !== '');
  return `${start}${last} ${word}`;
}

/**
 * The size alone, without the other systems the label prints with it ("UK 14 (EU 42, US 10)" -> "UK 14"): a
 * tag holds one size, and a comma in it would split it where tags are joined (the CSV export, Etsy's form).
 */
export function mainSize(size: string): string {
  return size.replace(/ \(.*\)$/, '');
}

/** The size as it ends a title: "Size M", "W32 L34", "taille 3-4 ans", "Gr. M", "rozm. M". */
export function titleSize(size: string, language: Language): string {
  const pack = LANGUAGE_PACKS[language];
  const kind = sizeKind(size);
  if (kind === 'waist_leg') return size;
  if (kind === 'one_size') return pack.sizes.oneSize.title;
  const value = kind === 'age' ? localisedAge(size, pack) : size;
  return `${pack.sizes.titlePrefix} ${value}`;
}

/** The size as a sentence: "Size M.", "Größe 3-4 Jahre.", "Rozmiar uniwersalny." */
export function sizeSentence(size: string, language: Language): string {
  const pack = LANGUAGE_PACKS[language];
  const kind = sizeKind(size);
  if (kind === 'one_size') return pack.sizes.oneSize.sentence;
  const value = kind === 'age' ? localisedAge(size, pack) : size;
  return `${pack.sizes.sentencePrefix} ${value}.`;
}
