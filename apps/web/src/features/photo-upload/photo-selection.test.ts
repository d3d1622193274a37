import { MAX_PHOTOS } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import {
  isAcceptedPhoto,
  PHOTO_ACCEPT,
  photoContentType,
  photoExtension,
  selectPhotos,
  toPhotoDescriptors,
} from './photo-selection';

const file = (name: string, type = 'image/jpeg', bytes = 3) =>
  new File([new Uint8Array(bytes)], name, { type });
const photos = (count: number) => Array.from({ length: count }, (_, index) => file(`p${index + 1}.jpg`));

describe('photo type filter', () => {
  it('accepts jpg, jpeg, png and webp in any letter case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.WebP']) {
      expect(isAcceptedPhoto(file(name, '')), name).toBe(true);
    }
  });

  it('rejects other extensions, no extension, and a photo extension on another type', () => {
    expect(isAcceptedPhoto(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptedPhoto(file('IMG_0001.HEIC', 'image/heic'))).toBe(false);
    expect(isAcceptedPhoto(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isAcceptedPhoto(file('README', ''))).toBe(false);
    expect(isAcceptedPhoto(file('renamed.jpg', 'image/heic'))).toBe(false);
  });

  it('offers the picker the same list', () => {
    expect(PHOTO_ACCEPT).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
  });

  it('derives a lowercase extension and a content type when the browser gives none', () => {
    expect(photoExtension('Front.View.JPG')).toBe('jpg');
    expect(photoExtension('noext')).toBe('');
    expect(photoContentType(file('x.png', ''))).toBe('image/png');
    expect(photoContentType(file('x.jpeg', ''))).toBe('image/jpeg');
    expect(photoContentType(file('x.webp', 'image/webp'))).toBe('image/webp');
  });
});

describe('selectPhotos', () => {
  it('takes every photo while there is room', () => {
    const chosen = photos(3);
    expect(selectPhotos(0, chosen)).toEqual({ accepted: chosen, rejected: [], dropped: 0 });
  });

  it(`never goes past ${MAX_PHOTOS}: extra files beyond the remaining room are dropped, in order`, () => {
    const chosen = photos(5);
    const result = selectPhotos(MAX_PHOTOS - 2, chosen);
    expect(result.accepted.map((item) => item.name)).toEqual(['p1.jpg', 'p2.jpg']);
    expect(result.dropped).toBe(3);
  });

  it('drops everything at the limit', () => {
    expect(selectPhotos(MAX_PHOTOS, photos(1))).toEqual({ accepted: [], rejected: [], dropped: 1 });
  });

  it('filters the type first, so a rejected file does not take a place', () => {
    const gif = file('anim.gif', 'image/gif');
    const result = selectPhotos(MAX_PHOTOS - 1, [gif, file('ok.png', 'image/png')]);
    expect(result.accepted.map((item) => item.name)).toEqual(['ok.png']);
    expect(result.rejected).toEqual([gif]);
    expect(result.dropped).toBe(0);
  });
});

describe('toPhotoDescriptors', () => {
  it('describes each photo with id, type, lowercase extension, size and position', () => {
    const items = [
      { id: 'a', file: file('Front.JPG', 'image/jpeg', 10) },
      { id: 'b', file: file('label.png', '', 20) },
    ];
    expect(toPhotoDescriptors(items)).toEqual([
      { id: 'a', type: 'image/jpeg', extension: 'jpg', size: 10, position: 0 },
      { id: 'b', type: 'image/png', extension: 'png', size: 20, position: 1 },
    ]);
  });
});
