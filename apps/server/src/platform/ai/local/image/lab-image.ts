// Loads a photo as a small Lab image: analysis works on about 50 000 pixels, whatever the photo's size.
import sharp from 'sharp';
import { rgbToLabArrays } from './colour-space';

/** Long side of the working copy: enough for an outline and a leg gap, small enough for a few ms per pass. */
export const ANALYSIS_SIZE = 224;

export interface LabImage {
  width: number;
  height: number;
  rgb: Uint8Array;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

export async function loadLabImage(jpeg: Buffer): Promise<LabImage> {
  // JPEG shrink-on-load makes this cheap even for 12-megapixel input; the area average also quiets noise.
  const { data, info } = await sharp(jpeg)
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixelCount = info.width * info.height;
  return { width: info.width, height: info.height, rgb: data, ...rgbToLabArrays(data, pixelCount) };
}
