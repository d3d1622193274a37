// Turns the text detector's probability map into text-line boxes at any angle, the way PaddleOCR's DB
// post-processing does (threshold, one region per connected blob, its minimum-area rectangle, a score, the
// rectangle grown back to the whole letters), and cuts each line out of the photo upright, for recognition.
// Written here rather than taken from OpenCV: 12 MB of WebAssembly for two functions we need on small maps.

export interface Point {
  x: number;
  y: number;
}

/**
 * A text line as a rotated rectangle: its centre, the unit vector along the line (reading direction, before
 * the orientation check), its length along that vector and its thickness across it.
 */
export interface RotatedBox {
  centre: Point;
  direction: Point;
  length: number;
  thickness: number;
  /** Mean text probability inside the blob, 0..1. */
  score: number;
}

export interface ProbabilityMap {
  width: number;
  height: number;
  values: Float32Array;
}

export interface BoxOptions {
  /** A pixel is text above this probability (DB's "thresh"). */
  pixelThreshold: number;
  /** A blob is a line when its mean probability reaches this (DB's "box_thresh"). */
  boxThreshold: number;
  /** How far to grow the shrunk text kernel back (DB's "unclip_ratio"). */
  unclipRatio: number;
  /** Blobs thinner than this, in map pixels, are specks. */
  minThickness: number;
}

export const DB_BOX_OPTIONS: BoxOptions = {
  pixelThreshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minThickness: 3,
};

/** Text-line boxes in the map's own pixels, largest first. */
export function findTextBoxes(map: ProbabilityMap, options: BoxOptions = DB_BOX_OPTIONS): RotatedBox[] {
  const { width, height, values } = map;
  const labels = new Int32Array(width * height);
  const boxes: RotatedBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < values.length; start++) {
    if (labels[start] !== 0 || (values[start] ?? 0) <= options.pixelThreshold) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    // Per row, the leftmost and rightmost pixel: their convex hull is the blob's.
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    let sum = 0;
    let count = 0;
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const x = index % width;
      const y = (index - x) / width;
      sum += values[index] ?? 0;
      count++;
      if (x < (rowMin.get(y) ?? Number.POSITIVE_INFINITY)) rowMin.set(y, x);
      if (x > (rowMax.get(y) ?? Number.NEGATIVE_INFINITY)) rowMax.set(y, x);
      for (const neighbour of [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        y > 0 ? index - width : -1,
        y < height - 1 ? index + width : -1,
      ]) {
        if (neighbour < 0 || labels[neighbour] !== 0 || (values[neighbour] ?? 0) <= options.pixelThreshold)
          continue;
        labels[neighbour] = next;
        stack.push(neighbour);
      }
    }
    if (count < 4) continue;
    const points: Point[] = [];
    for (const [y, x] of rowMin) {
      // Pixel corners, so a one-pixel-high row still has area.
      points.push({ x, y }, { x, y: y + 1 });
      const right = (rowMax.get(y) ?? x) + 1;
      points.push({ x: right, y }, { x: right, y: y + 1 });
    }
    const rectangle = minimumAreaRectangle(convexHull(points));
    if (rectangle.thickness < options.minThickness) continue;
    const score = sum / count;
    if (score < options.boxThreshold) continue;
    // DB predicts a shrunk kernel of each line; grow it back by area × ratio / perimeter on every side.
    const area = rectangle.length * rectangle.thickness;
    const grow = (area * options.unclipRatio) / (2 * (rectangle.length + rectangle.thickness));
    boxes.push({
      ...rectangle,
      length: rectangle.length + 2 * grow,
      thickness: rectangle.thickness + 2 * grow,
      score,
    });
  }
  return boxes.sort((first, second) => second.length * second.thickness - first.length * first.thickness);
}

/** Andrew's monotone chain; counter-clockwise in image coordinates (y down), no repeated end point. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((first, second) => first.x - second.x || first.y - second.y);
  if (sorted.length < 3) return sorted;
  const cross = (origin: Point, a: Point, b: Point) =>
    (a.x - origin.x) * (b.y - origin.y) - (a.y - origin.y) * (b.x - origin.x);
  const lower: Point[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2) as Point, lower.at(-1) as Point, point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (const point of sorted.toReversed()) {
    while (upper.length >= 2 && cross(upper.at(-2) as Point, upper.at(-1) as Point, point) <= 0) upper.pop();
    upper.push(point);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The smallest rectangle around a convex polygon has a side on one of its edges: try each edge direction.
 * The direction returned runs along the rectangle's longer side, pointing right (or down when vertical).
 */
