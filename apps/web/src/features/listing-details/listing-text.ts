// Turning a listing's text into what the details page shows and copies: the description
// one sentence per line, tags as hashtags, and photo file names.

/**
 * Words that end in a full stop without ending a sentence, lower case, in the four listing languages: titles
 * and saints in brand names ("Dr. Martens", "St. John") and the size and quantity abbreviations the
 * writer itself uses ("Gr. M", "rozm. M", "ca. 40 cm").
 */
const ABBREVIATIONS = new Set(
  'dr st mr mrs ms mt jr sr co no nr vs approx incl excl env cf ca gr bzw inkl evtl ggf usw rozm np tzn tj'.split(
    ' ',
  ),
);

/** A size word right before a lone letter makes the letter a size ("Size M."), not an initial ("J. Crew"). */
const SIZE_BEFORE_LETTER = /(?:size|taille|größe|gr\.|rozmiar|rozm\.)\s+$/iu;

/** Whether the full stop at `index` ends a sentence: not an ellipsis, an initial or an abbreviation. */
function endsSentence(line: string, index: number): boolean {
  if (line[index - 1] === '.') return false;
  // The word the full stop closes, with any dots inside it ("e.g", "z.B", "A.P.C").
  const before = line.slice(0, index);
  const word = /[\p{L}\p{N}.]*$/u.exec(before)?.[0] ?? '';
  if (/^\p{L}$/u.test(word)) return SIZE_BEFORE_LETTER.test(before.slice(0, -1));
  // Dotted short forms: "e.g.", "i.e.", "z.B.", "m.in.", "A.P.C.".
  if (/^\p{L}{1,2}(?:\.\p{L}{1,3})+$/u.test(word)) return false;
  return !ABBREVIATIONS.has(word.toLocaleLowerCase());
}

/** Splits a line after each sentence-ending full stop that is followed by more text. */
function sentencesOf(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of line.matchAll(/\.\s+(?=\S)/g)) {
    const index = match.index;
    if (!endsSentence(line, index)) continue;
    sentences.push(line.slice(start, index + 1));
    start = index + match[0].length;
  }
  sentences.push(line.slice(start));
  return sentences;
}

/**
 * The description one sentence per line: split after each sentence-ending full stop, but never inside
 * "Dr. Martens", "St. John", "e.g.", "40.5" or "J. Crew"; an ellipsis does not end a sentence, and existing
 * line breaks stay.
 */
export function splitSentences(description: string): string[] {
  return description
    .split(/\r?\n/)
    .flatMap(sentencesOf)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** A hashtag cannot hold spaces or punctuation: 'straight leg' -> '#straightleg', 'Levi’s' -> '#Levis'. */
export function toHashtag(tag: string): string {
  const body = tag.replace(/[^\p{L}\p{N}_]/gu, '');
  return body === '' ? '' : `#${body}`;
}

/** The text 'Copy as hashtags' puts on the clipboard: '#denim #levis #straightleg'. */
export function toHashtags(tags: readonly string[]): string {
  return tags.map(toHashtag).filter(Boolean).join(' ');
}

/** A file-name-safe form of the title: ASCII letters and digits joined by hyphens, at most 60 long. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'listing' : slug;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** 'Levi’s 501 jeans', 2, 'image/jpeg' -> 'levi-s-501-jeans-2.jpg'. */
export function photoFileName(title: string, number: number, type: string): string {
  return `${slugify(title)}-${number}.${EXTENSIONS[type] ?? 'jpg'}`;
}
