import { describe, expect, it } from 'vitest';
import {
  convexHull,
  cutLine,
  findTextBoxes,
  isSameLine,
  mergeDetections,
  minimumAreaRectangle,
  negated,
  type ProbabilityMap,
  type RgbImage,
  rotateHalfTurn,
} from './text-boxes';

/** A probability map with filled rectangles turned by `degrees` about their centres. */
function mapWith(
  width: number,
  height: number,
  shapes: { cx: number; cy: number; length: number; thickness: number; degrees: number; value: number }[],
): ProbabilityMap {
  const values = new Float32Array(width * height);
  for (const shape of shapes) {
    const angle = (shape.degrees * Math.PI) / 180;
    const u = { x: Math.cos(angle), y: Math.sin(angle) };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const dx = x + 0.5 - shape.cx;
        const dy = y + 0.5 - shape.cy;
        const along = dx * u.x + dy * u.y;
        const across = -dx * u.y + dy * u.x;
        if (Math.abs(along) <= shape.length / 2 && Math.abs(across) <= shape.thickness / 2)
          values[y * width + x] = shape.value;
      }
  }
  return { width, height, values };
}

describe('convexHull and minimumAreaRectangle', () => {
  it('finds the rectangle of a turned rectangle, with its long side as the direction', () => {
    const angle = (20 * Math.PI) / 180;
    const corners = [
      [-50, -10],
      [50, -10],
      [50, 10],
      [-50, 10],
    ].map(([x = 0, y = 0]) => ({
      x: 100 + x * Math.cos(angle) - y * Math.sin(angle),
      y: 80 + x * Math.sin(angle) + y * Math.cos(angle),
    }));
    const inside = [{ x: 100, y: 80 }, ...corners];
    const rectangle = minimumAreaRectangle(convexHull(inside));
    expect(rectangle.length).toBeCloseTo(100, 5);
    expect(rectangle.thickness).toBeCloseTo(20, 5);
    expect(rectangle.centre.x).toBeCloseTo(100, 5);
    expect(rectangle.centre.y).toBeCloseTo(80, 5);
    expect((Math.atan2(rectangle.direction.y, rectangle.direction.x) * 180) / Math.PI).toBeCloseTo(20, 5);
  });
});

describe('findTextBoxes', () => {
  it('finds each line at its angle, grown back from the shrunk kernel, largest first', () => {
    const map = mapWith(200, 160, [
      { cx: 100, cy: 40, length: 120, thickness: 10, degrees: 0, value: 0.9 },
      { cx: 90, cy: 110, length: 80, thickness: 8, degrees: -30, value: 0.8 },
    ]);
    const boxes = findTextBoxes(map);
    expect(boxes).toHaveLength(2);
    const [first, second] = boxes;
    expect(first?.centre.y).toBeCloseTo(40, 0);
    expect(first?.thickness).toBeGreaterThan(10);
    expect(first?.length).toBeGreaterThan(120);
    const secondAngle = second ? (Math.atan2(second.direction.y, second.direction.x) * 180) / Math.PI : 0;
    expect(Math.abs(secondAngle + 30)).toBeLessThan(3);
  });

  it('drops specks and faint blobs', () => {
    const map = mapWith(100, 100, [
      { cx: 20, cy: 20, length: 40, thickness: 2, degrees: 0, value: 0.9 },
      { cx: 60, cy: 70, length: 40, thickness: 12, degrees: 0, value: 0.45 },
    ]);
    expect(findTextBoxes(map)).toEqual([]);
  });
});

describe('cutLine', () => {
  /** An image whose red channel is x and green channel y, so a cut shows where it sampled from. */
  function gradient(width: number, height: number): RgbImage {
    const pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        pixels[(y * width + x) * 3] = x;
        pixels[(y * width + x) * 3 + 1] = y;
      }
    return { width, height, pixels };
  }

  it('cuts a tilted line upright: along the line the image runs in the line direction', () => {
    const image = gradient(200, 200);
    const angle = (30 * Math.PI) / 180;
    const box = {
      centre: { x: 100, y: 100 },
      direction: { x: Math.cos(angle), y: Math.sin(angle) },
      length: 96,
      thickness: 24,
      score: 1,
    };
    const line = cutLine(image, box, 48, 1000);
    expect(line.height).toBe(48);
    expect(line.width).toBe(192);
    const at = (column: number, row: number) => {
      const offset = (row * line.width + column) * 3;
      return { x: line.pixels[offset] ?? 0, y: line.pixels[offset + 1] ?? 0 };
    };
    const start = at(0, 24);
    const end = at(191, 24);
    // From the left end of the line to its right end, down and to the right at 30 degrees.
    expect(end.x - start.x).toBeCloseTo(96 * Math.cos(angle), -1);
    expect(end.y - start.y).toBeCloseTo(96 * Math.sin(angle), -1);
  });

  it('cuts a lone letter in the photo’s own upright frame, whatever side its box calls long', () => {
    const image = gradient(100, 100);
    const box = { centre: { x: 50, y: 50 }, direction: { x: 0, y: 1 }, length: 24, thickness: 20, score: 1 };
    const letter = cutLine(image, box, 48, 1000);
    expect(letter.width).toBe(40);
    const first = letter.pixels[0] ?? 0;
    const last = letter.pixels[(letter.width - 1) * 3] ?? 0;
    expect(last).toBeGreaterThan(first);
  });
});

describe('rotateHalfTurn', () => {
  it('turns an image upside down', () => {
    const image: RgbImage = { width: 2, height: 1, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) };
    expect([...rotateHalfTurn(image).pixels]).toEqual([4, 5, 6, 1, 2, 3]);
  });
});

describe('mergeDetections', () => {
  const box = (cx: number, cy: number, length: number, thickness: number, score: number) => ({
    centre: { x: cx, y: cy },
    direction: { x: 1, y: 0 },
    length,
    thickness,
    score,
  });

  it('keeps each line once, the surer box with the other as its rival', () => {
    const line = { box: box(100, 50, 200, 20, 0.7), image: 'photo' };
    const again = { box: box(104, 52, 190, 22, 0.9), image: 'negative' };
    const below = { box: box(100, 80, 200, 20, 0.8), image: 'photo' };
    const merged = mergeDetections([line, below, again]);
    expect(merged.map(({ kept }) => kept)).toEqual([again, below]);
    expect(merged[0]?.rival).toBe(line);
    expect(merged[1]?.rival).toBeUndefined();
  });

  it('takes a piece of a line (half its letters) for the same line, and a neighbouring line for another', () => {
    expect(isSameLine(box(100, 50, 200, 40, 0.9), box(150, 40, 40, 15, 0.9))).toBe(true);
    expect(isSameLine(box(100, 50, 200, 20, 0.9), box(100, 72, 200, 20, 0.9))).toBe(false);
    expect(isSameLine(box(100, 50, 200, 20, 0.9), box(400, 50, 200, 20, 0.9))).toBe(false);
  });
});

describe('negated', () => {
  it('turns light print on a dark ground into dark print on a light one', () => {
    const image: RgbImage = { width: 1, height: 2, pixels: Uint8Array.from([0, 10, 20, 255, 250, 245]) };
    expect([...negated(image).pixels]).toEqual([255, 245, 235, 0, 5, 10]);
  });
});
