// Builds the reader's output for unit tests from plain text, one line per '\n', so a test states only what
// it is about: the words, and where it matters the photo's kind, the reading's confidence or which line is
// printed in the largest type.
import type { PhotoText, TextLine } from '../facts';

/** Letter height of ordinary label print, as a share of the photo's long side. */
const SMALL_PRINT = 0.03;

export interface PhotoTextOptions {
  photo?: number;
  /** Every line's confidence (and the photo's), 0..1. */
  confidence?: number;
  kind?: PhotoText['kind'];
  /** Letter height per line, in order; lines past the end of the list get small print. */
  letterHeights?: readonly number[];
}

/** A photo's reading: its lines stacked top to bottom, each across most of the photo's width. */
export function photoText(text: string, options: PhotoTextOptions = {}): PhotoText {
  const confidence = options.confidence ?? 0.9;
  const rows = text.split('\n');
  const lines: TextLine[] = rows.map((row, index) => {
    const letterHeight = options.letterHeights?.[index] ?? SMALL_PRINT;
    return {
      text: row,
      confidence,
      box: { left: 0.1, top: (index + 0.5) / (rows.length + 1), width: 0.8, height: letterHeight },
      letterHeight,
      angle: 0,
    };
  });
  return { photo: options.photo ?? 1, text, confidence, kind: options.kind ?? 'label', lines };
}
