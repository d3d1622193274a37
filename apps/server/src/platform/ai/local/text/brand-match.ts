// Finds the item's brand: the seller's hint when there is one (kept exactly as typed), otherwise a brand from
// the shipped list read off a brand line: a short line of its own on a label or tag, never care, composition,
// origin or registration-number text, never a word inside a sentence, never from a photo of the item itself.
// Fuzzy matches (OCR slips) only for long names read whole and close. Every reading carries a confidence;
// below STATE_CONFIDENCE it is offered to the seller as a question instead of stated (decision 015).
import type { FieldEvidence, FieldSuggestion } from '@snaplist/contract';
import type { Fact, PhotoText } from '../facts';
import { BRANDS, type Brand } from './brands';
import { STATE_CONFIDENCE, SUGGEST_CONFIDENCE } from './confidence';
import { boundedEditDistance } from './edit-distance';
import { labelLines } from './label-lines';
import { isCareOrCompositionLine, isCareText, isLabelWord, isRunningText } from './label-vocabulary';
import { type LogoBrand, logoBrands, withoutTrailingMarks } from './logo-line';
import {
  joinedKey,
  lineEvidence,
  normaliseWords,
  type PhotoLine,
  roundConfidence,
  toLines,
} from './normalise';

interface IndexedAlias {
  brand: Brand;
  key: string;
  /** Ordinary words and names of three letters or fewer must be a whole line to count. */
  standaloneOnly: boolean;
}

