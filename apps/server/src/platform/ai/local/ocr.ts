// Reads the text on labels and tags, offline: tesseract.js with language data shipped as npm packages.
// Recognition runs in tesseract.js's own worker thread, so the event loop stays free while it reads.
// Why tesseract.js over PaddleOCR, and the settings below: docs/decisions/006-ocr-engine.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
import type { EnginePhoto } from '../listing-engine';
import type { PhotoText } from './facts';

const require = createRequire(import.meta.url);
// Order matters: with English first, Polish "ł" is read as "t".
const LANGUAGES = ['pol', 'deu', 'fra', 'spa', 'ita', 'eng'] as const;
const OCR_LONG_SIDE = 1600;
/**
 * Each photo is read twice: at up to 1600 px, where small care and composition text is legible, and at half
 * that, where tesseract reads large brand lettering it misses at full size (measured on the label fixtures:
 * brand 14/15 at half scale against 12/15 at full; composition the other way round). Lines are merged.
 */
const OCR_SCALES = [1, 0.5] as const;

export interface LabelReader {
  read(photos: EnginePhoto[]): Promise<PhotoText[]>;
  warmUp(): Promise<void>;
  close(): Promise<void>;
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
          // Tesseract config-file text. The Italian model asks for a "special-words" list its npm package does
          // not ship; loading it only fails, with an error on stderr at every start, so do not ask.
          'user_words_suffix ',
        );
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
        return worker;
      }),
    );
    for (const worker of workers) created.addWorker(worker);
    return created;
  };

  return {
    async warmUp() {
      scheduler ??= start();
      await scheduler;
    },
    async read(photos) {
      scheduler ??= start();
      const ready = await scheduler;
      return Promise.all(
        photos.map(async (photo) => {
          const readings = await Promise.all(
            OCR_SCALES.map(async (scale) => {
              const longSide = Math.round(
                Math.min(OCR_LONG_SIDE, Math.max(photo.width, photo.height)) * scale,
              );
              const input = await sharp(photo.jpeg)
                .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
                .greyscale()
                .png()
                .toBuffer();
              // No automatic orientation pass: photos arrive upright (EXIF applied), and on the fixtures the
              // extra pass cost a fifth of the OCR time for no gain in accuracy.
              const { data } = await ready.addJob('recognize', input);
              return data;
            }),
          );
          const lines = [
            ...new Set(readings.flatMap((data) => data.text.split('\n').map((line) => line.trim()))),
          ];
          return {
            photo: photo.number,
            text: lines.filter(Boolean).join('\n'),
            confidence: Math.max(...readings.map((data) => data.confidence)) / 100,
            kind: 'unknown' as const,
          };
        }),
      );
    },
    async close() {
      const running = scheduler;
      scheduler = undefined;
      if (running) await (await running).terminate();
      if (langPath) fs.rmSync(langPath, { recursive: true, force: true });
    },
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
