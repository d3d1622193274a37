import { LANGUAGES } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import pl from './pl.json';

const catalogues: Record<string, Record<string, string>> = { en, fr, de, pl };
// Brand and language names, and texts that are the same word in a language, may equal the English.
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'app.name',
  'common.ok',
  'nav.messages',
  'messages.title',
  'dashboard.title',
]);

describe('translations', () => {
  it('exist for every interface language', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(['fr', 'de', 'pl'])('%s has exactly the English keys, none empty', (language) => {
    const catalogue = catalogues[language] ?? {};
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
  });

  it.each(['fr', 'de', 'pl'])('%s is translated, not copied from English', (language) => {
    const catalogue = catalogues[language] ?? {};
    const copied = Object.entries(en)
      .filter(([key, english]) => !SAME_AS_ENGLISH_ALLOWED.has(key) && catalogue[key] === english)
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it.each(['fr', 'de', 'pl'])('%s keeps every {{placeholder}} of the English text', (language) => {
    const catalogue = catalogues[language] ?? {};
    for (const [key, english] of Object.entries(en)) {
      const placeholders = (text: string) =>
        [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(placeholders(catalogue[key] ?? ''), key).toEqual(placeholders(english));
    }
  });
});
