// Reads the text on labels and tags, offline: tesseract.js with language data shipped as npm packages.
// Recognition runs in tesseract.js's own worker threads, so the event loop stays free while it reads.
// Why tesseract.js, and the settings below: docs/decisions/006-ocr-engine.md and 014-ocr-remeasured.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  createScheduler,
  createWorker,
  OEM,
  type Page,
  PSM,
  type RecognizeOptions,
  type Scheduler,
} from 'tesseract.js';
import type { EnginePhoto } from '../listing-engine';
import type { PhotoText } from './facts';
import {
  decodeGrey,
  type GreyImage,
  meanBrightness,
  prepareRegion,
  type Region,
  toPgm,
  wholeImage,
} from './reader/grey-image';
import { judgePhotoKind, type ReadWord } from './reader/photo-kind';
import { estimateSkew } from './reader/skew';

const require = createRequire(import.meta.url);
/**
 * Order matters: with English first, Polish "ł" is read as "t". Spanish and Italian models were dropped
 * (decision 014): their fibre words read as well with these four, at three quarters of the time.
 */
const LANGUAGES = ['pol', 'deu', 'fra', 'eng'] as const;
/** The photo is decoded once, at most this size: the detail pass reads small text from it. */
const DETAIL_LONG_SIDE = 1600;
/**
 * Every photo is first read whole at this size. Phone photos of labels are close-ups, whose text tesseract
 * reads better here than at 1600 px (key tokens 84% against 73% on the real label photos), at a third of
 * the cost; a garment photo gets only this and a look at half the size.
 */
const OVERVIEW_LONG_SIDE = 800;
/**
 * The overview is softened a little: fabric and wood grain otherwise come out of binarisation as thousands of
 * specks that tesseract tries to read (a 1500 px flat-lay on wood: 0.53 CPU-s sharp, 0.14 s softened), and
 * small print, which softening blurs, is read again from the detail image.
 */
const OVERVIEW_BLUR_SIGMA = 1;
/**
 * Words shorter than this (box height in overview pixels) are small print: the text region is read again
 * from the detail image, where the letters are twice the size.
 */
const SMALL_TEXT_HEIGHT = 26;
/**
 * Large lettering (a brand woven across the label, a close-up) and photos where the overview found no clear
 * words are read again at half the overview's size: tesseract misses letters this tall ("ZARA" read as
 * "chia"), and fabric weave under large print averages out when the photo is scaled down.
 */
const LARGE_TEXT_HEIGHT = 60;
const COARSE_SCALE = 0.5;
/**
 * A photo with this few words is a brand label or a size tag. Sparse-text mode drops a lone size letter
 * under a large brand ("ZARA" over "M"); reading the photo as one block keeps it.
 */
const FEW_WORDS = 4;
/** Skew is measured on a copy of the text region this size. */
const SKEW_LONG_SIDE = 400;
/** Lines tilted less than this read well as they are. */
const MIN_SKEW_DEGREES = 2.5;
/**
 * Closer looks (block mode, small print, tilt) are spent only where a word of three letters or digits, or a
 * percentage, was read this clearly: texture gives "oh" and "A" at high confidence, rarely more.
 */
const CLEAR_CONFIDENCE = 75;
const PERCENT = /\d\s*%/;
/** A word tesseract gives less than this is not used to place the text region. */
const PLACING_CONFIDENCE = 40;
/**
 * A region whose middle is darker than this is light print on a dark label (the middle, because a label
 * shot on dark cloth is light in the middle of a dark frame): it is inverted before reading.
 */
const DARK_LABEL_BRIGHTNESS = 100;

