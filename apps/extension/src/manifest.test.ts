// The manifest and the locales as the browser will read them: the sell-page script runs on exactly the
// marketplaces' own sites (the contract's host list) and on every extension marketplace's sell page in every
// language of the contract, both browsers find their background, and every string exists in each of the
// contract's languages with the same placeholders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  EXTENSION_MARKETPLACES,
  isMarketplaceUrl,
  LANGUAGES,
  newListingUrl,
} from '@snaplist/contract';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

interface Manifest {
  background: { service_worker: string; scripts: string[] };
  content_scripts: { matches: string[]; js: string[]; run_at: string }[];
  browser_specific_settings: { gecko: { id: string } };
  default_locale: string;
  name: string;
  description: string;
}

interface LocaleEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const manifest = readJson<Manifest>('manifest.json');
const localeFolders = fs.readdirSync(path.join(root, '_locales'));
/** Each language's strings; a language without its file has none, which the tests below name. */
const locales = Object.fromEntries(
  LANGUAGES.map((language) => {
    const file = `_locales/${language}/messages.json`;
    const strings = fs.existsSync(path.join(root, file)) ? readJson<Record<string, LocaleEntry>>(file) : {};
    return [language, strings];
  }),
);

describe('manifest.json', () => {
  const sellPage = manifest.content_scripts.find((script) => script.js.includes('sell-page.js'));
  const matches = sellPage?.matches ?? [];

  it('runs the sell-page script only on Vinted’s, Depop’s and Poshmark’s own sites', () => {
    expect(matches.length).toBeGreaterThan(0);
    for (const pattern of matches) {
      expect(pattern).toMatch(/^https:\/\/[a-z0-9.-]+\/\*$/);
      const page = pattern.replace('/*', '/items/new');
      expect(
        EXTENSION_MARKETPLACES.some((marketplace) => isMarketplaceUrl(marketplace, page)),
        pattern,
      ).toBe(true);
    }
  });

  it.each(EXTENSION_MARKETPLACES)(
    'runs the sell-page script on %s’s sell page in every language',
    (marketplace) => {
      const hosts = new Set(matches.map((pattern) => new URL(pattern.replace('/*', '/')).hostname));
      for (const language of LANGUAGES) {
        const page = newListingUrl(marketplace, language);
        expect(hosts.has(new URL(page).hostname), `${language}: ${page}`).toBe(true);
      }
    },
  );

  it('covers each of those sites with and without www', () => {
    const hosts = new Set(matches.map((pattern) => new URL(pattern.replace('/*', '/')).hostname));
    for (const host of hosts) {
      const bare = host.replace(/^www\./, '');
      expect(hosts.has(bare) && hosts.has(`www.${bare}`), host).toBe(true);
    }
    for (const site of [
      'vinted.co.uk',
      'vinted.fr',
      'vinted.de',
      'vinted.pl',
      'vinted.hr',
      'depop.com',
      'poshmark.ca',
    ]) {
      expect(hosts.has(site), site).toBe(true);
    }
  });

  it('gives Chromium a service worker and Firefox a background script, the same file', () => {
    expect(manifest.background).toEqual({ service_worker: 'background.js', scripts: ['background.js'] });
    expect(manifest.browser_specific_settings.gecko.id).toBe('extension@snaplist.app');
  });

  it('takes its name and description from the locales', () => {
    for (const value of [manifest.name, manifest.description]) {
      const key = /^__MSG_(\w+)__$/.exec(value)?.[1] ?? '';
      expect(locales[manifest.default_locale]?.[key]?.message, value).toBeTruthy();
    }
  });
});

describe('the locales', () => {
  const english = locales[DEFAULT_LANGUAGE] ?? {};

  it('have one folder per language of the contract, and no other; the default is the contract’s', () => {
    expect(localeFolders.sort()).toEqual([...LANGUAGES].sort());
    expect(manifest.default_locale).toBe(DEFAULT_LANGUAGE);
  });

  it.each(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE))(
    '%s has every English string, translated',
    (language) => {
      const translated = locales[language] ?? {};
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, entry] of Object.entries(english)) {
        expect(translated[key]?.message, `${language}: ${key}`).toBeTruthy();
        expect(translated[key]?.placeholders, `${language}: ${key}`).toEqual(entry.placeholders);
      }
    },
  );

  it.each(LANGUAGES)('%s names only placeholders it declares', (language) => {
    for (const [key, entry] of Object.entries(locales[language] ?? {})) {
      const used = [...entry.message.matchAll(/\$(\w+)\$/g)].map((match) => match[1]?.toLowerCase());
      expect(
        used.every((name) => name !== undefined && entry.placeholders?.[name]),
        `${language}: ${key}`,
      ).toBe(true);
    }
  });
});
