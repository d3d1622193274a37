// Photos as 8-bit grey pixels for OCR: decoded once per photo, then scaled, cropped and inverted in memory,
// and handed to tesseract as PGM. Leptonica reads a PGM (a short header and the raw bytes) for nothing,
// where PNG costs an encode here and a decode in the OCR worker (decision 014).
import sharp from 'sharp';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row. */
  pixels: Buffer;
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Decodes a photo to grey, upright (EXIF), with its long side at most `longSide`. */
export async function decodeGrey(jpeg: Buffer, longSide: number): Promise<GreyImage> {
  const { data, info } = await sharp(jpeg)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/**
 * A region of the image, scaled by `scale`, optionally inverted (light text on a dark label becomes dark on
 * light, which is what tesseract reads best) and with its contrast stretched.
 */
export async function prepareRegion(
  image: GreyImage,
  region: Region,
  options: { scale: number; invert: boolean; rotateDegrees?: number; blurSigma?: number },
): Promise<GreyImage> {
  const width = Math.max(1, Math.round(region.width * options.scale));
  const height = Math.max(1, Math.round(region.height * options.scale));
  let pipeline = sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } });
  if (region.width !== image.width || region.height !== image.height) pipeline = pipeline.extract(region);
  if (width !== region.width || height !== region.height)
    pipeline = pipeline.resize(width, height, { kernel: options.scale > 1 ? 'cubic' : 'lanczos3' });
  if (options.invert) pipeline = pipeline.negate();
  if (options.blurSigma) pipeline = pipeline.blur(options.blurSigma);
  if (options.rotateDegrees) {
    // sharp applies rotate after the other operations whatever the order; the corners it opens are filled
    // with white, which after inversion is the label's paper.
    const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).rotate(
      options.rotateDegrees,
      { background: '#ffffff' },
    );
  }
  const { data, info } = await pipeline
    .normalise()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/** Binary PGM (P5): what tesseract.js hands to Leptonica unchanged. */
export function toPgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), image.pixels]);
}

/** Mean brightness 0..255 of a region, sampled on a grid (every `step`-th pixel each way). */
export function meanBrightness(image: GreyImage, region: Region, step = 4): number {
  let sum = 0;
  let count = 0;
  const bottom = Math.min(image.height, region.top + region.height);
  const right = Math.min(image.width, region.left + region.width);
  for (let y = Math.max(0, region.top); y < bottom; y += step) {
    const row = y * image.width;
    for (let x = Math.max(0, region.left); x < right; x += step) {
      sum += image.pixels[row + x] ?? 0;
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

export function wholeImage(image: { width: number; height: number }): Region {
  return { left: 0, top: 0, width: image.width, height: image.height };
}
