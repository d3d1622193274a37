// Reads the kind of item from its outline: two long legs, two short legs, a T with short sleeves, sleeves
// hanging beside a body, a flared dress, a skirt widening from a straight waistband, a pair of shoes, a bag
// with a handle. Each rule asks for a clear, whole shape (an outline cut by the frame's edge proves nothing
// about that end), and when two rules naming different items both fire the answer is "don't know": a wrong
// item costs the seller more than none. No hat rule: a dome is also drawn by folded tops and skirts, and on
// real photos it was more often wrong than right (decision 049).
import type { Category } from '@snaplist/contract';
import { median } from '../median';
import type { ItemMask, MaskPart } from './segment-item';

export interface ShapeReading {
  category: Category;
  itemType: string;
  rule: string;
  confidence: number;
}

/** Readings below this confidence are not reported. */
export const SHAPE_CONFIDENCE_THRESHOLD = 0.6;

interface Row {
  runs: Array<{ start: number; end: number }>;
  /** From the first item pixel to the last in this row. */
  span: number;
  /** Runs wider than a sliver: a gap or a run narrower than MIN_FEATURE of the item's width is edge noise. */
  significant: number;
}

/** The item's outline as rows of its bounding box, and where that box meets the frame. */
interface Silhouette {
  rows: Row[];
  width: number;
  height: number;
  /** Height over width of the bounding box. */
  aspect: number;
  /** Share of the bounding box the item fills. */
  fill: number;
  /** The box touches the frame's edge there: that end of the item may be cut off. */
  cut: { top: boolean; bottom: boolean; left: boolean; right: boolean };
}

/** Ignores slivers: a gap or a run narrower than this share of the item's width is edge noise. */
const MIN_FEATURE = 0.04;
/** A box within this many pixels of the frame's edge counts as touching it. */
const EDGE_MARGIN = 2;

export function readItemShape(mask: ItemMask, imageWidth: number, imageHeight: number): ShapeReading | null {
  if (!mask.segmented) return null;
  const readings = [
    pairOfShoes(mask.parts, imageWidth, imageHeight),
    ...singleItem(mask, imageWidth, imageHeight),
  ]
    .filter((reading): reading is ShapeReading => reading !== null)
    .filter((reading) => reading.confidence >= SHAPE_CONFIDENCE_THRESHOLD)
    .sort((first, second) => second.confidence - first.confidence);
  const [best] = readings;
  // Two different items read from one outline: the outline is not clear enough to say either.
  if (!best || readings.some((reading) => reading.itemType !== best.itemType)) return null;
  return best;
}

function pairOfShoes(parts: MaskPart[], imageWidth: number, imageHeight: number): ShapeReading | null {
  const [first, second, third] = parts;
  if (!first || !second || third) return null;
  if (isCut(first, imageWidth, imageHeight) || isCut(second, imageWidth, imageHeight)) return null;
  const sizeOf = (part: MaskPart) => ({ w: part.right - part.left + 1, h: part.bottom - part.top + 1 });
  const a = sizeOf(first);
  const b = sizeOf(second);
  const elongated = (size: { w: number; h: number }) =>
    Math.max(size.w, size.h) / Math.min(size.w, size.h) >= 1.6;
  const similar =
    second.area / first.area >= 0.6 && Math.abs(a.w - b.w) <= 0.3 * a.w && Math.abs(a.h - b.h) <= 0.3 * a.h;
  if (!similar || !elongated(a) || !elongated(b)) return null;
  return {
    category: 'Shoes',
    itemType: 'shoes',
    rule: 'shape.pair',
    confidence: 0.6 + 0.3 * (second.area / first.area),
  };
}

function singleItem(mask: ItemMask, imageWidth: number, imageHeight: number): Array<ShapeReading | null> {
  const [part] = mask.parts;
  if (!part || mask.parts.length > 1) return [];
  const outline = silhouette(mask.outline, imageWidth, imageHeight, part);
  // A handle encloses a patch of the surface: it shows only in the mask whose large holes stay open.
  const withHoles = silhouette(mask.colour, imageWidth, imageHeight, part);
  return [
    bagWithHandle(withHoles, mask.largestHoleShare),
    twoLongLegs(outline),
    twoShortLegs(outline),
    longSleeves(outline),
    tShape(outline),
    flaredDress(outline),
    skirt(outline),
  ];
}

function isCut(part: MaskPart, imageWidth: number, imageHeight: number): boolean {
  return (
    part.left <= EDGE_MARGIN ||
    part.top <= EDGE_MARGIN ||
    part.right >= imageWidth - 1 - EDGE_MARGIN ||
    part.bottom >= imageHeight - 1 - EDGE_MARGIN
  );
}

