// Every photo is normalised once, on arrival: decoded (so it must really be an image), EXIF orientation
// applied, every metadata block dropped (sellers photograph at home: no GPS, no camera serial), the long
// side capped, and a small WebP thumbnail made for lists and galleries.
import crypto from 'node:crypto';
import { MAX_PHOTO_PIXELS } from '@snaplist/contract';
import sharp from 'sharp';
import { AppError } from '../../errors';

export const PHOTO_LONG_SIDE = 2048;
export const THUMBNAIL_LONG_SIDE = 480;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface NormalisedPhoto {
  jpeg: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  sha256: string;
}

export type PhotoProblem = 'unreadable' | 'too_many_pixels';

export class PhotoRejected extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(
      problem === 'too_many_pixels'
        ? 'image exceeds the pixel limit'
        : 'not a readable JPEG, PNG or WebP image',
    );
    this.name = 'PhotoRejected';
  }
}

export async function normalisePhoto(input: Buffer): Promise<NormalisedPhoto> {
  const open = () => sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    ({ format } = await open().metadata());
  } catch (error) {
    throw rejection(error);
  }
  // Judged by the decoded content, never by the file name or the declared type.
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoRejected('unreadable');

  try {
    const oriented = open()
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: PHOTO_LONG_SIDE, height: PHOTO_LONG_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data: jpeg, info } = await oriented
      .clone()
      .jpeg({ quality: 86, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(jpeg)
      .resize({ width: THUMBNAIL_LONG_SIDE, height: THUMBNAIL_LONG_SIDE, fit: 'inside' })
      .webp({ quality: 78 })
      .toBuffer();
    return {
      jpeg,
      thumbnail,
      width: info.width,
      height: info.height,
      sha256: crypto.createHash('sha256').update(jpeg).digest('hex'),
    };
  } catch (error) {
    throw rejection(error);
  }
}

/**
 * normalisePhoto for an upload: a rejected photo becomes the 422 a seller reads, naming it by `subject`
 * ("Photo 2", "This photo").
 */
export async function normaliseUpload(original: Buffer, subject: string): Promise<NormalisedPhoto> {
  try {
    return await normalisePhoto(original);
  } catch (error) {
    if (!(error instanceof PhotoRejected)) throw error;
    throw error.problem === 'too_many_pixels'
      ? new AppError(
          'photo_too_large',
          422,
          `${subject} has too many pixels. Use a photo of at most 60 megapixels.`,
        )
      : new AppError('photo_unreadable', 422, `${subject} is not a JPG, PNG or WebP image we can read.`);
  }
}

function rejection(error: unknown): PhotoRejected {
  const message = error instanceof Error ? error.message : '';
  return new PhotoRejected(/pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable');
}
