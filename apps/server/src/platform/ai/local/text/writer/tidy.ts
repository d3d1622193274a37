// Last checks on every piece of text the writer produces: no stray whitespace or spaces before punctuation,
// no refusal or apology text (which could only come from a seller hint), and cutting to a marketplace's
// limit at a word boundary without leaving a separator or a dangling little word at the end.

const REFUSAL = /\b(sorry|apologi[sz]e|i can(?:no|')t|i am unable|i'm unable|as an ai|language model)\b/i;

/** Collapses whitespace and removes spaces before , and . (but keeps French spacing before : and %). */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ +([,.])/g, '$1')
    .replace(/([,.]){2,}/g, '$1')
    .trim();
}

/** True when a text reads like a refusal or an apology rather than a listing. */
export function isRefusal(text: string): boolean {
  return REFUSAL.test(text);
}

/** Words that must not end a cut title: separators and function words in en, fr, de, pl. */
const DANGLING =
  /(?:\s+(?:[-–—,:;/&|+]|and|by|with|of|size|et|en|de|à|taille|und|aus|mit|von|gr\.|i|z|w|rozm\.|rozmiar))+$/i;

/** Cuts a text to at most `limit` characters at a word boundary, never mid-word. */
export function cutAtWord(text: string, limit: number): string {
  const clean = tidy(text);
  if (clean.length <= limit) return clean;
  const slice = clean.slice(0, limit + 1);
  const lastSpace = slice.lastIndexOf(' ');
  if (lastSpace <= 0) return '';
  let cut = clean.slice(0, lastSpace);
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, '');
  return cut.replace(/[\s,:;–—/&|+-]+$/, '');
}