function silhouette(mask: Uint8Array, imageWidth: number, imageHeight: number, part: MaskPart): Silhouette {
  const width = part.right - part.left + 1;
  const height = part.bottom - part.top + 1;
  const rows: Row[] = [];
  let area = 0;
  for (let y = part.top; y <= part.bottom; y++) {
    const runs: Row['runs'] = [];
    let start = -1;
    for (let x = part.left; x <= part.right + 1; x++) {
      const on = x <= part.right && mask[y * imageWidth + x] === 1;
      if (on) area++;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        runs.push({ start, end: x - 1 });
        start = -1;
      }
    }
    const first = runs[0];
    const last = runs[runs.length - 1];
    const significant = runs.filter((run) => run.end - run.start + 1 >= MIN_FEATURE * width).length;
    rows.push({ runs, span: first && last ? last.end - first.start + 1 : 0, significant });
  }
  return {
    rows,
    width,
    height,
    aspect: height / width,
    fill: area / (width * height),
    cut: {
      top: part.top <= EDGE_MARGIN,
      bottom: part.bottom >= imageHeight - 1 - EDGE_MARGIN,
      left: part.left <= EDGE_MARGIN,
      right: part.right >= imageWidth - 1 - EDGE_MARGIN,
    },
  };
}

/** Rows between two fractions of the item's height, 0 at the top. */
function band(shape: Silhouette, from: number, to: number): Row[] {
  return shape.rows.slice(Math.floor(from * shape.rows.length), Math.ceil(to * shape.rows.length));
}

function share<T>(items: T[], test: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(test).length / items.length;
}

function spans(shape: Silhouette, from: number, to: number): number[] {
  return band(shape, from, to).map((row) => row.span);
}

/** Width of the item at a height (a fraction, 0 at the top), as the median over a thin band around it. */
function widthAt(shape: Silhouette, at: number): number {
  return median(spans(shape, Math.max(0, at - 0.03), Math.min(1, at + 0.03)));
}

function wholeItem(shape: Silhouette): boolean {
  return !shape.cut.top && !shape.cut.bottom && !shape.cut.left && !shape.cut.right;
}

/** Trousers and jeans: tall, one waistband, and the lower part is two legs with background between them. */
function twoLongLegs(shape: Silhouette): ShapeReading | null {
  if (shape.aspect < 1.3 || shape.cut.left || shape.cut.right) return null;
  const legs = share(band(shape, 0.6, 0.95), (row) => row.significant === 2);
  const waist = share(band(shape, 0.02, 0.2), (row) => row.significant === 1);
  if (legs < 0.7 || waist < 0.8) return null;
  return {
    category: 'Bottoms',
    itemType: 'trousers',
    rule: 'shape.two_legs',
    confidence: 0.35 + 0.55 * legs * waist,
  };
}

/**
 * Shorts: about as tall as wide, one piece from the waistband through the seat, and legs parting only near
 * the hem. No sleeves: the waistband is not wider than the seat (and at least half as wide).
 */
function twoShortLegs(shape: Silhouette): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 0.55 || shape.aspect > 1.3) return null;
  const waist = share(band(shape, 0.02, 0.3), (row) => row.significant === 1);
  const seat = share(band(shape, 0.3, 0.55), (row) => row.significant === 1);
  const legs = share(band(shape, 0.8, 0.97), (row) => row.significant === 2);
  const waistToSeat = widthAt(shape, 0.05) / Math.max(1, widthAt(shape, 0.4));
  if (waist < 0.8 || seat < 0.9 || legs < 0.6 || waistToSeat < 0.55 || waistToSeat > 1.15) return null;
  return {
    category: 'Bottoms',
    itemType: 'shorts',
    rule: 'shape.short_legs',
    confidence: 0.4 + 0.45 * legs,
  };
}

/**
 * Jumpers and long-sleeved tops laid with the sleeves down beside the body: mid-height rows cross three runs
 * (sleeve, body, sleeve) under one-piece shoulders. A button shirt or a jacket laid the same way draws the
 * same outline, so this reading is weak evidence and stays just above the line.
 */
function longSleeves(shape: Silhouette): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 0.75 || shape.aspect > 1.5) return null;
  const threeRuns = share(band(shape, 0.5, 0.85), (row) => row.significant === 3);
  const shoulders = share(band(shape, 0.05, 0.3), (row) => row.significant === 1);
  if (threeRuns < 0.6 || shoulders < 0.7) return null;
  return {
    category: 'Tops',
    itemType: 'long-sleeve top',
    rule: 'shape.long_sleeves',
    confidence: 0.3 + 0.6 * threeRuns * shoulders,
  };
}