/** Names of three characters or fewer ("Gap", "COS", "4F") are too easy to find by accident. */
const SHORT_KEY_LENGTH = 3;
/** A near-miss is believed only for a name this long: shorter words one letter off a brand are everywhere. */
const FUZZY_MIN_KEY_LENGTH = 6;
/** Shorter near-misses ("CARA" for Zara), down to this length, are only ever offered to the seller. */
const FUZZY_SUGGEST_MIN_KEY_LENGTH = 4;
/** Brand lines are short: a name, perhaps a line name after it ("NEXT PETITE", "LEVI STRAUSS & CO."). */
const BRAND_LINE_MAX_WORDS = 4;
/** A hang tag may print a long name before a product line ("TOMMY HILFIGER DENIM SLIM FIT"). */
const LEADING_NAME_LINE_MAX_WORDS = 6;
/** The first line of a label may carry a word-brand with a word or two after it ("NEXT PETITE"). */
const FIRST_LINE_MAX_WORDS = 3;

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
    if (!entry.standaloneOnly && key.length >= FUZZY_SUGGEST_MIN_KEY_LENGTH) {
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

/** Edits allowed for a near-miss: one up to 8 letters, two from 9. */
function allowedEdits(keyLength: number): number {
  if (keyLength < FUZZY_SUGGEST_MIN_KEY_LENGTH) return 0;
  return keyLength <= 8 ? 1 : 2;
}

/** OCR reads letters as look-alike digits inside words ("MANG0", "NlKE" is handled by fuzzy matching). */
function lettersForDigits(word: string): string {
  if (!/[a-z]/.test(word)) return word;
  return word.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b');
}

type MatchKind = 'exact' | 'standalone' | 'fuzzy' | 'item_print';

interface Candidate {
  brand: Brand;
  line: PhotoLine;
  kind: MatchKind;
  edits: number;
  /** Share of the line's words the name covers. */
  coverage: number;
  /** Letters in what was read, for near-misses: short ones are only suggested. */
  readLength: number;
  /** Share of the photo's lines that are OCR junk (texture read as letters). */
  noise: number;
  /**
   * The line comes after care or composition text on a label that is mostly care text, where brands are
   * seldom printed. Only on such labels: the reader lists its passes one after the other, so on a brand label
   * the big brand read by one pass may follow the small print read by another.
   */
  belowCare: boolean;
}

/** Where the line sits on its photo, which decides how far a short name on it is believed. */
interface Placement {
  noise: number;
  belowCare: boolean;
}

/**
 * Registration, vendor, style and cut numbers ("RN 54321", "CA12345", "STYLE 4021") and long codes: such
 * a line is never a brand line, however its letters happen to read.
 */
const NUMBER_LINE = /\b(?:RN|CA|VN|STYLE|CUT|REF|ART|SKU|LOT|PO|NO)\b\.?\s*[#:]?\s*\d|\d{4,}/i;

/**
 * Words that credit the name after them: "by Malene Birger", "Designed by Tommy Hilfiger", "Made for Zara".
 * The credit is read past, so "MADE" (a label word, as in "MADE IN") does not make the line an origin line.
 */
const CREDIT = /^(?:by|(?:designed|made|created) (?:by|for)|made exclusively for)\s+(?=\p{L})/iu;

/** The line's text without a credit before the name. */
function creditedText(line: PhotoLine): string {
  return line.text.replace(CREDIT, '');
}

/** A brand line: a few words of their own on a label, not care, composition, origin or number text. */
function isBrandLine(line: PhotoLine): boolean {
  const text = creditedText(line);
  const words = normaliseWords(text).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > LEADING_NAME_LINE_MAX_WORDS) return false;
  return !(isCareOrCompositionLine(text) || NUMBER_LINE.test(text) || isRunningText(text));
}

/**
 * A line between two care lines is a piece of a wrapped care sentence ("WASH WITH DARK COLOURS" / "ONLY" /
 * "NON-CHLORINE BLEACH"): only a long brand name read exactly is believed there.
 */
function isInsideCareText(previous: PhotoLine | undefined, next: PhotoLine | undefined): boolean {
  return previous !== undefined && next !== undefined && isCareText(previous.text) && isCareText(next.text);
}

function exactCandidate(line: PhotoLine, words: readonly string[], start: number, length: number) {
  const slice = words.slice(start, start + length);
  const joined = slice.map(lettersForDigits).join('');
  const endsLine = start + length === words.length;
  // A logo's ® is read as a last "O" ("PURLINO"): the name without it counts when the list knows that name.
  const withoutMark = endsLine && /[O0]$/.test(line.text) ? EXACT_INDEX.get(joined.slice(0, -1)) : undefined;
  const entry = EXACT_INDEX.get(slice.join('')) ?? EXACT_INDEX.get(joined) ?? withoutMark ?? null;
  if (entry === null) return null;
  if (!entry.standaloneOnly) return entry;
  // Two-letter names are printed in capitals ("ON", "TU"); "on" and "tu" are words.
  if (entry.key.length <= 2 && /\p{Ll}/u.test(line.text)) return null;
  const wholeLine = start === 0 && length === words.length;
  // Two letters ("UA", "VS") lead a line by accident too often: they must be the whole line.
  const leadsFirstLine =
    line.index === 0 && start === 0 && words.length <= FIRST_LINE_MAX_WORDS && entry.key.length > 2;
  return wholeLine || leadsFirstLine ? entry : null;
}

function fuzzyCandidate(words: readonly string[]) {
  if (words.every(isLabelWord)) return null;
  const key = words.map(lettersForDigits).join('');
  const limit = allowedEdits(key.length);
  if (limit === 0) return null;
  let best: { entry: IndexedAlias; edits: number } | null = null;
  for (let keyLength = key.length - limit; keyLength <= key.length + limit; keyLength += 1) {
    if (allowedEdits(keyLength) === 0) continue;
    for (const entry of FUZZY_INDEX_BY_LENGTH.get(keyLength) ?? []) {
      const edits = boundedEditDistance(key, entry.key, Math.min(limit, allowedEdits(keyLength)));
      if (edits <= Math.min(limit, allowedEdits(keyLength)) && (best === null || edits < best.edits))
        best = { entry, edits };
    }
  }
  return best;
}

function candidatesOnLine(line: PhotoLine, placement: Placement): Candidate[] {
  const words = normaliseWords(withoutTrailingMarks(creditedText(line)))
    .split(' ')
    .filter(Boolean);
  const found: Candidate[] = [];
  const longLine = words.length > BRAND_LINE_MAX_WORDS;
  for (let start = 0; start < (longLine ? 1 : words.length); start += 1) {
    const maxLength = Math.min(longestAliasWords, words.length - start);
    for (let length = 1; length <= maxLength; length += 1) {
      const exact = exactCandidate(line, words, start, length);
      if (exact === null || (longLine && exact.standaloneOnly)) continue;
      const kind = exact.standaloneOnly ? 'standalone' : 'exact';
      const coverage = length / words.length;
      found.push({ brand: exact.brand, line, kind, edits: 0, coverage, readLength: 0, ...placement });
    }
  }
  // A near-miss counts only when it is the whole line: "Made" / Maje, "Next day" / Dazy are everywhere.
  if (found.length === 0 && !longLine) {
    const fuzzy = fuzzyCandidate(words);
    const readLength = words.join('').length;
    // A short near-miss in lower case is an ordinary word ("cape" is not BAPE); names are printed in capitals.
    const plausible = readLength >= FUZZY_MIN_KEY_LENGTH || !/\p{Ll}/u.test(line.text);
    if (fuzzy !== null && plausible)
      found.push({
        brand: fuzzy.entry.brand,
        line,
        kind: 'fuzzy',
        edits: fuzzy.edits,
        coverage: 1,
        readLength: words.join('').length,
        ...placement,
      });
  }
  return found;
}

/** A near-miss below the text of a care label is offered, not stated: it is as likely a piece of that text. */
const BELOW_CARE_FACTOR = 0.75;

/**
 * How sure a reading is, 0..1. An exact long name on a brand line is near certain, unless the photo reads as
 * mostly texture (half the junk share counts against it); a short or ordinary-word name ("COS", "Only") and
 * a near-miss are what OCR makes of texture and care text too, so they answer for all of the junk share and
 * for sitting below the text of a care label. The photo's OCR confidence scales everything.
 */
export function brandConfidence(
  candidate: Pick<Candidate, 'kind' | 'edits' | 'noise' | 'belowCare' | 'line' | 'readLength'>,
): number {
  const ocr = 0.7 + 0.3 * candidate.line.confidence;
  const clean = (1 - candidate.noise) * (candidate.belowCare ? BELOW_CARE_FACTOR : 1);
  if (candidate.kind === 'exact') return roundConfidence(0.95 * ocr * (1 - candidate.noise / 2));
  if (candidate.kind === 'standalone') return roundConfidence(0.88 * ocr * clean);
  // A print on the item is asked about, not stated: a name in a print may be a slogan, a tribute or a fake.
  if (candidate.kind === 'item_print') return roundConfidence(0.7 * ocr);
  const base = candidate.readLength < FUZZY_MIN_KEY_LENGTH ? 0.6 : candidate.edits === 1 ? 0.85 : 0.65;
  return roundConfidence(base * ocr * clean);
}

function evidenceOf(candidate: Candidate): FieldEvidence {
  return lineEvidence(candidate.line, `brand.${candidate.kind}`, brandConfidence(candidate));
}

/** The seller's brand, exactly as typed (trimmed); known brands are noted in the evidence. */
function brandFromHint(hint: string): Fact<string> {
  const known = findBrand(hint);
  return {
    value: hint,
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

export interface BrandReading {
  /** The brand to state, or null. */
  fact: Fact<string> | null;
  /** A brand read too weakly to state, for the seller to confirm, or null. */
  suggestion: FieldSuggestion | null;
}

/** A house brand's logo is printed at least this much larger than a retailer's name beside it. */
const DOMINANT_OVER_KNOWN = 1.3;
/** A word printed on the item is read as its brand only in large type: a logo down a leg, across a chest. */
const ITEM_PRINT_MIN_LETTER_HEIGHT = 0.04;
/** Shortest name believed from a print on the item: shorter ones are everywhere in prints and patterns. */
const ITEM_PRINT_MIN_KEY_LENGTH = 4;

/**
 * A brand printed on the item itself (UMBRO down a shorts leg, a chest logo): only a name from the list, read
 * exactly as the whole of a large line, and never an ordinary word ("ONLY", "NEXT") that a print may say.
 * A slogan or a town on a T-shirt is not in the list, so it never becomes a brand.
 */
function itemPrintCandidates(texts: readonly PhotoText[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const line of toLines(texts.filter((photoText) => photoText.kind === 'item'))) {
    if (line.letterHeight < ITEM_PRINT_MIN_LETTER_HEIGHT) continue;
    const key = joinedKey(withoutTrailingMarks(line.text));
    const entry = EXACT_INDEX.get(key);
    if (entry === undefined || entry.standaloneOnly || key.length < ITEM_PRINT_MIN_KEY_LENGTH) continue;
    candidates.push({
      brand: entry.brand,
      line,
      kind: 'item_print',
      edits: 0,
      coverage: 1,
      readLength: key.length,
      noise: 0,
      belowCare: false,
    });
  }
  return candidates;
}

/** Every brand reading on the brand lines of the photos that may show one (not photos of the item). */
function brandCandidates(texts: readonly PhotoText[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const { line, previous, next, noise, belowCare } of labelLines(texts)) {
    if (!isBrandLine(line)) continue;
    // On a label that is mostly care text, "ON", "ONLY" and "TU" below that text are pieces of the instructions.
    const insideCare = isInsideCareText(previous, next);
    const found = candidatesOnLine(line, { noise, belowCare });
    candidates.push(
      ...found.filter(
        (candidate) =>
          candidate.kind === 'exact' || !(insideCare || (belowCare && candidate.kind === 'standalone')),
      ),
    );
  }
  return candidates;
}

/** Longer matches, matches that fill the line, and earlier lines are more specific ("Tommy Hilfiger" over "Tommy"). */
function rank(candidate: Candidate): number {
  return brandConfidence(candidate) + candidate.coverage * 0.2 - Math.min(0.1, candidate.line.index * 0.02);
}

/**
 * The item's brand. The seller's hint always wins, verbatim; otherwise the best brand line reading, stated
 * with every photo that supports it when its confidence reaches the line, offered as a suggestion when not.
 */
export function readBrand(texts: readonly PhotoText[], hint: string): BrandReading {
  const trimmedHint = hint.trim().replace(/\s+/g, ' ');
  if (trimmedHint !== '') return { fact: brandFromHint(trimmedHint), suggestion: null };

  const candidates = [...brandCandidates(texts), ...itemPrintCandidates(texts)];
  const best = candidates.reduce<Candidate | null>(
    (winner, candidate) => (winner === null || rank(candidate) > rank(winner) ? candidate : winner),
    null,
  );
  const logo = logoBrands(texts)[0];
  const logoReading = logo === undefined ? null : readingOfLogo(logo, best);
  if (logoReading !== null) return logoReading;
  if (best === null) return { fact: null, suggestion: null };

  const sameBrand = candidates.filter((candidate) => candidate.brand === best.brand);
  // One piece of evidence per line: its surest reading ("TOMMY HILFIGER" over "TOMMY").
  const evidence = sameBrand
    .filter((candidate) =>
      sameBrand.every((other) => other.line !== candidate.line || rank(other) <= rank(candidate)),
    )
    .filter((candidate, index, all) => all.findIndex((other) => other.line === candidate.line) === index)
    .sort((a, b) => a.line.photo - b.line.photo || a.line.index - b.line.index)
    .map(evidenceOf);
  const confidence = Math.max(...evidence.map((item) => item.confidence ?? 0));
  if (confidence >= STATE_CONFIDENCE) return { fact: { value: best.brand.name, evidence }, suggestion: null };
  if (confidence >= SUGGEST_CONFIDENCE)
    return { fact: null, suggestion: { field: 'brand', value: best.brand.name, evidence } };
  return { fact: null, suggestion: null };
}

/**
 * What the logo line says when the brand list does not settle it. A known brand read on the logo line itself
 * is the brand. A known brand in smaller print (a retailer's "NEW YORKER" below a house brand "BLACK SQUAD")
 * gives way to a logo that stands clearly above it. Otherwise the logo's name is stated or asked by its own
 * confidence, unless a known brand reads surer.
 */
function readingOfLogo(logo: LogoBrand, best: Candidate | null): BrandReading | null {
  const confidence = logo.evidence.confidence ?? 0;
  if (confidence < SUGGEST_CONFIDENCE) return null;
  if (best !== null) {
    if (best.line.photo === logo.line.photo && best.line.index === logo.line.index) return null;
    const known = brandConfidence(best);
    const smallerPrint = best.line.letterHeight * DOMINANT_OVER_KNOWN < logo.line.letterHeight;
    const logoWins = logo.dominant && confidence >= STATE_CONFIDENCE && smallerPrint;
    if (!logoWins && known >= confidence) return null;
  }
  const evidence = [logo.evidence];
  if (confidence >= STATE_CONFIDENCE) return { fact: { value: logo.name, evidence }, suggestion: null };
  return { fact: null, suggestion: { field: 'brand', value: logo.name, evidence } };
}

/** The brand to state: the seller's hint, or a reading confident enough (see readBrand). */
export function matchBrand(texts: readonly PhotoText[], hint: string): Fact<string> | null {
  return readBrand(texts, hint).fact;
}
