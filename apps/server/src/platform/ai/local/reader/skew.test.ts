import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image';
import { estimateSkew } from './skew';

/** Light paper with dark bars standing in for lines of text, tilted by `degrees` (positive: falling right). */
function linesOfText(degrees: number, ink: number, paper: number): GreyImage {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height, paper);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let line = 0; line < 6; line++) {
    const baseline = 60 + line * 35;
    for (let x = 60; x < 340; x++) {
      // Words: ink with gaps, 12 px tall.
      if (x % 40 > 32) continue;
      for (let dy = 0; dy < 12; dy++) {
        const y = Math.round(baseline + dy + (x - width / 2) * slope);
        if (y >= 0 && y < height) pixels[y * width + x] = ink;
      }
    }
  }
  return { width, height, pixels };
}

describe('estimateSkew', () => {
  it('measures the tilt of lines of text', () => {
    expect(Math.abs(estimateSkew(linesOfText(7, 20, 230), false) - 7)).toBeLessThanOrEqual(1);
    expect(Math.abs(estimateSkew(linesOfText(-5, 20, 230), false) + 5)).toBeLessThanOrEqual(1);
  });

  it('measures light print on a dark label', () => {
    expect(Math.abs(estimateSkew(linesOfText(-8, 240, 30), true) + 8)).toBeLessThanOrEqual(1);
  });

  it('calls level text level, and a blank image level', () => {
    expect(estimateSkew(linesOfText(0, 20, 230), false)).toBe(0);
    expect(estimateSkew({ width: 100, height: 100, pixels: Buffer.alloc(10_000, 200) }, false)).toBe(0);
  });
});
