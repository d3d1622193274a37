// Interface translations (SPEC sections 1 and 9): one flat JSON file per language of the contract's
// LANGUAGES (locales/<code>.json, loaded on demand; locales.test.ts checks each exists with every key),
// English as the fallback, the choice kept in local storage under `language` and mirrored on <html lang>.
// The constants entry, not the package's: the package's builds every schema, which the first page never uses.
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '@snaplist/contract/constants';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readStorage, writeStorage } from './storage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const value = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  reflectLanguage(language);
});

/** Resolves once the chosen language (and the English fallback) are loaded; never rejects. */
export const i18nReady: Promise<unknown> = i18n
  .use(resourcesToBackend((language: string) => import(`../locales/${language}.json`)))
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // Keys are flat (`auth.invalid_email`): the dot is part of the key, not a nesting separator.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    react: { useSuspense: false },
  })
  .then(() => reflectLanguage(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE))
  .catch((error: unknown) => console.error('Translations failed to load', error));

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };
