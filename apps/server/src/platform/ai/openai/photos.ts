// Which photos the vision model sees, and in what form: downscaled JPEG copies sent inline as data URLs.
// A seller may upload 24 photos; a few well-chosen ones say as much and cost a fraction of the tokens.
import type { Evidence } from '@snaplist/contract';
import sharp from 'sharp';
import type { EnginePhoto } from '../listing-engine';

/** Photos sent per listing: the first photo, the label shots, then the rest in the seller's order. */
export const MAX_PHOTOS_SENT = 8;
/** Vision models tile images at about this size; more pixels cost tokens without adding detail. */
const SENT_LONG_SIDE = 1024;
const SENT_JPEG_QUALITY = 80;

export interface SentPhoto {
  number: number;
  dataUrl: string;
}

/** Photos the local engine read label text from: they carry the brand, size and composition. */
export function labelPhotoNumbers(evidence: Evidence): Set<number> {
  return new Set(
    Object.values(evidence).flatMap((entries) =>
      entries.flatMap((entry) => (entry.source === 'label_text' && entry.photo ? [entry.photo] : [])),
    ),
  );
}

/**
 * At most `limit` photos, in the seller's order: photo 1 (the one the seller chose to lead with) and the
 * label photos always, then the others until the limit.
 */
export function choosePhotos(
  photos: readonly EnginePhoto[],
  labelPhotos: ReadonlySet<number>,
  limit = MAX_PHOTOS_SENT,
): EnginePhoto[] {
  const byPriority = [...photos].sort((a, b) => priority(a) - priority(b) || a.number - b.number);
  return byPriority.slice(0, limit).sort((a, b) => a.number - b.number);

  function priority(photo: EnginePhoto): number {
    if (photo.number === 1) return 0;
    return labelPhotos.has(photo.number) ? 1 : 2;
  }
}

/** A downscaled JPEG copy of the photo as a data URL; the photo is already upright and metadata-free. */
export async function toSentPhoto(photo: EnginePhoto): Promise<SentPhoto> {
  const jpeg = await sharp(photo.jpeg)
    .resize({ width: SENT_LONG_SIDE, height: SENT_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: SENT_JPEG_QUALITY })
    .toBuffer();
  return { number: photo.number, dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
}