/**
 * T-shirts: short sleeves make the shoulders much wider than the body, and only the top part: below the
 * sleeves the body runs straight down as one piece.
 */
function tShape(shape: Silhouette): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 0.7 || shape.aspect > 1.2) return null;
  const sleeves = Math.max(...spans(shape, 0.12, 0.4));
  const body = median(spans(shape, 0.55, 0.95));
  const single = share(band(shape, 0.5, 0.95), (row) => row.significant === 1);
  const sleevesBelowChest = share(band(shape, 0.55, 0.95), (row) => row.span > 1.2 * body);
  const ratio = sleeves / Math.max(1, body);
  if (ratio < 1.35 || single < 0.85 || sleevesBelowChest > 0.1) return null;
  return {
    category: 'Tops',
    itemType: 't-shirt',
    rule: 'shape.t_shape',
    confidence: Math.min(0.9, 0.3 + 0.4 * ratio) * single,
  };
}

/**
 * Dresses: tall, one piece below the bodice, a hem far wider than the waist, and no sleeve wider than the
 * hem (a coat's sleeves reach out or hang beside its body).
 */
function flaredDress(shape: Silhouette): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 1.3) return null;
  const waist = Math.min(...spans(shape, 0.25, 0.55));
  const hem = widthAt(shape, 0.93);
  const top = Math.max(...spans(shape, 0.05, 0.4));
  const single = share(band(shape, 0.3, 0.97), (row) => row.significant === 1);
  const flare = hem / Math.max(1, waist);
  if (flare < 1.4 || single < 0.95 || top > 1.1 * hem) return null;
  return {
    category: 'Dresses',
    itemType: 'dress',
    rule: 'shape.flared_tall',
    confidence: Math.min(0.85, 0.4 + 0.15 * flare) * single,
  };
}

/**
 * Skirts: one piece from a straight waistband down, widening (or at least never narrowing much) to a hem
 * wider than the waist. The straight top tells it from a dome; one run at the top from a strapped dress.
 */
function skirt(shape: Silhouette): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 0.6 || shape.aspect > 1.6) return null;
  const waist = widthAt(shape, 0.05);
  const hem = widthAt(shape, 0.92);
  const widest = Math.max(...spans(shape, 0, 1));
  const single = share(shape.rows, (row) => row.significant === 1);
  const straightTop = share(band(shape, 0, 0.06), (row) => row.span >= 0.85 * waist);
  const steps = spans(shape, 0.05, 0.95);
  const stride = Math.max(1, Math.floor(steps.length / 10));
  let narrowing = 0;
  for (let index = stride; index < steps.length; index += stride)
    if ((steps[index] ?? 0) < 0.95 * (steps[index - stride] ?? 0)) narrowing++;
  // The waistband is a skirt's narrowest part; a dress narrows below its bodice.
  const upper = spans(shape, 0.03, 0.6);
  const narrowestAt = (0.03 * shape.rows.length + upper.indexOf(Math.min(...upper))) / shape.rows.length;
  const flare = hem / Math.max(1, waist);
  if (single < 0.95 || straightTop < 0.6 || flare < 1.15 || narrowing > 1 || hem < 0.9 * widest) return null;
  if (narrowestAt > 0.15) return null;
  return {
    category: 'Bottoms',
    itemType: 'skirt',
    rule: 'shape.a_line',
    confidence: Math.min(0.8, 0.45 + 0.2 * flare) * single,
  };
}

/** Bags: a compact body with a handle above it; the handle shows as a hole or as two uprights. */
function bagWithHandle(shape: Silhouette, largestHoleShare: number): ShapeReading | null {
  if (!wholeItem(shape) || shape.aspect < 0.6 || shape.aspect > 1.4) return null;
  const handleRows = band(shape, 0.05, 0.3);
  const uprights = share(handleRows, (row) => row.runs.length === 2 && row.span < 0.75 * shape.width);
  const body = share(band(shape, 0.5, 0.95), (row) => row.significant === 1);
  const hole = largestHoleShare >= 0.03;
  if (body < 0.9 || (!hole && uprights < 0.4)) return null;
  return {
    category: 'Bags',
    itemType: 'bag',
    rule: 'shape.handle',
    confidence: (hole ? 0.75 : 0.6) + 0.15 * uprights,
  };
}
