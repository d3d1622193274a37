// Reads the text on labels, tags and the item itself, offline. PaddleOCR (PP-OCRv4 on onnxruntime-node)
// finds and reads every line in the whole photo at any angle; lines with letters PaddleOCR's dictionary
// lacks (ł ą ę ś ż ö ß) are read a second time by tesseract in the label languages, from the same upright
// line crop. Why this split, and what was measured: docs/decisions/048-reader-chosen-on-real-photos.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
import type { EnginePhoto } from '../listing-engine';
import type { PhotoText, TextLine } from './facts';
import { judgePhotoKind } from './reader/photo-kind';
import type { RecognisedLine } from './reader/pp-ocr';
import { createPpOcrPool } from './reader/pp-ocr-pool';
import type { RgbImage } from './reader/text-boxes';
import { boundedEditDistance } from './text/edit-distance';
import { stripAccents } from './text/normalise';

const require = createRequire(import.meta.url);
/** Order matters: with English first, tesseract reads Polish "ł" as "t". */
const LANGUAGES = ['pol', 'deu', 'fra', 'eng'] as const;
/** Photos are read with their long side at most this: small print on a label in the frame stays legible. */
const READ_LONG_SIDE = 1600;
/** Lines the recogniser is less sure of than this are texture or symbols, not text. */
const MIN_LINE_CONFIDENCE = 0.5;
/** Scripts a label in our markets never needs; PaddleOCR's Chinese dictionary turns care symbols into them. */
const FOREIGN_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** Only lines with at least this many letters are worth a second read for diacritics. */
const SECOND_READ_MIN_LETTERS = 4;
/**
 * A letter PaddleOCR's dictionary lacks comes out as its likeliest stand-in, read with less certainty than
 * the letters around it: lines whose least certain letter is below this are read a second time.
 */
const SECOND_READ_BELOW_PROBABILITY = 0.8;
/** At most this many lines of a photo are read a second time, the least certain first. */
const MAX_SECOND_READS = 6;
/** A second reading never changes more than this share of a line's letters. */
const SECOND_READ_MAX_DIFFERENCE = 0.15;

export interface LabelReader {
  read(photos: EnginePhoto[]): Promise<PhotoText[]>;
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export function createLabelReader(options: { workers: number } = { workers: 1 }): LabelReader {
  // OCR_WORKERS reader threads, each running its models on one thread: more threads in one run only spun
  // (CPU +60 %), and each reader thread holds its own models and arena, about 350 MiB at 12 MP (decision 048).
  const ppOcr = createPpOcrPool(options.workers, 1);
  let tesseract: Promise<Scheduler> | undefined;
  let langPath: string | undefined;

  const startTesseract = async (): Promise<Scheduler> => {
    langPath = linkLanguageData();
    const folder = langPath;
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: options.workers }, async () => {
        const worker = await createWorker(
          [...LANGUAGES],
          OEM.LSTM_ONLY,
          { langPath: folder, cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: () => {} },
          // Some models ask for a "special-words" list their npm package does not ship; loading it only
          // fails, with an error on stderr at every start, so do not ask.
          'user_words_suffix ',
        );
        await worker.setParameters({
          tessedit_pageseg_mode: PSM.SINGLE_LINE,
          tessedit_do_invert: '0',
          user_defined_dpi: '300',
        });
        return worker;
      }),
    );
    for (const worker of workers) scheduler.addWorker(worker);
    return scheduler;
  };

  const secondRead = async (line: RecognisedLine): Promise<string> => {
    tesseract ??= startTesseract();
    const scheduler = await tesseract;
    const { data } = await scheduler.addJob('recognize', toPgm(line.crop));
    const reading = data.text.trim();
    return agreesAsideFromAccents(reading, line.text) ? reading : line.text;
  };

  const readPhoto = async (photo: EnginePhoto): Promise<PhotoText> => {
    const result = await ppOcr.read(photo.jpeg, READ_LONG_SIDE);
    const kept = result.lines
      .map((line) => ({ ...line, text: cleanLine(line.text) }))
      .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE && /[\p{L}\p{N}]/u.test(line.text));
    const words = kept.flatMap((line) =>
      line.text
        .split(/\s+/)
        .map((text) => ({ text, confidence: line.confidence * 100, height: line.box.thickness })),
    );
    const kind = judgePhotoKind(words);
    if (kind === 'label') {
      const candidates = kept
        .filter(
          (line) =>
            line.weakestLetter < SECOND_READ_BELOW_PROBABILITY &&
            (line.text.match(/\p{L}/gu) ?? []).length >= SECOND_READ_MIN_LETTERS,
        )
        .sort((first, second) => first.weakestLetter - second.weakestLetter)
        .slice(0, MAX_SECOND_READS);
      const reread = await Promise.all(candidates.map(secondRead));
      candidates.forEach((line, index) => {
        line.text = reread[index] ?? line.text;
      });
    }
    const lines = joinRows(kept, result.width, result.height);
    return {
      photo: photo.number,
      text: lines.map((line) => line.text).join('\n'),
      confidence: lines.length === 0 ? 0 : Math.max(...lines.map((line) => line.confidence)),
      kind,
      lines,
    };
  };

  return {
    async warmUp() {
      tesseract ??= startTesseract();
      await Promise.all([ppOcr.warmUp(), tesseract]);
    },
    read(photos) {
      return Promise.all(photos.map(readPhoto));
    },
    async close() {
      const runningTesseract = tesseract;
      tesseract = undefined;
      await ppOcr.close();
      if (runningTesseract) await (await runningTesseract).terminate();
      if (langPath) fs.rmSync(langPath, { recursive: true, force: true });
    },
  };
}

