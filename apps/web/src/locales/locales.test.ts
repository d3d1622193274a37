// The interface translations against the contract's LANGUAGES: one locale file per language and no other,
// each with exactly the English keys (en.json, the fallback, is the reference), the plural forms its
// language needs, the same {{placeholders}}, and real translations rather than copies of the English.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';

const FILES = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
/** Every locale file beside this test, by its name: './fr.json' is 'fr'. */
const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(FILES).map(([path, catalogue]) => [path.replace(/^\.\/|\.json$/g, ''), catalogue]),
);
const en = catalogues[DEFAULT_LANGUAGE] ?? {};
const TRANSLATED = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

// Brand and language names, and texts that are the same word in a language, may equal the English.
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'app.name',
  'common.ok',
  'nav.messages',
  'messages.title',
  'dashboard.title',
]);
// Words a language shares with English (French "Description", German "Vintage", fibre names such as
// polyester or lyocell): allowed only there.
const SAME_IN_LANGUAGE: Partial<Record<Language, ReadonlySet<string>>> = {
  fr: new Set([
    'fibre.polyester',
    'fibre.viscose',
    'fibre.nylon',
    'fibre.lyocell',
    'fibre.modal',
    'fibre.mohair',
    'fibre.angora',
    'fibre.denim',
    'photo_upload.option_description',
    'listing_details.description_label',
    'listing_details.composition',
    'colour.orange',
    'colour.beige',
    'category.vintage',
    'category.streetwear',
  ]),
  de: new Set([
    'photo_upload.optional',
    'listing_details.photos',
    'colour.orange',
    'colour.beige',
    'colour.gold',
    'category.vintage',
    'category.streetwear',
  ]),
  pl: new Set(['fibre.lyocell', 'fibre.modal', 'fibre.angora', 'fibre.denim']),
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: 'x.photos_one' -> 'x.photos'. */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const isPlural = (key: string) => PLURAL_SUFFIX.test(key);
/** The English text a key is compared with: its own, or the English '_other' form for plural forms. */
const englishFor = (key: string): string | undefined =>
  en[key] ?? (isPlural(key) ? en[`${baseKey(key)}_other`] : undefined);
/** The keys without their plural suffixes, each once. */
const bases = (catalogue: Record<string, string>): string[] => [
  ...new Set(Object.keys(catalogue).map(baseKey)),
];

describe('translations', () => {
  it('have one locale file per language of the contract, and no other', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(TRANSLATED)('%s has every English key (plural forms aside)', (language) => {
    const keys = new Set(bases(catalogues[language] ?? {}));
    expect(bases(en).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(TRANSLATED)('%s has no key that English lacks, and none empty', (language) => {
    const catalogue = catalogues[language] ?? {};
    const english = new Set(bases(en));
    expect(bases(catalogue).filter((key) => !english.has(key))).toEqual([]);
    for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)('%s has every plural form its language needs, and no others', (language) => {
    const catalogue = catalogues[language] ?? {};
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    const pluralBases = new Set(Object.keys(en).filter(isPlural).map(baseKey));
    for (const base of pluralBases) {
      const forms = Object.keys(catalogue)
        .filter((key) => isPlural(key) && baseKey(key) === base)
        .map((key) => key.slice(base.length + 1))
        .sort();
      expect(forms, base).toEqual(categories);
    }
  });

  it.each(TRANSLATED)('%s is translated, not copied from English', (language) => {
    const catalogue = catalogues[language] ?? {};
    const allowed = SAME_IN_LANGUAGE[language] ?? new Set();
    const copied = Object.entries(catalogue)
      .filter(
        ([key, text]) => !SAME_AS_ENGLISH_ALLOWED.has(key) && !allowed.has(key) && englishFor(key) === text,
      )
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it.each(TRANSLATED)('%s keeps every {{placeholder}} of the English text', (language) => {
    const catalogue = catalogues[language] ?? {};
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(catalogue)) {
      expect(placeholders(text), key).toEqual(placeholders(englishFor(key) ?? ''));
    }
  });
});
