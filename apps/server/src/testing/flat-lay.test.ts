import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbColour } from './fixtures/types';
import { decodePhoto, type FlatLayPhoto, flatLayPhoto, maskAgreement, softEdgeShare } from './flat-lay';

const WHITE: RgbColour = [255, 255, 255];

async function rgbOf(photo: FlatLayPhoto): Promise<Buffer> {
  return sharp(photo.jpeg).raw().toBuffer();
}

/** A perfect cut-out: the photo where the mask says item (moved by `shift` pixels to the right), white elsewhere. */
async function cleaned(photo: FlatLayPhoto, shift = 0): Promise<Buffer> {
  const pixels = await rgbOf(photo);
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      const index = y * photo.width + x;
      if (photo.mask[index - shift] !== 255 || x < shift) pixels.fill(255, index * 3, index * 3 + 3);
    }
  }
  return pixels;
}

function within(actual: ArrayLike<number>, expected: RgbColour, tolerance: number): boolean {
  return expected.every((value, channel) => Math.abs((actual[channel] ?? -1000) - value) <= tolerance);
}

describe('flatLayPhoto', () => {
  it.each(['t-shirt', 'trousers', 'dress'] as const)(
    'draws a %s wholly inside the frame, with a mask of its outline',
    async (garment) => {
      const photo = await flatLayPhoto({ garment });
      const metadata = await sharp(photo.jpeg).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: 'jpeg',
        width: 1200,
        height: 1500,
      });
      expect(photo.mask).toHaveLength(photo.width * photo.height);
      expect(photo.mask.every((value) => value === 0 || value === 255)).toBe(true);
      const itemShare = photo.mask.filter((value) => value === 255).length / photo.mask.length;
      expect(itemShare).toBeGreaterThan(0.15);
      expect(itemShare).toBeLessThan(0.6);
      const margin = 40;
      for (let y = 0; y < photo.height; y++) {
        for (let x = 0; x < photo.width; x++) {
          const atEdge = x < margin || y < margin || x >= photo.width - margin || y >= photo.height - margin;
          if (atEdge && photo.mask[y * photo.width + x] === 255) throw new Error(`item at ${x},${y}`);
        }
      }
      // The journeys read the item's colour at the centre and the surface at the corners.
      const pixels = await rgbOf(photo);
      const at = (x: number, y: number) =>
        pixels.subarray((y * photo.width + x) * 3, (y * photo.width + x) * 3 + 3);
      expect(photo.mask[(photo.height / 2) * photo.width + photo.width / 2]).toBe(255);
      expect(within(at(photo.width / 2, photo.height / 2), photo.itemColour, 30)).toBe(true);
      for (const [x, y] of [
        [0, 0],
        [photo.width - 1, 0],
        [0, photo.height - 1],
        [photo.width - 1, photo.height - 1],
      ] as const) {
        expect(within(at(x, y), WHITE, 20)).toBe(false);
      }
    },
  );

  it('gives the same photo for the same options and another for another seed', async () => {
    const [first, again, other] = await Promise.all([
      flatLayPhoto({ fabric: [30, 60, 150] }),
      flatLayPhoto({ fabric: [30, 60, 150] }),
      flatLayPhoto({ fabric: [30, 60, 150], seed: 'another' }),
    ]);
    expect(Buffer.compare(first.jpeg, again.jpeg)).toBe(0);
    expect(Buffer.compare(first.mask, again.mask)).toBe(0);
    expect(Buffer.compare(first.jpeg, other.jpeg)).not.toBe(0);
    expect(within(first.itemColour, [30, 60, 150], 25)).toBe(true);
  });
});

describe('maskAgreement', () => {
  it('scores a perfect cut-out 1, the untouched photo near 0, and a cut-out 16 px off below the journeys’ bar', async () => {
    const photo = await flatLayPhoto();
    const measure = (pixels: Uint8Array, band = 4) =>
      maskAgreement(pixels, 3, photo.width, photo.height, photo.mask, WHITE, { band });

    expect(measure(await cleaned(photo))).toEqual({
      iou: 1,
      outsideBackgroundShare: 1,
      insideItemShare: 1,
      transparentPixels: 0,
    });
    const untouched = measure(await rgbOf(photo));
    expect(untouched.outsideBackgroundShare).toBe(0);
    expect(untouched.iou).toBeLessThan(0.5);
    const offset = measure(await cleaned(photo, 16));
    expect(offset.iou).toBeGreaterThan(0.8);
    expect(offset.iou).toBeLessThan(0.97);
    expect(offset.insideItemShare).toBeLessThan(0.99);
  });

  it('leaves the band around the outline out of the count', async () => {
    const photo = await flatLayPhoto({ garment: 'dress', fabric: [40, 130, 70] });
    const offByTwo = await cleaned(photo, 2);
    const measure = (band: number) =>
      maskAgreement(offByTwo, 3, photo.width, photo.height, photo.mask, WHITE, { band }).iou;
    expect(measure(0)).toBeLessThan(0.995);
    expect(measure(2)).toBe(1);
  });

  it('counts transparent pixels of a decoded cut-out as background and reports them', async () => {
    const photo = await flatLayPhoto();
    const rgb = await rgbOf(photo);
    const rgba = Buffer.alloc(photo.width * photo.height * 4);
    let outside = 0;
    for (let index = 0; index < photo.mask.length; index++) {
      rgb.copy(rgba, index * 4, index * 3, index * 3 + 3);
      rgba[index * 4 + 3] = photo.mask[index] === 255 ? 255 : 0;
      if (photo.mask[index] !== 255) outside++;
    }
    const cutout = await decodePhoto(
      await sharp(rgba, { raw: { width: photo.width, height: photo.height, channels: 4 } })
        .png()
        .toBuffer(),
    );
    expect(cutout.channels).toBe(4);
    expect(
      maskAgreement(cutout.pixels, cutout.channels, cutout.width, cutout.height, photo.mask, WHITE, {
        band: 4,
      }),
    ).toEqual({
      iou: 1,
      outsideBackgroundShare: 1,
      insideItemShare: 1,
      transparentPixels: outside,
    });
  });
});

describe('softEdgeShare', () => {
  it('is small for a crisp cut-out and grows when the edge is blurred', async () => {
    const photo = await flatLayPhoto();
    const crisp = await cleaned(photo);
    const blurred = await sharp(crisp, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .blur(4)
      .raw()
      .toBuffer();
    const share = (pixels: Uint8Array) =>
      softEdgeShare(pixels, 3, photo.width, photo.height, photo.mask, WHITE, photo.itemColour, 6);
    expect(share(crisp)).toBeLessThan(0.05);
    expect(share(blurred)).toBeGreaterThan(share(crisp) + 0.1);
  });
});
