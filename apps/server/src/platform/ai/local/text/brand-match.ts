// Finds the item's brand: the seller's hint when there is one, otherwise a brand from the shipped list read
// off the label. Exact alias matches on word n-grams come first; fuzzy matches (OCR slips) only on lines that
// look like a brand line, never on care or composition lines, and never for short or ordinary-word names.
import type { FieldEvidence } from '@snaplist/contract';
import type { Fact, PhotoText } from '../facts';
import { BRANDS, type Brand } from './brands';
import { boundedEditDistance } from './edit-distance';
import { isCareOrCompositionLine, isLabelWord } from './label-vocabulary';
import { joinedKey, normaliseWords, roundConfidence, type TextLine, toLines } from './normalise';

interface IndexedAlias {
  brand: Brand;
  key: string;
  /** Ordinary words and names of three letters or fewer must be a whole line to count. */
  standaloneOnly: boolean;
}

/** Names of three characters or fewer ("Gap", "COS", "4F") are too easy to find by accident. */
const SHORT_KEY_LENGTH = 3;
/** The first line of a label may carry a word-brand with a word or two after it ("NEXT PETITE"). */
const FIRST_LINE_MAX_WORDS = 3;
/** Brand lines are short; a near-miss is looked for only on lines of a few words. */
const FUZZY_LINE_MAX_WORDS = 5;

const EXACT_INDEX = new Map<string, IndexedAlias>();
const FUZZY_INDEX_BY_LENGTH = new Map<number, IndexedAlias[]>();
let longestAliasWords = 1;

for (const brand of BRANDS) {
  for (const alias of brand.aliases) {
    const key = joinedKey(alias.text);
    if (key === '' || EXACT_INDEX.has(key)) continue;
    const entry = { brand, key, standaloneOnly: alias.standaloneOnly || key.length <= SHORT_KEY_LENGTH };
    EXACT_INDEX.set(key, entry);
    longestAliasWords = Math.max(longestAliasWords, normaliseWords(alias.text).split(' ').length);
    if (!entry.standaloneOnly) {
      const bucket = FUZZY_INDEX_BY_LENGTH.get(key.length) ?? [];
      bucket.push(entry);
      FUZZY_INDEX_BY_LENGTH.set(key.length, bucket);
    }
  }
}

/** The known brand a name or alias refers to ("levis" -> Levi's), or null. */
export function findBrand(name: string): Brand | null {
  return EXACT_INDEX.get(joinedKey(name))?.brand ?? null;
}

/** Edits allowed for a fuzzy match: none for 3 letters or fewer, 1 up to 6 letters, 2 from 7. */
function allowedEdits(keyLength: number): number {
  if (keyLength <= SHORT_KEY_LENGTH) return 0;
  return keyLength <= 6 ? 1 : 2;
}

/** OCR reads letters as look-alike digits inside words ("MANG0", "NlKE" is handled by fuzzy matching). */
function lettersForDigits(word: string): string {
  if (!/[a-z]/.test(word)) return word;
  return word.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b');
}

interface Candidate {
  brand: Brand;
  line: TextLine;
  edits: number;
  score: number;
}

/** How much a line looks like a brand line: early, short and in capitals; not care or composition text. */
function brandLikeness(line: TextLine, wordCount: number): number {
  const letters = line.text.replace(/[^\p{L}]/gu, '');
  const upperShare = letters === '' ? 0 : letters.replace(/[^\p{Lu}]/gu, '').length / letters.length;
  let score = 1 - Math.min(0.5, line.index * 0.1);
  if (upperShare > 0.8) score += 0.2;
  if (wordCount <= 3) score += 0.2;
  if (isCareOrCompositionLine(line.text)) score -= 0.6;
  return score;
}

/**
 * Short and ordinary-word names ("On", "WE", "Next") are what OCR makes of fabric texture too, so they are
 * believed only from a photo read with some confidence (texture photos read at 0.3-0.45 on the fixtures).
 */
const STANDALONE_MIN_CONFIDENCE = 0.6;

function standaloneAllowed(line: TextLine, words: readonly string[], start: number, length: number): boolean {
  if (line.confidence < STANDALONE_MIN_CONFIDENCE) return false;
  if (start === 0 && length === words.length) return true;
  return (
    line.index === 0 &&
    start === 0 &&
    words.length <= FIRST_LINE_MAX_WORDS &&
    !isCareOrCompositionLine(line.text)
  );
}

function exactCandidate(line: TextLine, words: readonly string[], start: number, length: number) {
  const slice = words.slice(start, start + length);
  const entry =
    EXACT_INDEX.get(slice.join('')) ?? EXACT_INDEX.get(slice.map(lettersForDigits).join('')) ?? null;
  if (entry === null) return null;
  if (entry.standaloneOnly && !standaloneAllowed(line, words, start, length)) return null;
  return entry;
}

