// Finds where a text names a brand or a size, the way the label parser compares them: accents, case,
// spacing and punctuation folded ("H & M" = "H&M", "Levi's" = "levis", "UK 12" = "UK12"), whole words only
// ("M" is a size in "Size M", not in "Made in Italy"). Used to check a model's reading and to scrub a value
// the evidence does not support out of its text.
import { joinedKey } from '../local/text/normalise';

/** Word-like runs; '&', apostrophes and dots stay inside so "H&M", "Levi's" and "A.P.C." are one token. */
const TOKEN = /[\p{L}\p{N}&'’`´.]+/gu;
/** A size word left behind when its size is removed ("Size M" -> "Size"), in the listing languages. */
const SIZE_WORD_BEFORE =
  /(?:\b(?:size|taille|gr(?:ö|oe|o)(?:ß|ss)e|gr\.|rozmiar|rozm\.|talla|taglia))\s*[:-]?\s*$/iu;

interface Span {
  start: number;
  end: number;
}

/** Where `value` occurs in `text` as whole words, once normalised. */
export function findMentions(text: string, value: string): Span[] {
  const target = joinedKey(value);
  if (target === '') return [];
  const tokens = [...text.matchAll(TOKEN)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: joinedKey(match[0]),
  }));
  const spans: Span[] = [];
  for (let first = 0; first < tokens.length; first++) {
    const start = tokens[first];
    if (start === undefined || start.key === '' || !target.startsWith(start.key)) continue;
    let joined = '';
    for (let last = first; last < tokens.length; last++) {
      const token = tokens[last];
      if (token === undefined) break;
      joined += token.key;
      if (joined === target) {
        spans.push({ start: start.start, end: token.end });
        first = last;
        break;
      }
      if (!target.startsWith(joined)) break;
    }
  }
  return spans;
}

export function mentions(text: string, value: string): boolean {
  return findMentions(text, value).length > 0;
}

/** Normalised equality: "ZARA" and "Zara", "Levi’s" and "Levis", "UK 12" and "uk12" are one value. */
export function sameValue(a: string, b: string): boolean {
  return joinedKey(a) !== '' && joinedKey(a) === joinedKey(b);
}

/**
 * The text with every mention of `value` cut out, and a size word just before it when `withSizeWord`;
 * separators left dangling by the cut are tidied away.
 */
export function removeMentions(text: string, value: string, withSizeWord = false): string {
  let result = '';
  let kept = 0;
  for (const span of findMentions(text, value)) {
    let before = text.slice(kept, span.start);
    if (withSizeWord) before = before.replace(SIZE_WORD_BEFORE, '');
    result += before;
    kept = span.end;
  }
  result += text.slice(kept);
  return result === text ? text : tidySeparators(result);
}

function tidySeparators(text: string): string {
  return collapseSeparators(text)
    .replace(/\(\s*\)/g, '')
    .trim();
}

/** What a cut leaves: runs of blanks as one space, no space before punctuation, no doubled or edge separators. */
export function collapseSeparators(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/([,;:/|&+–—-])(?:\s*[,;:/|&+–—-])+/g, '$1')
    .replace(/^[\s,;:/|&+–—-]+|[\s,;:/|&+–—-]+$/g, '');
}
