import { describe, expect, it } from 'vitest';
import { endsInRaisedMark } from './raised-mark';
import type { RgbImage } from './text-boxes';

/** A light line crop with dark glyphs: each glyph a filled rectangle from column `left`, `width` wide. */
function lineWith(glyphs: { left: number; width: number; top: number; bottom: number }[]): RgbImage {
  const width = 120;
  const height = 48;
  const pixels = new Uint8Array(width * height * 3).fill(230);
  for (const glyph of glyphs)
    for (let y = glyph.top; y <= glyph.bottom; y++)
      for (let x = glyph.left; x < glyph.left + glyph.width; x++)
        pixels.fill(30, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, pixels };
}

const letters = [0, 1, 2, 3].map((index) => ({ left: 5 + index * 22, width: 16, top: 10, bottom: 38 }));

describe('endsInRaisedMark', () => {
  it('finds a small glyph raised above the letters, as ® is printed', () => {
    expect(endsInRaisedMark(lineWith([...letters, { left: 96, width: 9, top: 8, bottom: 17 }]))).toBe(true);
  });

  it('takes a last letter of full height, or a small one on the baseline, for a letter', () => {
    expect(endsInRaisedMark(lineWith([...letters, { left: 96, width: 16, top: 10, bottom: 38 }]))).toBe(
      false,
    );
    expect(endsInRaisedMark(lineWith([...letters, { left: 96, width: 9, top: 28, bottom: 38 }]))).toBe(false);
  });

  it('reads light print on a dark ground the same way', () => {
    const light = lineWith([...letters, { left: 96, width: 9, top: 8, bottom: 17 }]);
    const dark = { ...light, pixels: light.pixels.map((value) => 255 - value) };
    expect(endsInRaisedMark(dark)).toBe(true);
  });
});
