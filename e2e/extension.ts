// The built extension loaded unpacked in Chromium (a persistent context: the only kind that loads extensions),
// and the marketplaces' sell forms and item pages served at their real addresses from the test pages in
// apps/extension/test-pages, through Playwright's routing: nothing reaches the internet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, test as base, chromium, type Route } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@snaplist/server/testing/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
export const EXTENSION_DIST = path.join(here, '../apps/extension/dist');
const TEST_PAGES = path.join(here, '../apps/extension/test-pages');
/** Debian's Chromium keeps its interface languages here (package chromium-l10n). */
const CHROMIUM_LOCALES = '/usr/lib/chromium/locales';

/** A test page's HTML, with `transform` applied (to take a field away, say). */
export function testPage(file: string, transform: (html: string) => string = (html) => html): string {
  return transform(fs.readFileSync(path.join(TEST_PAGES, file), 'utf8'));
}

/** Serves `html` for every request to `pattern` (a marketplace's page address). */
export async function serveMarketplacePage(
  context: BrowserContext,
  pattern: string | RegExp,
  html: string | ((url: URL) => string),
): Promise<void> {
  await context.route(pattern, (route: Route) => {
    const body = typeof html === 'string' ? html : html(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  });
}

interface ExtensionFixtures {
  context: BrowserContext;
  extensionId: string;
  /** Chromium's interface language, which the extension's texts follow. */
  browserLanguage: string;
}

export const test = base.extend<ExtensionFixtures>({
  browserLanguage: ['en-GB', { option: true }],
  context: async ({ browserLanguage }, use) => {
    if (!fs.existsSync(path.join(EXTENSION_DIST, 'manifest.json'))) {
      throw new Error(`No built extension in ${EXTENSION_DIST}: run npm run build first`);
    }
    const language = browserLanguage.split('-')[0] ?? 'en';
    if (!fs.existsSync(path.join(CHROMIUM_LOCALES, `${language}.pak`)) && language !== 'en') {
      throw new Error(`Chromium has no ${language} interface here: install chromium-l10n (.ci/run does)`);
    }
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-extension-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      locale: browserLanguage,
      // On Linux, Chromium takes its interface language (the one extensions are shown in) from LANGUAGE.
      env: { ...process.env, LANGUAGE: language },
      args: [
        ...CHROMIUM_ARGS,
        `--disable-extensions-except=${EXTENSION_DIST}`,
        `--load-extension=${EXTENSION_DIST}`,
      ],
    });
    await use(context);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
});

export { expect } from '@playwright/test';