export interface LabelReader {
  read(photos: EnginePhoto[]): Promise<PhotoText[]>;
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** What one tesseract pass read, with word boxes in the detail image's pixels. */
interface Reading {
  lines: string[];
  confidence: number;
  words: PlacedWord[];
}

interface PlacedWord extends ReadWord {
  box: Region;
}

export function createTesseractReader(options: { workers: number } = { workers: 1 }): LabelReader {
  let scheduler: Promise<Scheduler> | undefined;
  let langPath: string | undefined;

  const start = async (): Promise<Scheduler> => {
    langPath = linkLanguageData();
    const folder = langPath;
    const created = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: options.workers }, async () => {
        const worker = await createWorker(
          [...LANGUAGES],
          OEM.LSTM_ONLY,
          { langPath: folder, cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: () => {} },
          // Tesseract config-file text. Some models ask for a "special-words" list their npm package does
          // not ship; loading it only fails, with an error on stderr at every start, so do not ask.
          'user_words_suffix ',
        );
        await worker.setParameters({
          tessedit_pageseg_mode: PSM.SPARSE_TEXT,
          // Retrying every doubtful line inverted cost an eighth of the time and read nothing more on the
          // label photos (decision 014); dark labels are inverted here instead, once, before reading.
          tessedit_do_invert: '0',
          // PGM carries no resolution, and tesseract's own guess read fewer of the real label photos' lines
          // (78% against 81% at 300 dpi, decision 014).
          user_defined_dpi: '300',
        });
        return worker;
      }),
    );
    for (const worker of workers) created.addWorker(worker);
    return created;
  };

  const recognise = async (
    image: GreyImage,
    region: Region,
    scale: number,
    {
      segmentation = PSM.SPARSE_TEXT,
      rotateDegrees = 0,
      blurSigma = 0,
    }: { segmentation?: PSM; rotateDegrees?: number; blurSigma?: number } = {},
  ): Promise<Reading> => {
    scheduler ??= start();
    const ready = await scheduler;
    const invert = meanBrightness(image, centralHalf(region)) < DARK_LABEL_BRIGHTNESS;
    const input = await prepareRegion(image, region, { scale, invert, rotateDegrees, blurSigma });
    const { data } = await ready.addJob(
      'recognize',
      toPgm(input),
      // tesseract.js applies parameters given with one job to that job alone, then restores them; its
      // types list only its own options there, though the worker passes every other key to tesseract.
      segmentation === PSM.SPARSE_TEXT
        ? {}
        : ({ tessedit_pageseg_mode: segmentation } as Partial<RecognizeOptions>),
      { text: true, blocks: true },
    );
    return {
      // A fold or stitch line beside the text comes out as "|" at either end of a line ("| EU 40 |").
      lines: data.text.split('\n').map((line) => line.replace(/^[\s|]+|[\s|]+$/g, '')),
      confidence: data.confidence / 100,
      // Boxes of a rotated read do not map back onto the photo; only their sizes and words are used.
      words: placedWords(data, region, scale),
    };
  };

  const readPhoto = async (photo: EnginePhoto): Promise<PhotoText> => {
    const detail = await decodeGrey(photo.jpeg, DETAIL_LONG_SIDE);
    const overviewScale = Math.min(1, OVERVIEW_LONG_SIDE / Math.max(detail.width, detail.height));
    const overview = await recognise(detail, wholeImage(detail), overviewScale, {
      blurSigma: OVERVIEW_BLUR_SIGMA,
    });
    const readings = [overview];
    const wordsSoFar = () => readings.flatMap((reading) => reading.words);
    if (
      judgePhotoKind(overview.words) !== 'label' ||
      medianHeight(readableWords(overview.words)) >= LARGE_TEXT_HEIGHT
    )
      readings.push(await recognise(detail, wholeImage(detail), overviewScale * COARSE_SCALE));
    const blockRead = judgePhotoKind(wordsSoFar()) !== 'label';
    if (blockRead)
      // Sparse-text mode sometimes sees no text on a light label framed by dark cloth, and breaks up large
      // lettering and lone size letters; one cheap look at the whole photo as a single block.
      readings.push(
        await recognise(detail, wholeImage(detail), overviewScale * COARSE_SCALE, {
          segmentation: PSM.SINGLE_BLOCK,
        }),
      );
    const clearWords = wordsSoFar().filter(
      (word) =>
        word.confidence >= CLEAR_CONFIDENCE &&
        ((word.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3 || PERCENT.test(word.text)),
    );
    // Stray marks, or nothing read clearly: fabric texture or a blank side, worth no closer look.
    if (judgePhotoKind(wordsSoFar()) !== 'item' && clearWords.length > 0) {
      if (clearWords.length <= FEW_WORDS)
        for (const scale of blockRead ? [overviewScale] : [overviewScale, overviewScale * COARSE_SCALE])
          readings.push(
            await recognise(detail, wholeImage(detail), scale, { segmentation: PSM.SINGLE_BLOCK }),
          );
      const region = smallTextRegion(overview.words, detail, overviewScale);
      // Tesseract reads lines tilted by more than a few degrees in broken pieces: read the text upright.
      const skew = await measureSkew(detail, region ?? wholeImage(detail));
      const rotateDegrees = Math.abs(skew) >= MIN_SKEW_DEGREES ? -skew : 0;
      if (region) readings.push(await recognise(detail, region, 1, { rotateDegrees }));
      else if (rotateDegrees)
        readings.push(await recognise(detail, wholeImage(detail), overviewScale, { rotateDegrees }));
    }
    // Every distinct line of every pass: passes that disagree ("18%" and "48%") are reconciled by the
    // text parser, which sees both, rather than by dropping one here.
    const lines = [...new Set(readings.toReversed().flatMap((reading) => reading.lines))].filter(Boolean);
    return {
      photo: photo.number,
      text: lines.join('\n'),
      confidence: Math.max(...readings.map((reading) => reading.confidence)),
      kind: judgePhotoKind(readings.flatMap((reading) => reading.words)),
    };
  };

  return {
    async warmUp() {
      scheduler ??= start();
      await scheduler;
    },
    read(photos) {
      return Promise.all(photos.map(readPhoto));
    },
    async close() {
      const running = scheduler;
      scheduler = undefined;
      if (running) await (await running).terminate();
      if (langPath) fs.rmSync(langPath, { recursive: true, force: true });
    },
  };
}

