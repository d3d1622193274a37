// The listing languages the local writer speaks: one pack per language of the contract's LANGUAGES. A
// language added there without a pack here fails the type-check.
import { LANGUAGES, type Language } from '@snaplist/contract';
import type { LanguagePack } from '../language-pack';
import { isNamedFibre } from '../vocabulary';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { pl } from './pl';

export const LANGUAGE_PACKS: Record<Language, LanguagePack> = { en, fr, de, pl };

/** One value per language, read off each pack. */
export function perLanguage<T>(read: (pack: LanguagePack) => T): Record<Language, T> {
  const entries = LANGUAGES.map((language) => [language, read(LANGUAGE_PACKS[language])] as const);
  // fromEntries loses the keys' type; they are exactly LANGUAGES.
  return Object.fromEntries(entries) as Record<Language, T>;
}

/** The fibre's name in the language; a fibre no pack names is written as read. */
export function fibreName(fibre: string, language: Language): string {
  return isNamedFibre(fibre) ? LANGUAGE_PACKS[language].fibres[fibre] : fibre;
}
