// Damerau-Levenshtein distance (optimal string alignment) with a ceiling, for matching OCR'd words against
// known spellings: OCR swaps, drops and doubles letters. The ceiling stops a comparison as soon as a word is
// clearly not a match, and the rows are reused between calls, so a label's thousands of comparisons stay fast.

const MAX_LENGTH = 64;
let beforePrevious = new Int32Array(MAX_LENGTH + 1);
let previous = new Int32Array(MAX_LENGTH + 1);
let current = new Int32Array(MAX_LENGTH + 1);

/** The distance between a and b, or `limit + 1` as soon as it is certain to exceed `limit`. */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit || a.length > MAX_LENGTH || b.length > MAX_LENGTH)
    return limit + 1;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current[j] = best;
      rowMinimum = Math.min(rowMinimum, best);
    }
    if (rowMinimum > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}