function placedWords(page: Page, region: Region, scale: number): PlacedWord[] {
  const words: PlacedWord[] = [];
  for (const block of page.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text: word.text,
            confidence: word.confidence,
            height: y1 - y0,
            box: {
              left: region.left + x0 / scale,
              top: region.top + y0 / scale,
              width: (x1 - x0) / scale,
              height: (y1 - y0) / scale,
            },
          });
        }
  return words;
}

/** Words sure enough to size and place the text by: two letters or digits or more. */
function readableWords(words: readonly PlacedWord[]): PlacedWord[] {
  return words.filter(
    (word) => word.confidence >= PLACING_CONFIDENCE && (word.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2,
  );
}

/** Median height of the words' boxes, in the pixels of the image they were read from; 0 for none. */
function medianHeight(words: readonly PlacedWord[]): number {
  const heights = words.map((word) => word.height).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/**
 * Where the overview found text too small to read well: the box around its words, with a margin for lines
 * it missed, in detail-image pixels. Null when the text was large enough already, or there was none.
 */
function smallTextRegion(
  words: readonly PlacedWord[],
  image: GreyImage,
  overviewScale: number,
): Region | null {
  if (overviewScale >= 1) return null;
  const placed = readableWords(words);
  if (placed.length === 0 || medianHeight(placed) >= SMALL_TEXT_HEIGHT) return null;
  const margin = Math.max(image.width, image.height) * 0.08;
  const left = Math.max(0, Math.min(...placed.map((word) => word.box.left)) - margin);
  const top = Math.max(0, Math.min(...placed.map((word) => word.box.top)) - margin);
  const right = Math.min(
    image.width,
    Math.max(...placed.map((word) => word.box.left + word.box.width)) + margin,
  );
  const bottom = Math.min(
    image.height,
    Math.max(...placed.map((word) => word.box.top + word.box.height)) + margin,
  );
  return {
    left: Math.floor(left),
    top: Math.floor(top),
    width: Math.max(1, Math.floor(right - left)),
    height: Math.max(1, Math.floor(bottom - top)),
  };
}

/** The tilt of the text in a region, measured on a small copy of it (projection profiles need no detail). */
async function measureSkew(image: GreyImage, region: Region): Promise<number> {
  const scale = Math.min(1, SKEW_LONG_SIDE / Math.max(region.width, region.height));
  const inkIsLight = meanBrightness(image, centralHalf(region)) < DARK_LABEL_BRIGHTNESS;
  const small = await prepareRegion(image, region, { scale, invert: false });
  return estimateSkew(small, inkIsLight);
}

function centralHalf(region: Region): Region {
  return {
    left: region.left + Math.floor(region.width / 4),
    top: region.top + Math.floor(region.height / 4),
    width: Math.max(1, Math.floor(region.width / 2)),
    height: Math.max(1, Math.floor(region.height / 2)),
  };
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