const LONG_NAME_LENGTH = 7;

function isLongName(words: readonly string[], start: number, length: number): boolean {
  return words.slice(start, start + length).join('').length >= LONG_NAME_LENGTH;
}

function fuzzyCandidate(words: readonly string[], start: number, length: number) {
  const slice = words.slice(start, start + length);
  if (slice.every(isLabelWord)) return null;
  const key = slice.map(lettersForDigits).join('');
  if (key.length <= SHORT_KEY_LENGTH) return null;
  let best: { entry: IndexedAlias; edits: number } | null = null;
  for (let keyLength = key.length - 2; keyLength <= key.length + 2; keyLength += 1) {
    const limit = allowedEdits(keyLength);
    if (limit === 0 || Math.abs(keyLength - key.length) > limit) continue;
    for (const entry of FUZZY_INDEX_BY_LENGTH.get(keyLength) ?? []) {
      const edits = boundedEditDistance(key, entry.key, limit);
      if (edits <= limit && (best === null || edits < best.edits)) best = { entry, edits };
    }
  }
  return best;
}

function candidatesOnLine(line: TextLine): Candidate[] {
  const words = normaliseWords(line.text).split(' ').filter(Boolean);
  const likeness = brandLikeness(line, words.length);
  const fuzzyAllowed = words.length <= FUZZY_LINE_MAX_WORDS && !isCareOrCompositionLine(line.text);
  const found: Candidate[] = [];
  for (let start = 0; start < words.length; start += 1) {
    const maxLength = Math.min(longestAliasWords, words.length - start);
    for (let length = 1; length <= maxLength; length += 1) {
      // Longer matches and matches that fill the line are more specific ("Tommy Hilfiger" over "Tommy").
      const coverage = length / words.length;
      const exact = exactCandidate(line, words, start, length);
      if (exact !== null) {
        const score = 2 + likeness + coverage + length * 0.05;
        found.push({ brand: exact.brand, line, edits: 0, score });
        continue;
      }
      // A near-miss counts only for a long name or for a line that is nothing but the name: short words
      // one letter away from a brand are everywhere ("Made" / Maje, "Next day" / Dazy).
      if (!fuzzyAllowed || (coverage < 1 && !isLongName(words, start, length))) continue;
      const fuzzy = fuzzyCandidate(words, start, length);
      if (fuzzy !== null) {
        const score = 1 + likeness + coverage - fuzzy.edits * 0.3;
        found.push({ brand: fuzzy.entry.brand, line, edits: fuzzy.edits, score });
      }
    }
  }
  return found;
}

function confidenceOf(candidate: Candidate): number {
  const base = candidate.edits === 0 ? 0.9 : candidate.edits === 1 ? 0.7 : 0.55;
  return roundConfidence(base * (0.7 + 0.3 * candidate.line.confidence));
}

function evidenceOf(candidate: Candidate): FieldEvidence {
  return {
    source: 'label_text',
    photo: candidate.line.photo,
    text: candidate.line.text,
    rule: candidate.edits === 0 ? 'brand.exact' : 'brand.fuzzy',
    confidence: confidenceOf(candidate),
  };
}

function brandFromHint(hint: string): Fact<string> {
  const known = findBrand(hint);
  return {
    value: known?.name ?? hint,
    evidence: [
      {
        source: 'seller_hint',
        text: hint,
        rule: known === null ? 'brand.seller_hint' : 'brand.seller_hint_known',
        confidence: 1,
      },
    ],
  };
}

/**
 * The item's brand. The seller's hint always wins (spelt as the brand list spells it when it is a known
 * brand); otherwise the most brand-like match in the label text, with every photo that supports it.
 */
export function matchBrand(texts: readonly PhotoText[], hint: string): Fact<string> | null {
  const trimmedHint = hint.trim().replace(/\s+/g, ' ');
  if (trimmedHint !== '') return brandFromHint(trimmedHint);

  const candidates = toLines(texts).flatMap(candidatesOnLine);
  const best = candidates.reduce<Candidate | null>(
    (winner, candidate) => (winner === null || candidate.score > winner.score ? candidate : winner),
    null,
  );
  if (best === null) return null;

  const supporting = candidates
    .filter((candidate) => candidate.brand === best.brand)
    .filter((candidate, index, all) => all.findIndex((other) => other.line === candidate.line) === index)
    .sort((a, b) => a.line.photo - b.line.photo || a.line.index - b.line.index);
  return { value: best.brand.name, evidence: supporting.map(evidenceOf) };
}