export function minimumAreaRectangle(hull: readonly Point[]): Omit<RotatedBox, 'score'> {
  let best: Omit<RotatedBox, 'score'> | null = null;
  let bestArea = Number.POSITIVE_INFINITY;
  const edges = hull.length >= 2 ? hull : [...hull, { x: (hull[0]?.x ?? 0) + 1, y: hull[0]?.y ?? 0 }];
  for (let index = 0; index < edges.length; index++) {
    const from = edges[index] as Point;
    const to = edges[(index + 1) % edges.length] as Point;
    const edgeLength = Math.hypot(to.x - from.x, to.y - from.y);
    if (edgeLength === 0) continue;
    const u = { x: (to.x - from.x) / edgeLength, y: (to.y - from.y) / edgeLength };
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const point of hull) {
      const along = point.x * u.x + point.y * u.y;
      const across = -point.x * u.y + point.y * u.x;
      minU = Math.min(minU, along);
      maxU = Math.max(maxU, along);
      minV = Math.min(minV, across);
      maxV = Math.max(maxV, across);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area >= bestArea) continue;
    bestArea = area;
    const midU = (minU + maxU) / 2;
    const midV = (minV + maxV) / 2;
    const centre = { x: midU * u.x - midV * u.y, y: midU * u.y + midV * u.x };
    const alongU = maxU - minU;
    const acrossU = maxV - minV;
    const direction = alongU >= acrossU ? u : { x: -u.y, y: u.x };
    best = {
      centre,
      direction: pointRightOrDown(direction),
      length: Math.max(alongU, acrossU),
      thickness: Math.min(alongU, acrossU),
    };
  }
  return best ?? { centre: hull[0] ?? { x: 0, y: 0 }, direction: { x: 1, y: 0 }, length: 0, thickness: 0 };
}

function pointRightOrDown(direction: Point): Point {
  if (direction.x < -1e-9 || (Math.abs(direction.x) <= 1e-9 && direction.y < 0))
    return { x: -direction.x, y: -direction.y };
  return direction;
}

/** An RGB image, three bytes a pixel, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Cuts a line out of the image, upright and `height` pixels tall (bilinear sampling): its x axis runs along
 * the box's direction. A nearly square box (one or two letters) is cut in the image's own upright frame
 * rather than along its own sides, whose order says nothing about the reading direction.
 */
export function cutLine(image: RgbImage, box: RotatedBox, height: number, maxWidth: number): RgbImage {
  const elongated = box.length >= 1.5 * box.thickness;
  const angle = Math.atan2(box.direction.y, box.direction.x);
  const upright = !elongated && Math.abs(angle) > Math.PI / 4;
  const u = upright ? { x: 1, y: 0 } : box.direction;
  const v = { x: -u.y, y: u.x };
  const boxWidth = upright ? box.thickness : box.length;
  const boxHeight = upright ? box.length : box.thickness;
  const scale = height / Math.max(1, boxHeight);
  const width = Math.max(1, Math.min(maxWidth, Math.round(boxWidth * scale)));
  const pixels = new Uint8Array(width * height * 3);
  const stepAlong = boxWidth / width;
  const stepAcross = boxHeight / height;
  const source = image.pixels;
  const lastX = image.width - 1;
  const lastY = image.height - 1;
  for (let row = 0; row < height; row++) {
    const across = (row + 0.5) * stepAcross - boxHeight / 2;
    for (let column = 0; column < width; column++) {
      const along = (column + 0.5) * stepAlong - boxWidth / 2;
      // Bilinear sampling, inlined: this loop runs for every pixel of every line.
      const x = Math.min(lastX, Math.max(0, box.centre.x + along * u.x + across * v.x - 0.5));
      const y = Math.min(lastY, Math.max(0, box.centre.y + along * u.y + across * v.y - 0.5));
      const left = x | 0;
      const top = y | 0;
      const right = left < lastX ? left + 1 : left;
      const bottom = top < lastY ? top + 1 : top;
      const fx = x - left;
      const fy = y - top;
      const topLeft = (top * image.width + left) * 3;
      const topRight = (top * image.width + right) * 3;
      const bottomLeft = (bottom * image.width + left) * 3;
      const bottomRight = (bottom * image.width + right) * 3;
      const out = (row * width + column) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const upper =
          (source[topLeft + channel] as number) * (1 - fx) + (source[topRight + channel] as number) * fx;
        const lower =
          (source[bottomLeft + channel] as number) * (1 - fx) +
          (source[bottomRight + channel] as number) * fx;
        pixels[out + channel] = upper * (1 - fy) + lower * fy + 0.5;
      }
    }
  }
  return { width, height, pixels };
}

