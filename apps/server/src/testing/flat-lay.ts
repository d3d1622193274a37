// Flat-lay photos with their exact item mask, to judge background removal: a garment on a textured surface
// (the fixture generator's renderer), the silhouette it was drawn from, and the measures that compare a
// cleaned photo with that silhouette.
import sharp from 'sharp';
import { renderFlatLay, renderFlatLayMask } from './fixtures/flat-lay-render';
import { toRawRgb } from './fixtures/raster';
import type { BackgroundKind, FlatLayFixtureSpec, RgbColour } from './fixtures/types';

export type FlatLayGarment = 't-shirt' | 'trousers' | 'dress';

/** Item height as a share of the frame, so that each garment lies wholly inside it with room around. */
const FRAME_SHARE: Record<FlatLayGarment, number> = { 't-shirt': 0.56, trousers: 0.74, dress: 0.72 };

export interface FlatLayPhotoOptions {
  garment?: FlatLayGarment;
  /** The fabric; keep it far from the colour the background will be replaced with. */
  fabric?: RgbColour;
  /** A textured surface by default: bare wood is what a model must learn to drop. */
  surface?: Exclude<BackgroundKind, 'white'>;
  width?: number;
  height?: number;
  rotationDegrees?: number;
  /** The same seed and options give the same bytes; change it for another photo of the same item. */
  seed?: string;
}

export interface FlatLayPhoto {
  jpeg: Buffer;
  /** One channel, width × height: 255 on the item, 0 elsewhere. */
  mask: Buffer;
  width: number;
  height: number;
  /** The item's mean colour in the photo: the fabric as its shading, folds and JPEG leave it. */
  itemColour: RgbColour;
}

/** A garment laid on a surface with a soft shadow, as a seller photographs it, and its exact mask. */
export async function flatLayPhoto(options: FlatLayPhotoOptions = {}): Promise<FlatLayPhoto> {
  const {
    garment = 't-shirt',
    fabric = [196, 38, 46],
    surface = 'wood',
    width = 1200,
    height = 1500,
    rotationDegrees = -4,
    seed = 'flat-lay',
  } = options;
  const spec: FlatLayFixtureSpec = {
    name: `${seed}-${garment}-${fabric.join('-')}-${surface}-${width}x${height}-${rotationDegrees}`,
    kind: 'flat_lay',
    difficulty: 'clean',
    truth: {},
    garment,
    fabric: [fabric],
    background: surface,
    rotationDegrees,
    scale: FRAME_SHARE[garment],
    size: { width, height },
  };
  const [jpeg, mask] = await Promise.all([renderFlatLay(spec), renderFlatLayMask(spec)]);
  return { jpeg, mask, width, height, itemColour: meanColour(await toRawRgb(jpeg), mask) };
}

function meanColour(rgb: Buffer, mask: Buffer): RgbColour {
  let [red, green, blue, count] = [0, 0, 0, 0];
  for (let index = 0; index < mask.length; index++) {
    if (mask[index] !== 255) continue;
    red += rgb[index * 3] ?? 0;
    green += rgb[index * 3 + 1] ?? 0;
    blue += rgb[index * 3 + 2] ?? 0;
    count++;
  }
  const mean = (sum: number) => Math.round(sum / Math.max(1, count));
  return [mean(red), mean(green), mean(blue)];
}

export interface DecodedPhoto {
  pixels: Buffer;
  /** 3, or 4 when the image has an alpha channel. */
  channels: number;
  width: number;
  height: number;
}

/** A photo the page or the server gave back, as raw pixels for the measures below. */
export async function decodePhoto(bytes: Uint8Array): Promise<DecodedPhoto> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, channels: info.channels, width: info.width, height: info.height };
}

export interface MaskAgreement {
  /** Intersection over union of the pixels that are not background and the mask. */
  iou: number;
  /** Share of the pixels outside the mask that are background. */
  outsideBackgroundShare: number;
  /** Share of the pixels inside the mask that are not background. */
  insideItemShare: number;
  /** Pixels with an alpha below 255 (always 0 for three channels), counted over the whole image. */
  transparentPixels: number;
}

export interface MaskAgreementOptions {
  /** Pixels this close to the outline (in both directions) are left out: the edge is judged apart. */
  band: number;
  /** How far a channel may stray from the background colour, with JPEG's ringing, and still count as it. */
  tolerance?: number;
}

/**
 * How well a cleaned photo (raw pixels, 3 or 4 channels) agrees with the item mask: a pixel is background
 * when it is (nearly) transparent or within `tolerance` of the background colour on every channel.
 */
