// Every string a person reads comes from `_locales/<language>/messages.json`, in the browser's language
// (English when the browser's is not one of Snaplist's four).

/** The text of `key` with its `$1`-style placeholders filled; the key itself when the locale lacks it. */
export function t(key: string, ...substitutions: string[]): string {
  return chrome.i18n.getMessage(key, substitutions) || key;
}
