import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeGrey, meanBrightness, prepareRegion, toPgm, wholeImage } from './grey-image';

describe('grey images for OCR', () => {
  it('decodes a photo to one byte per pixel, no larger than asked', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const image = await decodeGrey(jpeg, 100);
    expect({ width: image.width, height: image.height }).toEqual({ width: 100, height: 50 });
    expect(image.pixels.length).toBe(100 * 50);
  });

  it('crops, scales and inverts a region, keeping one channel', async () => {
    const pixels = Buffer.alloc(200 * 100, 30);
    // A light square in the dark image's right half.
    for (let y = 20; y < 80; y++) pixels.fill(220, y * 200 + 120, y * 200 + 180);
    const image = { width: 200, height: 100, pixels };
    const region = { left: 100, top: 0, width: 100, height: 100 };
    const prepared = await prepareRegion(image, region, { scale: 0.5, invert: true });
    expect({ width: prepared.width, height: prepared.height }).toEqual({ width: 50, height: 50 });
    expect(prepared.pixels.length).toBe(50 * 50);
    // Inverted: the light square is now the darkest part, the dark surround the lightest.
    expect(prepared.pixels[25 * 50 + 25]).toBeLessThan(60);
    expect(prepared.pixels[2 * 50 + 2]).toBeGreaterThan(200);
    expect(meanBrightness(image, wholeImage(image), 1)).toBeCloseTo(
      (30 * 200 * 100 + 190 * 60 * 60) / 20_000,
      0,
    );
  });

  it('writes a binary PGM: the header, then the pixels as they are', () => {
    const image = { width: 3, height: 2, pixels: Buffer.from([0, 50, 100, 150, 200, 250]) };
    const pgm = toPgm(image);
    expect(pgm.subarray(0, 11).toString()).toBe('P5\n3 2\n255\n');
    expect([...pgm.subarray(11)]).toEqual([...image.pixels]);
  });
});
