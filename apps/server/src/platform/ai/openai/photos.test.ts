import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EnginePhoto } from '../listing-engine';
import { choosePhotos, labelPhotoNumbers, MAX_PHOTOS_SENT, toSentPhoto } from './photos';

function photo(number: number): EnginePhoto {
  return { number, jpeg: Buffer.alloc(0), width: 100, height: 100 };
}

describe('choosePhotos', () => {
  const twelve = Array.from({ length: 12 }, (_, index) => photo(index + 1));

  it('sends every photo when there are few', () => {
    expect(choosePhotos(twelve.slice(0, 3), new Set()).map((chosen) => chosen.number)).toEqual([1, 2, 3]);
  });

  it('caps the photos sent, always keeping photo 1 and the label photos, in the seller order', () => {
    const chosen = choosePhotos(twelve, new Set([11, 12]));
    expect(chosen.map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5, 6, 11, 12]);
    expect(chosen).toHaveLength(MAX_PHOTOS_SENT);
  });
});

describe('labelPhotoNumbers', () => {
  it('collects the photos that label-text evidence cites, and no others', () => {
    const numbers = labelPhotoNumbers({
      brand: [{ source: 'label_text', photo: 3, text: 'ZARA', rule: 'brand.exact' }],
      size: [{ source: 'label_text', photo: 4, text: 'M', rule: 'size.letter' }],
      colours: [{ source: 'colour_analysis', photo: 1, rule: 'colour.kmeans_foreground' }],
    });
    expect([...numbers].sort()).toEqual([3, 4]);
  });
});

describe('toSentPhoto', () => {
  it('downscales to a long side of 1024 px and sends a JPEG data URL', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const sent = await toSentPhoto({ number: 5, jpeg, width: 3000, height: 2000 });
    expect(sent.number).toBe(5);
    expect(sent.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from(sent.dataUrl.split(',')[1] ?? '', 'base64');
    const metadata = await sharp(bytes).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'jpeg',
      width: 1024,
      height: 683,
    });
  });

  it('never enlarges a small photo', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const sent = await toSentPhoto({ number: 1, jpeg, width: 400, height: 300 });
    const metadata = await sharp(Buffer.from(sent.dataUrl.split(',')[1] ?? '', 'base64')).metadata();
    expect([metadata.width, metadata.height]).toEqual([400, 300]);
  });
});
