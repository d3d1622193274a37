import { describe, expect, it } from 'vitest';
import { readItemShape } from './item-shape';
import type { ItemMask, MaskPart } from './segment-item';

const SIZE = 200;

/** Left, top, right, bottom, inclusive. */
type Rectangle = [number, number, number, number];

/** A mask drawn from rectangles, on a frame of SIZE × SIZE. */
function drawMask(rectangles: Rectangle[]): ItemMask {
  const outline = new Uint8Array(SIZE * SIZE);
  for (const [left, top, right, bottom] of rectangles)
    for (let y = top; y <= bottom; y++) outline.fill(1, y * SIZE + left, y * SIZE + right + 1);
  const parts = boundingParts(outline);
  return { outline, colour: outline, coverage: 0.3, segmented: true, parts, largestHoleShare: 0 };
}

/** One part around everything drawn (the tests draw connected shapes or pass parts themselves). */
function boundingParts(outline: Uint8Array): MaskPart[] {
  const part: MaskPart = { area: 0, left: SIZE, top: SIZE, right: 0, bottom: 0 };
  outline.forEach((on, index) => {
    if (!on) return;
    const x = index % SIZE;
    const y = Math.floor(index / SIZE);
    part.area++;
    part.left = Math.min(part.left, x);
    part.right = Math.max(part.right, x);
    part.top = Math.min(part.top, y);
    part.bottom = Math.max(part.bottom, y);
  });
  return [part];
}

/** A trapezoid widening from `topWidth` to `bottomWidth`, centred. */
function trapezoid(top: number, bottom: number, topWidth: number, bottomWidth: number) {
  const rows: Rectangle[] = [];
  for (let y = top; y <= bottom; y++) {
    const width = topWidth + ((bottomWidth - topWidth) * (y - top)) / (bottom - top);
    rows.push([Math.round(100 - width / 2), y, Math.round(100 + width / 2), y]);
  }
  return rows;
}

/** The shape read from a mask drawn from `rectangles`. */
function shapeOf(rectangles: Rectangle[]) {
  return readItemShape(drawMask(rectangles), SIZE, SIZE);
}

describe('readItemShape', () => {
  it.each<[garment: string, Rectangle[], { itemType: string; category: string; rule: string }]>([
    [
      'trousers from a waistband over two long legs',
      [
        [70, 20, 130, 70],
        [70, 70, 95, 180],
        [105, 70, 130, 180],
      ],
      { itemType: 'trousers', category: 'Bottoms', rule: 'shape.two_legs' },
    ],
    [
      'shorts from a wide waistband over legs that part near the hem',
      [
        [50, 60, 150, 120],
        [50, 120, 95, 140],
        [105, 120, 150, 140],
      ],
      { itemType: 'shorts', category: 'Bottoms', rule: 'shape.short_legs' },
    ],
    [
      't-shirt from short sleeves over a straight body',
      [
        [40, 40, 160, 80],
        [65, 80, 135, 160],
      ],
      { itemType: 't-shirt', category: 'Tops', rule: 'shape.t_shape' },
    ],
    [
      'skirt from a straight waistband widening to the hem',
      trapezoid(50, 150, 60, 110),
      { itemType: 'skirt', category: 'Bottoms', rule: 'shape.a_line' },
    ],
    [
      'dress from shoulders narrowing to a waist, then a wide hem',
      [...trapezoid(20, 70, 60, 40), ...trapezoid(71, 185, 40, 110)],
      { itemType: 'dress', category: 'Dresses', rule: 'shape.flared_tall' },
    ],
  ])('reads a %s', (_garment, rectangles, reading) => {
    expect(shapeOf(rectangles)).toMatchObject(reading);
  });

  it('reads shoes from two similar elongated parts', () => {
    const mask = drawMask([
      [60, 50, 90, 150],
      [110, 50, 140, 150],
    ]);
    mask.parts = [
      { area: 31 * 101, left: 60, top: 50, right: 90, bottom: 150 },
      { area: 31 * 101, left: 110, top: 50, right: 140, bottom: 150 },
    ];
    expect(readItemShape(mask, SIZE, SIZE)).toMatchObject({ itemType: 'shoes', category: 'Shoes' });
  });

  it('says nothing when the frame cuts the outline: the hidden end could be anything', () => {
    expect(
      shapeOf([
        [40, 0, 160, 80],
        [65, 80, 135, 160],
      ]),
    ).toBeNull();
    expect(shapeOf(trapezoid(50, SIZE - 1, 60, 110))).toBeNull();
  });

  it('says nothing about a plain block or an unsegmented photo', () => {
    expect(shapeOf([[50, 50, 150, 150]])).toBeNull();
    expect(readItemShape({ ...drawMask([[50, 50, 150, 150]]), segmented: false }, SIZE, SIZE)).toBeNull();
  });
});
