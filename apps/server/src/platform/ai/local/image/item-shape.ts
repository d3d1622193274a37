// Reads the kind of item from its outline in a flat-lay photo: two legs, a T, a long-sleeved top,
// a flared dress, an A-line skirt, a pair of shoes, a bag with a handle. Each rule asks for a clear
// shape; anything else is "don't know", because a wrong category costs the seller more than none.
import type { Category } from '@snaplist/contract';
import type { ItemMask, MaskPart } from './segment-item';

export interface ShapeReading {
  category: Category;
  itemType: string;
  rule: string;
  confidence: number;
}

/** Readings below this confidence are not reported. */
export const SHAPE_CONFIDENCE_THRESHOLD = 0.6;

interface RowProfile {
  /** Rows of the item's bounding box, top to bottom. */
  rows: Array<{ runs: Array<{ start: number; end: number }>; span: number }>;
  width: number;
  height: number;
}

export function readItemShape(mask: ItemMask, imageWidth: number): ShapeReading | null {
  if (!mask.segmented) return null;
  const reading = pairOfShoes(mask.parts) ?? singleItem(mask, imageWidth);
  return reading && reading.confidence >= SHAPE_CONFIDENCE_THRESHOLD ? reading : null;
}

function pairOfShoes(parts: MaskPart[]): ShapeReading | null {
  const [first, second, third] = parts;
  if (!first || !second || third) return null;
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

function singleItem(mask: ItemMask, imageWidth: number): ShapeReading | null {
  const [part] = mask.parts;
  if (!part || mask.parts.length > 1) return null;
  const profile = rowProfile(mask.outline, imageWidth, part);
  const aspect = profile.height / profile.width;
  // A handle encloses a patch of the surface: it shows only in the mask whose large holes stay open.
  const withHoles = rowProfile(mask.colour, imageWidth, part);
  return (
    bagWithHandle(withHoles, aspect, mask.largestHoleShare) ??
    twoLegs(profile, aspect) ??
    longSleeves(profile, aspect) ??
    tShape(profile, aspect) ??
    flaredDress(profile, aspect) ??
    aLineSkirt(profile, aspect)
  );
}

function rowProfile(outline: Uint8Array, imageWidth: number, part: MaskPart): RowProfile {
  const rows: RowProfile['rows'] = [];
  for (let y = part.top; y <= part.bottom; y++) {
    const runs: Array<{ start: number; end: number }> = [];
    let start = -1;
    for (let x = part.left; x <= part.right + 1; x++) {
      const on = x <= part.right && outline[y * imageWidth + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        runs.push({ start, end: x - 1 });
        start = -1;
      }
    }
    const first = runs[0];
    const last = runs[runs.length - 1];
    rows.push({ runs, span: first && last ? last.end - first.start + 1 : 0 });
  }
  return { rows, width: part.right - part.left + 1, height: part.bottom - part.top + 1 };
}

/** Rows between two fractions of the item's height, 0 at the top. */
function band(profile: RowProfile, from: number, to: number): RowProfile['rows'] {
  return profile.rows.slice(Math.floor(from * profile.rows.length), Math.ceil(to * profile.rows.length));
}

function share<T>(items: T[], test: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(test).length / items.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Ignores slivers: a gap or a run narrower than this share of the item's width is edge noise. */
const MIN_FEATURE = 0.04;

function significantRuns(row: RowProfile['rows'][number], width: number): number {
  return row.runs.filter((run) => run.end - run.start + 1 >= MIN_FEATURE * width).length;
}

/** Trousers and jeans: tall, and the lower part is two legs with background between them. */
function twoLegs(profile: RowProfile, aspect: number): ShapeReading | null {
  if (aspect < 1.3) return null;
  const legs = share(band(profile, 0.62, 0.95), (row) => significantRuns(row, profile.width) === 2);
  const waist = share(band(profile, 0.02, 0.25), (row) => significantRuns(row, profile.width) === 1);
  if (legs < 0.7 || waist < 0.8) return null;
  return {
    category: 'Bottoms',
    itemType: 'trousers',
    rule: 'shape.two_legs',
    confidence: 0.35 + 0.55 * legs * waist,
  };
}

/** Jumpers, hoodies and long-sleeved tops: sleeves hang beside the body, so mid-height rows cross three runs. */
function longSleeves(profile: RowProfile, aspect: number): ShapeReading | null {
  if (aspect < 0.75 || aspect > 1.5) return null;
  const threeRuns = share(band(profile, 0.5, 0.85), (row) => significantRuns(row, profile.width) === 3);
  const shoulders = share(band(profile, 0.05, 0.3), (row) => significantRuns(row, profile.width) === 1);
  if (threeRuns < 0.6 || shoulders < 0.7) return null;
  return {
    category: 'Tops',
    itemType: 'long-sleeve top',
    rule: 'shape.long_sleeves',
    confidence: 0.3 + 0.6 * threeRuns * shoulders,
  };
}

/** T-shirts: short sleeves make the top third much wider than the body below them. */
function tShape(profile: RowProfile, aspect: number): ShapeReading | null {
  if (aspect < 0.7 || aspect > 1.35) return null;
  const sleeves = Math.max(...band(profile, 0.12, 0.4).map((row) => row.span));
  const body = median(band(profile, 0.55, 0.95).map((row) => row.span));
  const single = share(band(profile, 0.5, 0.95), (row) => significantRuns(row, profile.width) === 1);
  const ratio = sleeves / Math.max(1, body);
  if (ratio < 1.35 || single < 0.85) return null;
  return {
    category: 'Tops',
    itemType: 't-shirt',
    rule: 'shape.t_shape',
    confidence: Math.min(0.9, 0.3 + 0.4 * ratio) * single,
  };
}

/** Dresses: tall, one piece, and the hem is far wider than the bodice. */
function flaredDress(profile: RowProfile, aspect: number): ShapeReading | null {
  if (aspect < 1.25) return null;
  const bodice = median(band(profile, 0.1, 0.35).map((row) => row.span));
  const hem = median(band(profile, 0.85, 0.97).map((row) => row.span));
  const single = share(band(profile, 0.3, 0.97), (row) => significantRuns(row, profile.width) === 1);
  const flare = hem / Math.max(1, bodice);
  if (flare < 1.6 || single < 0.9) return null;
  return {
    category: 'Dresses',
    itemType: 'dress',
    rule: 'shape.flared_tall',
    confidence: Math.min(0.85, 0.4 + 0.15 * flare) * single,
  };
}

/** Skirts: about as tall as wide, one piece, widening steadily from a straight waistband to the hem. */
function aLineSkirt(profile: RowProfile, aspect: number): ShapeReading | null {
  if (aspect < 0.6 || aspect > 1.2) return null;
  const waist = median(band(profile, 0.03, 0.12).map((row) => row.span));
  const hem = median(band(profile, 0.85, 0.97).map((row) => row.span));
  const single = share(profile.rows, (row) => significantRuns(row, profile.width) === 1);
  const spans = band(profile, 0.05, 0.95).map((row) => row.span);
  const step = Math.max(1, Math.floor(spans.length / 10));
  let widening = 0;
  let checks = 0;
  for (let index = step; index < spans.length; index += step) {
    checks++;
    if ((spans[index] ?? 0) >= (spans[index - step] ?? 0) - 1) widening++;
  }
  const taper = waist / Math.max(1, hem);
  if (taper < 0.3 || taper > 0.8 || single < 0.95 || widening / Math.max(1, checks) < 0.9) return null;
  return { category: 'Bottoms', itemType: 'skirt', rule: 'shape.a_line', confidence: 0.65 * single };
}

/** Bags: a compact body with a handle above it; the handle shows as a hole or as two uprights. */
function bagWithHandle(profile: RowProfile, aspect: number, largestHoleShare: number): ShapeReading | null {
  if (aspect < 0.6 || aspect > 1.4) return null;
  const handleRows = band(profile, 0.05, 0.3);
  const uprights = share(handleRows, (row) => row.runs.length === 2 && row.span < 0.75 * profile.width);
  const body = share(band(profile, 0.5, 0.95), (row) => significantRuns(row, profile.width) === 1);
  const hole = largestHoleShare >= 0.03;
  if (body < 0.9 || (!hole && uprights < 0.4)) return null;
  return {
    category: 'Bags',
    itemType: 'bag',
    rule: 'shape.handle',
    confidence: (hole ? 0.75 : 0.6) + 0.15 * uprights,
  };
}
