// Shared text clean-up for label OCR: one place that decides how accents, case and punctuation are folded,
// so the brand list, the size parser and the fibre dictionary all compare like with like.
import type { FieldEvidence } from '@snaplist/contract';
import type { PhotoText, TextLine } from '../facts';

/** Letters that NFD does not split into base letter + accent. */
const SPECIAL_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
};

/** Strips accents and folds the letters NFD leaves alone ("Größe" -> "Grosse", "bawełna" -> "bawelna"). */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁßøØæÆœŒđ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/**
 * Lower-case, accent-free words separated by single spaces. '&' becomes "and" so "H & M", "H&M" and
 * "H and M" agree; apostrophes and dots join ("Levi's" -> "levis", "A.P.C." -> "apc").
 */
export function normaliseWords(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`´.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The key a phrase is indexed under: its normalised words with the spaces removed ("G-Star" -> "gstar"). */
export function joinedKey(text: string): string {
  return normaliseWords(text).replace(/ /g, '');
}

/** A line of a photo's text, with the photo it came from and where it sits there. */
export interface PhotoLine {
  photo: number;
  /** 0-based position of the line among the photo's non-junk lines, in reading order. */
  index: number;
  /** The line as OCR read it, trimmed, inner runs of spaces made one. */
  text: string;
  /** The recogniser's confidence in this line, 0..1. */
  confidence: number;
  /** Letter height as a share of the photo's long side (see TextLine in facts.ts). */
  letterHeight: number;
  box: TextLine['box'];
}

/**
 * A line is OCR junk when it has fewer than two letters or digits ("~ . ,", "|||", "—"), bar a letter or a
 * digit standing alone (a size "M", an "8" under a "UK" header) or a share.
 */
function isJunk(line: string): boolean {
  return (line.match(/[\p{L}\p{N}]/gu) ?? []).length < 2 && !/^(?:\p{L}|\d|\d\s?%)$/u.test(line.trim());
}

/** Every photo's non-junk lines, trimmed, keeping where each came from. */
export function toLines(texts: readonly PhotoText[]): PhotoLine[] {
  const lines: PhotoLine[] = [];
  for (const photoText of texts) {
    let index = 0;
    for (const line of photoText.lines) {
      // NFKC folds the full-width punctuation the reader brings from its Chinese dictionary ("，", "（").
      const text = line.text.normalize('NFKC').replace(/\s+/g, ' ').trim();
      if (text === '' || isJunk(text)) continue;
      lines.push({
        photo: photoText.photo,
        index,
        text,
        confidence: line.confidence,
        letterHeight: line.letterHeight,
        box: line.box,
      });
      index += 1;
    }
  }
  return lines;
}

/** Clamps a confidence to 0..1 and rounds it to two decimals, so evidence stays readable. */
export function roundConfidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/**
 * A line that reads as something: a word of three letters or more, a number of two digits or more, or a
 * letter size in capitals standing alone ("M", "XS").
 */
const MEANINGFUL = /\p{L}{3,}|\d{2,}|^(?:X{0,3}[SL]|M|[2-6]XL)$/u;
/** A label may hold a couple of short lines of its own (a size "M", a care symbol read as "a"). */
const FREE_SHORT_LINES = 2;

/**
 * How much of a photo's reading is OCR junk, 0..1: fabric texture, weave and blur come out as many short
 * lines of stray letters ("A", "ky", "=!"). A bare "M" or a short brand on such a photo means little.
 */
export function noiseShare(photoText: PhotoText): number {
  const lines = photoText.text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return 0;
  const junk = lines.filter((line) => !MEANINGFUL.test(line)).length;
  return Math.max(0, junk - FREE_SHORT_LINES) / lines.length;
}

/** Evidence that one label line, as read, led to a field's value by `rule`. */
export function lineEvidence(line: PhotoLine, rule: string, confidence: number): FieldEvidence {
  return { source: 'label_text', photo: line.photo, text: line.text, rule, confidence };
}
