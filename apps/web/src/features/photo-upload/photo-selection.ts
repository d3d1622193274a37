// Which chosen files become photos: only JPG, JPEG, PNG and WebP, and never more
// than MAX_PHOTOS in all; files beyond the remaining room are dropped, in the order they were chosen.
import type { PhotoDescriptor } from '@snaplist/contract';
import { MAX_PHOTOS, PHOTO_EXTENSIONS, PHOTO_TYPES } from '@snaplist/contract/constants';

export type PhotoType = (typeof PHOTO_TYPES)[number];
export type PhotoExtension = (typeof PHOTO_EXTENSIONS)[number];

/** A chosen photo; its preview URL belongs to whatever shows it (see use-object-url.ts). */
export interface PhotoItem {
  id: string;
  file: File;
}

/** A photo as it is uploaded: the chosen file, or its copy with the background replaced (decision 046). */
export interface UploadPhoto extends PhotoItem {
  backgroundRemoved?: boolean;
}

/** The file picker's accept list: extensions for desktop pickers, types for mobile ones. */
export const PHOTO_ACCEPT = [...PHOTO_EXTENSIONS.map((extension) => `.${extension}`), ...PHOTO_TYPES].join(
  ',',
);

const TYPE_BY_EXTENSION: Record<PhotoExtension, PhotoType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function isPhotoExtension(value: string): value is PhotoExtension {
  return (PHOTO_EXTENSIONS as readonly string[]).includes(value);
}

function isPhotoType(value: string): value is PhotoType {
  return (PHOTO_TYPES as readonly string[]).includes(value);
}

/** The lowercase extension without the dot ('IMG_1.JPG' -> 'jpg'), or '' when the name has none. */
export function photoExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * A file is a photo when its extension is jpg/jpeg/png/webp and the browser did not call it something
 * else (a renamed HEIC keeps type image/heic). The server checks the bytes again.
 */
export function isAcceptedPhoto(file: File): boolean {
  return isPhotoExtension(photoExtension(file.name)) && (file.type === '' || isPhotoType(file.type));
}

/** The Content-Type to send: the browser's, or the one the extension implies when the browser gave none. */
export function photoContentType(file: File): PhotoType {
  if (isPhotoType(file.type)) return file.type;
  const extension = photoExtension(file.name);
  return isPhotoExtension(extension) ? TYPE_BY_EXTENSION[extension] : 'image/jpeg';
}

export interface PhotoSelection {
  /** Files to add, in order. */
  accepted: File[];
  /** Files that are not JPG/PNG/WebP. */
  rejected: File[];
  /** How many acceptable files did not fit under the maximum. */
  dropped: number;
}

export function selectPhotos(
  currentCount: number,
  files: readonly File[],
  max: number = MAX_PHOTOS,
): PhotoSelection {
  const photos = files.filter(isAcceptedPhoto);
  const rejected = files.filter((file) => !isAcceptedPhoto(file));
  const room = Math.max(0, max - currentCount);
  return { accepted: photos.slice(0, room), rejected, dropped: Math.max(0, photos.length - room) };
}

/** What the server is told about each photo before it is uploaded. */
export function toPhotoDescriptors(items: readonly PhotoItem[]): PhotoDescriptor[] {
  return items.map(({ id, file }, position) => ({
    id,
    type: photoContentType(file),
    extension: photoExtension(file.name),
    size: file.size,
    position,
  }));
}

let fallbackCounter = 0;

/** A unique id for a chosen photo; randomUUID needs a secure context, so plain-http LAN testing falls back. */
export function newPhotoId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  fallbackCounter += 1;
  return `photo-${Date.now().toString(36)}-${fallbackCounter}`;
}