function cleanLine(text: string): string {
  return text.replace(FOREIGN_SCRIPT, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Tesseract's reading stands in for PaddleOCR's when it brings letters PaddleOCR cannot produce and otherwise
 * says the same thing: accents, case and spaces aside, it differs at most where its accented letters are
 * ("bawełna" for "bawetna", "Größe" for "Grobe"), never elsewhere ("POLYESTERĘ77%" for "POLYESTER7%").
 */
export function agreesAsideFromAccents(second: string, first: string): boolean {
  const accented = [...second].filter((letter) => /[^\p{ASCII}]/u.test(letter) && /\p{L}/u.test(letter));
  if (second === first || accented.length === 0) return false;
  const fold = (text: string) =>
    stripAccents(text)
      .toLowerCase()
      .replace(/[^a-z0-9%]/g, '');
  const a = fold(second);
  const b = fold(first);
  if (b.length === 0) return false;
  // ß folds to two letters, so it may account for two differences.
  const limit = Math.min(
    accented.reduce((sum, letter) => sum + (letter === 'ß' ? 2 : 1), 0),
    Math.max(2, Math.ceil(b.length * SECOND_READ_MAX_DIFFERENCE)),
  );
  return boundedEditDistance(a, b, limit) <= limit;
}

/**
 * Lines side by side on one row ("CN 3XL", "EU XXL", "US XL"; "UK" and "8") become one line, left to right;
 * rows are ordered top to bottom along the label's own tilt.
 */
function joinRows(lines: readonly RecognisedLine[], width: number, height: number): TextLine[] {
  if (lines.length === 0) return [];
  const longSide = Math.max(width, height);
  // The label's tilt: the direction of its longest lines.
  const main = [...lines].sort((first, second) => second.box.length - first.box.length)[0] as RecognisedLine;
  const along = main.box.direction;
  const across = { x: -along.y, y: along.x };
  const placed = lines.map((line) => ({
    line,
    u: line.box.centre.x * along.x + line.box.centre.y * along.y,
    v: line.box.centre.x * across.x + line.box.centre.y * across.y,
  }));
  placed.sort((first, second) => first.v - second.v);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.at(-1);
    const anchor = row?.[0];
    const sameRow =
      row &&
      anchor &&
      Math.abs(item.v - anchor.v) < 0.5 * Math.min(item.line.box.thickness, anchor.line.box.thickness) &&
      row.every(
        (other) =>
          Math.abs(other.u - item.u) - (other.line.box.length + item.line.box.length) / 2 <
          2 * Math.max(other.line.box.thickness, item.line.box.thickness),
      );
    if (sameRow) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((first, second) => first.u - second.u);
    const corners = row.flatMap(({ line }) => boxCorners(line));
    const left = Math.max(0, Math.min(...corners.map((point) => point.x)));
    const top = Math.max(0, Math.min(...corners.map((point) => point.y)));
    const right = Math.min(width, Math.max(...corners.map((point) => point.x)));
    const bottom = Math.min(height, Math.max(...corners.map((point) => point.y)));
    const direction = row[0]?.line.box.direction ?? { x: 1, y: 0 };
    return {
      text: row.map(({ line }) => line.text).join(' '),
      confidence: row.reduce((sum, { line }) => sum + line.confidence, 0) / row.length,
      box: {
        left: left / width,
        top: top / height,
        width: (right - left) / width,
        height: (bottom - top) / height,
      },
      letterHeight: Math.max(...row.map(({ line }) => line.box.thickness)) / longSide,
      angle: (Math.atan2(direction.y, direction.x) * 180) / Math.PI,
    };
  });
}

function boxCorners({ box }: RecognisedLine): { x: number; y: number }[] {
  const u = { x: (box.direction.x * box.length) / 2, y: (box.direction.y * box.length) / 2 };
  const v = { x: (-box.direction.y * box.thickness) / 2, y: (box.direction.x * box.thickness) / 2 };
  return [
    { x: box.centre.x - u.x - v.x, y: box.centre.y - u.y - v.y },
    { x: box.centre.x + u.x - v.x, y: box.centre.y + u.y - v.y },
    { x: box.centre.x + u.x + v.x, y: box.centre.y + u.y + v.y },
    { x: box.centre.x - u.x + v.x, y: box.centre.y - u.y + v.y },
  ];
}

/** Binary PGM (P5) of a line crop in grey: what tesseract.js hands to Leptonica unchanged. */
function toPgm(crop: RgbImage): Buffer {
  const grey = Buffer.alloc(crop.width * crop.height);
  for (let index = 0; index < grey.length; index++)
    grey[index] = Math.round(
      0.299 * (crop.pixels[index * 3] ?? 0) +
        0.587 * (crop.pixels[index * 3 + 1] ?? 0) +
        0.114 * (crop.pixels[index * 3 + 2] ?? 0),
    );
  return Buffer.concat([Buffer.from(`P5\n${crop.width} ${crop.height}\n255\n`), grey]);
}

/** tesseract.js takes one folder of language data; each language is its own npm package, so link them. */
function linkLanguageData(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-tessdata-'));
  for (const language of LANGUAGES) {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const file = `${language}.traineddata.gz`;
    fs.symlinkSync(path.join(packageDir, '4.0.0_best_int', file), path.join(folder, file));
  }
  return folder;
}
