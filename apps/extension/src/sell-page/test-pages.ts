// For the sell page's tests: opens the local stand-ins of the marketplaces' pages (test-pages/*.html, built from the
// evidence of the real pages, not from the extension's mappings) in jsdom at the marketplace's own address, their
// scripts running, and reads back what a sell form received.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

const testPagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-pages');

/** Each test page and the address it stands in for (the end-to-end test serves them at these addresses). */
export const TEST_PAGES = {
  'vinted-sell': 'https://www.vinted.co.uk/items/new',
  'vinted-member': 'https://www.vinted.co.uk/member/91827364?promo_shown=true',
  'vinted-item': 'https://www.vinted.co.uk/items/4242424242-levis-501-jeans',
  'depop-sell': 'https://www.depop.com/products/create/',
  'depop-product': 'https://www.depop.com/products/snaplistseller-levis-501-jeans-ab33/',
  'poshmark-sell': 'https://poshmark.com/create-listing',
  'poshmark-closet': 'https://poshmark.com/closet/thriftcloset',
  'poshmark-item': 'https://poshmark.com/listing/Levis-501-Jeans-64a1f0c2b3d4e5f6a7b8c9d0',
} as const;
export type TestPageName = keyof typeof TEST_PAGES;

export interface TestPageOptions {
  /** Another address than the page's usual one (a regional site, a query such as ?without=size). */
  url?: string;
  /** The address the page was opened from. */
  referrer?: string;
  /**
   * The tab's sessionStorage for the site when the page loads: what an earlier page of the same site in the same
   * tab left there (a sell form posted a moment ago). jsdom keeps no storage from one window to the next.
   */
  sessionStorage?: Record<string, string>;
}

const opened: JSDOM[] = [];

/**
 * jsdom has no DataTransfer and no way to give a file input a FileList of one's own making; the browser has
 * both. These stand-ins hold the Files the filler adds and hand the page exactly those back from `input.files`.
 */
function installFileTransfer(view: Window & typeof globalThis): void {
  class TestDataTransfer {
    readonly files: File[] = [];
    readonly items = { add: (file: File) => this.files.push(file) };
  }
  const chosenFiles = new WeakMap<HTMLInputElement, File[]>();
  Object.defineProperty(view.HTMLInputElement.prototype, 'files', {
    configurable: true,
    get(this: HTMLInputElement) {
      return chosenFiles.get(this) ?? [];
    },
    set(this: HTMLInputElement, files: File[]) {
      chosenFiles.set(this, [...files]);
    },
  });
  Object.defineProperty(view, 'DataTransfer', { configurable: true, value: TestDataTransfer });
}

export function openTestPage(name: TestPageName, options: TestPageOptions = {}): Window & typeof globalThis {
  const html = fs.readFileSync(path.join(testPagesDir, `${name}.html`), 'utf8');
  const page = new JSDOM(html, {
    url: options.url ?? TEST_PAGES[name],
    ...(options.referrer ? { referrer: options.referrer } : {}),
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    beforeParse(window) {
      for (const [key, value] of Object.entries(options.sessionStorage ?? {})) {
        window.sessionStorage.setItem(key, value);
      }
    },
  });
  opened.push(page);
  installFileTransfer(page.window);
  return page.window;
}

/** Everything a page left in its tab's sessionStorage, for the next page of the same site in that tab. */
export function sessionStorageOf(view: Window): Record<string, string> {
  const entries: Record<string, string> = {};
  for (let index = 0; index < view.sessionStorage.length; index++) {
    const key = view.sessionStorage.key(index);
    if (key !== null) entries[key] = view.sessionStorage.getItem(key) ?? '';
  }
  return entries;
}

/** Closes every page opened so far (their timers stop with them). */
export function closeTestPages(): void {
  for (const page of opened.splice(0)) page.window.close();
}

/** What the sell form's own state holds, as the page writes it in `<pre id="received">`. */
export function received(view: Window): Record<string, unknown> {
  return JSON.parse(view.document.getElementById('received')?.textContent ?? '{}') as Record<string, unknown>;
}