/** The grey of the image's `pixel`-th pixel (ITU-R BT.601 weights), 0..255. */
export function greyAt(image: RgbImage, pixel: number): number {
  const offset = pixel * 3;
  return (
    0.299 * (image.pixels[offset] ?? 0) +
    0.587 * (image.pixels[offset + 1] ?? 0) +
    0.114 * (image.pixels[offset + 2] ?? 0)
  );
}

/** The image in negative: light print on a dark ground becomes dark print on a light one. */
export function negated(image: RgbImage): RgbImage {
  const pixels = new Uint8Array(image.pixels.length);
  for (let index = 0; index < pixels.length; index++) pixels[index] = 255 - (image.pixels[index] ?? 0);
  return { ...image, pixels };
}

/** Lines closer to parallel than this (cosine of the angle between them) may be one line. */
const SAME_LINE_MIN_COSINE = 0.9;
/** Two boxes are one line when their centres lie within half the thinner one's thickness across... */
const SAME_LINE_MAX_OFFSET = 0.5;
/** ...and they share at least this share of the shorter one's length. */
const SAME_LINE_MIN_OVERLAP = 0.5;

/** Where a point lies in a box's own frame: how far from its centre along its direction, and across it. */
function inFrameOf(box: RotatedBox, point: Point): { along: number; across: number } {
  const dx = point.x - box.centre.x;
  const dy = point.y - box.centre.y;
  return {
    along: dx * box.direction.x + dy * box.direction.y,
    across: -dx * box.direction.y + dy * box.direction.x,
  };
}

/**
 * True when two boxes cover the same line of text: one lies on the other's centre line over much of its
 * length, or a smaller one (a piece of the line, half its letters' height) has its centre inside the other.
 */
export function isSameLine(first: RotatedBox, second: RotatedBox): boolean {
  const [larger, smaller] =
    first.length * first.thickness >= second.length * second.thickness ? [first, second] : [second, first];
  const inLarger = inFrameOf(larger, smaller.centre);
  if (Math.abs(inLarger.along) <= larger.length / 2 && Math.abs(inLarger.across) <= larger.thickness / 2)
    return true;
  const cosine = Math.abs(first.direction.x * second.direction.x + first.direction.y * second.direction.y);
  if (cosine < SAME_LINE_MIN_COSINE) return false;
  const { along, across } = inFrameOf(first, second.centre);
  if (Math.abs(across) > SAME_LINE_MAX_OFFSET * Math.min(first.thickness, second.thickness)) return false;
  const overlap = (first.length + second.length) / 2 - Math.abs(along);
  return overlap >= SAME_LINE_MIN_OVERLAP * Math.min(first.length, second.length);
}

/**
 * Boxes found in several images of one photo, each line once: where two boxes cover one line, the one the
 * detector was surer of is kept, with the other as its rival for a second reading. Largest first, as
 * `findTextBoxes` gives them.
 */
export function mergeDetections<Found extends { box: RotatedBox }>(
  found: readonly Found[],
): { kept: Found; rival?: Found }[] {
  const merged: { kept: Found; rival?: Found }[] = [];
  for (const candidate of [...found].sort((first, second) => second.box.score - first.box.score)) {
    const same = merged.find(({ kept }) => isSameLine(kept.box, candidate.box));
    if (same === undefined) merged.push({ kept: candidate });
    else same.rival ??= candidate;
  }
  const area = ({ kept }: { kept: Found }) => kept.box.length * kept.box.thickness;
  return merged.sort((first, second) => area(second) - area(first));
}

/** The same box with its direction reversed: the way a line turned half a turn reads. */
export function reverseDirection(box: RotatedBox): RotatedBox {
  return { ...box, direction: { x: -box.direction.x, y: -box.direction.y } };
}

/** Turns an image half a turn (the angle classifier's verdict for upside-down lines). */
export function rotateHalfTurn(image: RgbImage): RgbImage {
  const pixels = new Uint8Array(image.pixels.length);
  const count = image.width * image.height;
  for (let index = 0; index < count; index++) {
    const source = (count - 1 - index) * 3;
    pixels[index * 3] = image.pixels[source] ?? 0;
    pixels[index * 3 + 1] = image.pixels[source + 1] ?? 0;
    pixels[index * 3 + 2] = image.pixels[source + 2] ?? 0;
  }
  return { ...image, pixels };
}
