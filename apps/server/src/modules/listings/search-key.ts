// The folded form of text that search compares: a listing's `search_text` column and the words of a search
// are both made with searchKey, so "levis" finds "Lévi's" and "lodz" finds "Łódź" (docs/decisions/010).

/** Letters that NFKD does not split into a base letter and a mark. */
const UNDECOMPOSED_LETTERS: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd' };
const UNDECOMPOSED = /[łßæøœđ]/g;
// Apostrophes are dropped (before NFKD, which turns ´ into a space and a mark), so a seller who types "levis" or "levi's" finds "Levi’s".
const APOSTROPHES = /['’‘ʼ`´]/g;

export function searchKey(text: string): string {
  return text
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words a search must all find: folded like search_text, split at whitespace. */
export function searchWords(query: string): string[] {
  return searchKey(query)
    .split(' ')
    .filter((word) => word !== '');
}

export interface SearchableFields {
  title: string;
  brand: string | null;
  description: string;
  tags: readonly string[];
  sku: string | null;
}

/** What the search_text column holds for a listing. */
export function listingSearchText(fields: SearchableFields): string {
  return searchKey(
    [fields.title, fields.brand ?? '', fields.description, fields.tags.join(' '), fields.sku ?? ''].join(' '),
  );
}
