// The interface strings of the pages where visits start (the landing and photo-upload pages) and of the frame
// around every page (shells, loading view, alerts, language selector). The build gives each language a second,
// small translation file with only these (`locales/<code>.json?first-pages`), so a first visit does not
// download every page's strings; the rest load with the first code loaded on demand (lib/on-demand.ts,
// decision 027). app/first-page-translations.test.tsx renders those pages with only these strings and fails
// on any other: a new string there needs its key, or its prefix, listed here.

/** Keys and key prefixes (ending in a dot) of the first pages' strings. */
export const FIRST_PAGE_KEYS = [
  'alert.',
  'allowance.',
  'app.',
  'common.',
  'errors.',
  'footer.',
  'landing.',
  'language.',
  'nav.',
  'photo_upload.',
  'plans.see_plans',
] as const;

export function isFirstPageKey(key: string): boolean {
  return FIRST_PAGE_KEYS.some((entry) => (entry.endsWith('.') ? key.startsWith(entry) : key === entry));
}

/** The query that asks the build for a locale file's first-page strings only (lib/i18n.ts writes it out). */
export const FIRST_PAGES_QUERY = 'first-pages';
