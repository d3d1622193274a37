// Interface translations: one flat JSON file per language of the contract's
// LANGUAGES (locales/<code>.json; locales.test.ts checks each exists with every key), English as the fallback,
// the choice kept in local storage under `language` and mirrored on <html lang>.
// A first visit loads only the strings of the pages where visits start (lib/first-page-translations.ts): they
// are the default namespace, and every page's strings, loaded with the first code loaded on demand
// (lib/on-demand.ts), are its fallback namespace (decision 027). English, the fallback language, is always
// needed, so its first-page strings come with the app's code instead of in a request of their own.
// The constants entry, not the package's: the package's builds every schema, which the first page never uses.
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '@snaplist/contract/constants';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, writeStorage } from './storage';

const FIRST_PAGES_NAMESPACE = 'first-pages';
const ALL_NAMESPACE = 'translation';

// Glob options are read by the build, so they are written out: '?first-pages' is FIRST_PAGES_QUERY, and
// en.json is DEFAULT_LANGUAGE's file, whose first-page strings come with this module.
const allStrings = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });
const firstPageStrings = import.meta.glob<ResourceKey>(['../locales/*.json', '!../locales/en.json'], {
  import: 'default',
  query: '?first-pages',
});
const fallbackFirstPageStrings = import.meta.glob<ResourceKey>('../locales/en.json', {
  import: 'default',
  query: '?first-pages',
  eager: true,
});

/** Reads a language's file for a namespace: its first-page strings, or all of them. */
const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const files = namespace === FIRST_PAGES_NAMESPACE ? firstPageStrings : allStrings;
    const load = files[`../locales/${language}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}`), false);
      return;
    }
    load().then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language the seller reads this page in: the one an e-mail sent for a request made from it is written
 * in (a new account, or a visitor asking for a reset link, has no other), and a generated listing's.
 */
export function pageLanguage(i18n: { resolvedLanguage?: string }): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
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

/** Resolves once the chosen language's first-page strings (and English ones) are loaded; never rejects. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [FIRST_PAGES_NAMESPACE],
    defaultNS: FIRST_PAGES_NAMESPACE,
    fallbackNS: ALL_NAMESPACE,
    resources: {
      [DEFAULT_LANGUAGE]: { [FIRST_PAGES_NAMESPACE]: fallbackFirstPageStrings['../locales/en.json'] ?? {} },
    },
    // What `resources` lacks still comes from the backend.
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // Keys are flat (`auth.invalid_email`): the dot is part of the key, not a nesting separator.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    // A string outside the first pages' asked for before every page's strings are in (code loaded without
    // onDemand): they load, and the components that asked render again once they are in.
    saveMissing: true,
    missingKeyHandler: () => void loadAllTranslations(),
    react: { useSuspense: false, bindI18nStore: 'added' },
  })
  .then(() => reflectLanguage(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE))
  .catch((error: unknown) => console.error('Translations failed to load', error));

/**
 * Every page's strings, in the current language and English; a later change of language loads them too.
 * Resolves when they are in (or failed to load: the keys then show, as with any missing translation).
 */
export async function loadAllTranslations(): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces(ALL_NAMESPACE);
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };

/**
 * The translation key of a contract enum's value (a colour, category, condition, fibre): "Like new" →
 * "like_new", under the group the caller names.
 */
export function enumKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}