export function maskAgreement(
  pixels: Uint8Array,
  channels: number,
  width: number,
  height: number,
  mask: Uint8Array,
  background: RgbColour,
  options: MaskAgreementOptions,
): MaskAgreement {
  const { band, tolerance = 24 } = options;
  const nearOutline = outlineBand(mask, width, height, band);
  let itemAndMask = 0;
  let itemOrMask = 0;
  let outside = 0;
  let outsideBackground = 0;
  let inside = 0;
  let insideItem = 0;
  let transparentPixels = 0;
  for (let index = 0; index < width * height; index++) {
    const offset = index * channels;
    const alpha = channels === 4 ? (pixels[offset + 3] ?? 0) : 255;
    if (alpha < 255) transparentPixels++;
    if (nearOutline[index]) continue;
    const isBackground =
      alpha < 128 ||
      (Math.abs((pixels[offset] ?? 0) - background[0]) <= tolerance &&
        Math.abs((pixels[offset + 1] ?? 0) - background[1]) <= tolerance &&
        Math.abs((pixels[offset + 2] ?? 0) - background[2]) <= tolerance);
    const onItem = mask[index] === 255;
    if (onItem) {
      inside++;
      if (!isBackground) insideItem++;
    } else {
      outside++;
      if (isBackground) outsideBackground++;
    }
    if (onItem && !isBackground) itemAndMask++;
    if (onItem || !isBackground) itemOrMask++;
  }
  return {
    iou: itemOrMask === 0 ? 0 : itemAndMask / itemOrMask,
    outsideBackgroundShare: outside === 0 ? 0 : outsideBackground / outside,
    insideItemShare: inside === 0 ? 0 : insideItem / inside,
    transparentPixels,
  };
}

/**
 * Share of the pixels within `band` of the outline that are neither item nor background but a blend of the
 * two: the soft edge a cut-out leaves. Transparency is first laid over the background colour, so a
 * transparent cut-out and the same cut-out on a colour measure alike. A blend is a pixel whose place on the
 * line from the item colour to the background colour is between 25% and 75%; the fabric's own shading and
 * noise stay well under that for a saturated item.
 */
export function softEdgeShare(
  pixels: Uint8Array,
  channels: number,
  width: number,
  height: number,
  mask: Uint8Array,
  background: RgbColour,
  itemColour: RgbColour,
  band: number,
): number {
  const nearOutline = outlineBand(mask, width, height, band);
  const [itemRed, itemGreen, itemBlue] = itemColour;
  const [axisRed, axisGreen, axisBlue] = [
    background[0] - itemRed,
    background[1] - itemGreen,
    background[2] - itemBlue,
  ];
  const axisLengthSquared = axisRed * axisRed + axisGreen * axisGreen + axisBlue * axisBlue;
  // A transparent pixel shows the background colour, whatever its own channels hold.
  const seen = (value: number, alpha: number, backgroundValue: number) =>
    alpha * value + (1 - alpha) * backgroundValue;
  let inBand = 0;
  let soft = 0;
  for (let index = 0; index < width * height; index++) {
    if (!nearOutline[index]) continue;
    inBand++;
    const offset = index * channels;
    const alpha = channels === 4 ? (pixels[offset + 3] ?? 0) / 255 : 1;
    const along =
      (seen(pixels[offset] ?? 0, alpha, background[0]) - itemRed) * axisRed +
      (seen(pixels[offset + 1] ?? 0, alpha, background[1]) - itemGreen) * axisGreen +
      (seen(pixels[offset + 2] ?? 0, alpha, background[2]) - itemBlue) * axisBlue;
    const position = along / axisLengthSquared;
    if (position > 0.25 && position < 0.75) soft++;
  }
  return inBand === 0 ? 0 : soft / inBand;
}

/**
 * 1 for every pixel at most `band` pixels (a square around it) from the outline, on either side: the two
 * pixels astride each change of the mask are marked, then widened by band - 1 along rows and along columns.
 */
function outlineBand(mask: Uint8Array, width: number, height: number, band: number): Uint8Array {
  const astride = new Uint8Array(width * height);
  if (band <= 0) return astride;
  const onItem = (index: number) => mask[index] === 255;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      for (const neighbour of [x + 1 < width ? index + 1 : -1, y + 1 < height ? index + width : -1]) {
        if (neighbour >= 0 && onItem(neighbour) !== onItem(index)) {
          astride[index] = 1;
          astride[neighbour] = 1;
        }
      }
    }
  }
  const alongRows = widen(astride, { length: width, lines: height, step: 1, lineStep: width }, band - 1);
  return widen(alongRows, { length: height, lines: width, step: width, lineStep: 1 }, band - 1);
}

/** How one axis of the image is walked: `lines` lines `lineStep` apart, each `length` pixels `step` apart. */
interface Axis {
  length: number;
  lines: number;
  step: number;
  lineStep: number;
}

/** Marks every pixel within `radius` of a marked one along the axis, with a running count per line. */
function widen(source: Uint8Array, axis: Axis, radius: number): Uint8Array {
  const { length, lines, step, lineStep } = axis;
  const result = new Uint8Array(source.length);
  for (let line = 0; line < lines; line++) {
    const start = line * lineStep;
    const at = (position: number) => source[start + position * step] ?? 0;
    let count = 0;
    for (let position = 0; position < Math.min(radius, length); position++) count += at(position);
    for (let position = 0; position < length; position++) {
      if (position + radius < length) count += at(position + radius);
      if (position - radius - 1 >= 0) count -= at(position - radius - 1);
      if (count > 0) result[start + position * step] = 1;
    }
  }
  return result;
}
