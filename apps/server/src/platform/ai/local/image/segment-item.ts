// Separates the item from the surface it lies on. The surface is learnt from the photo's border ring
// (sellers centre the item), as a few colour clusters so that wood planks or a patterned sheet are
// covered; a pixel far from every cluster belongs to the item. The mask is then cleaned: specks go,
// the item's connected parts stay, and holes inside it are filled.

import { kMeans, type Point3 } from './k-means';
import type { LabImage } from './lab-image';

export interface ItemMask {
  /** 1 for item pixels; holes inside the item filled. Used for the outline. */
  outline: Uint8Array;
  /** Like `outline`, but large holes (a bag's handle) stay out: they show the surface, not the item. */
  colour: Uint8Array;
  /** Share of the frame the item covers, 0..1. */
  coverage: number;
  /** False when the mask is not credible and a central region stands in for the item. */
  segmented: boolean;
  /** Connected parts kept, largest first: a pair of shoes has two. */
  parts: MaskPart[];
  /** The largest hole inside the item as a share of the item's area. */
  largestHoleShare: number;
}

export interface MaskPart {
  area: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const MIN_COVERAGE = 0.05;
const MAX_COVERAGE = 0.95;
/** Other parts are kept when at least this share of the largest one: the second shoe, not a stray crumb. */
const SECONDARY_PART_SHARE = 0.3;
/** Holes smaller than this share of the item are prints or highlights on it and count as the item. */
const SMALL_HOLE_SHARE = 0.02;
const BACKGROUND_CLUSTERS = 4;
const LIGHTNESS_WEIGHT = 1;

export function segmentItem(image: LabImage): ItemMask {
  const everyBorderColour = maskAgainstSurface(image, false);
  // Only when the whole border as surface gives no credible item is the item taken to run off the edge.
  return everyBorderColour.segmented ? everyBorderColour : maskAgainstSurface(image, true);
}

function maskAgainstSurface(image: LabImage, itemMayTouchBorder: boolean): ItemMask {
  const { width, height } = image;
  const { distance, threshold } = distanceFromBackground(image, itemMayTouchBorder);
  let mask: Uint8Array = new Uint8Array(width * height);
  for (let index = 0; index < mask.length; index++) mask[index] = (distance[index] ?? 0) > threshold ? 1 : 0;
  // Opening (erode then dilate) removes isolated specks of texture without shrinking the item.
  mask = dilate(erode(mask, width, height), width, height);
  const { kept, parts } = keepMainParts(mask, width, height);
  const { filled, largestHole, holes } = fillHoles(kept, width, height);
  const area = parts.reduce((sum, part) => sum + part.area, 0);
  const coverage = countOn(filled) / filled.length;
  if (parts.length === 0 || coverage < MIN_COVERAGE || coverage > MAX_COVERAGE)
    return centralRegion(width, height, coverage);
  const colour = Uint8Array.from(filled);
  for (const hole of holes) {
    if (hole.pixels.length >= SMALL_HOLE_SHARE * area) for (const index of hole.pixels) colour[index] = 0;
  }
  return {
    outline: filled,
    colour,
    coverage,
    segmented: true,
    parts,
    largestHoleShare: largestHole / Math.max(1, area),
  };
}

/**
 * When the item may touch the border, a surface colour must fill less than this share of the frame's middle.
 * A border colour that fills more is the item itself running off the edge (trousers from waist to hem, a jacket shot close): learning it as
 * surface would erase the item.
 */
const MAX_SURFACE_SHARE_OF_MIDDLE = 0.5;
/** ...unless it also holds most of the border, where a small item lies on a large plain surface. */
const SURFACE_BORDER_SHARE = 0.45;

/**
 * Distance of each pixel to the nearest surface colour, and how far a pixel must be to count as the item:
 * above the spread of the surface's own border pixels (noise, grain, creases), with a floor so that a plain
 * sheet does not turn its noise into "item".
 */
function distanceFromBackground(
  image: LabImage,
  itemMayTouchBorder: boolean,
): { distance: Float32Array; threshold: number } {
  const { width, height } = image;
  const ring = Math.max(3, Math.round(0.05 * Math.min(width, height)));
  const border: number[] = [];
  const middle: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < ring || y < ring || x >= width - ring || y >= height - ring) border.push(y * width + x);
      else if (Math.abs(x - width / 2) < 0.2 * width && Math.abs(y - height / 2) < 0.2 * height)
        middle.push(y * width + x);
    }
  }
  const { centres, assignment, sizes } = kMeans(
    border.map((index) => labAt(image, index)),
    BACKGROUND_CLUSTERS,
    8,
  );
  const middleNearest = middle.map((index) => nearestCentre(labAt(image, index), centres));
  const surface = centres.map((_, cluster) => {
    const borderShare = (sizes[cluster] ?? 0) / Math.max(1, border.length);
    const middleShare =
      middleNearest.filter((nearest) => nearest.cluster === cluster).length / Math.max(1, middle.length);
    return (
      !itemMayTouchBorder || borderShare >= SURFACE_BORDER_SHARE || middleShare < MAX_SURFACE_SHARE_OF_MIDDLE
    );
  });
  const surfaceCentres = centres.filter((_, cluster) => surface[cluster]);
  const centresUsed = surfaceCentres.length > 0 ? surfaceCentres : centres;
  const distance = new Float32Array(width * height);
  for (let index = 0; index < distance.length; index++)
    distance[index] = nearestCentre(labAt(image, index), centresUsed).distance;
  const spreads = border
    .filter((_, position) => surface[assignment[position] ?? 0] !== false)
    .map((index) => distance[index] ?? 0)
    .sort((first, second) => first - second);
  const spread = spreads[Math.floor(spreads.length * 0.95)] ?? 0;
  return { distance, threshold: Math.max(5, spread * 1.8) };
}

function labAt(image: LabImage, index: number): Point3 {
  return [(image.l[index] ?? 0) * LIGHTNESS_WEIGHT, image.a[index] ?? 0, image.b[index] ?? 0];
}

function nearestCentre(point: Point3, centres: readonly Point3[]): { cluster: number; distance: number } {
  let cluster = 0;
  let nearest = Number.POSITIVE_INFINITY;
  centres.forEach(([cl, ca, cb], index) => {
    const d = (point[0] - cl) ** 2 + (point[1] - ca) ** 2 + (point[2] - cb) ** 2;
    if (d < nearest) {
      nearest = d;
      cluster = index;
    }
  });
  return { cluster, distance: Math.sqrt(nearest) };
}

function keepMainParts(
  mask: Uint8Array,
  width: number,
  height: number,
): { kept: Uint8Array; parts: MaskPart[] } {
  const labels = new Int32Array(width * height).fill(-1);
  const components: Array<MaskPart & { pixels: number[] }> = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1 || labels[start] !== -1) continue;
    const component = { area: 0, left: width, top: height, right: 0, bottom: 0, pixels: [] as number[] };
    labels[start] = components.length;
    stack.push(start);
    while (stack.length > 0) {
      const index = stack.pop() ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      component.pixels.push(index);
      component.left = Math.min(component.left, x);
      component.right = Math.max(component.right, x);
      component.top = Math.min(component.top, y);
      component.bottom = Math.max(component.bottom, y);
      for (const neighbour of neighbours8(x, y, width, height)) {
        if (mask[neighbour] === 1 && labels[neighbour] === -1) {
          labels[neighbour] = components.length;
          stack.push(neighbour);
        }
      }
    }
    component.area = component.pixels.length;
    components.push(component);
  }
  components.sort((first, second) => second.area - first.area);
  const largest = components[0]?.area ?? 0;
  const keptComponents = components.filter(
    (component) => component.area >= SECONDARY_PART_SHARE * largest && largest > 0,
  );
  const kept = new Uint8Array(width * height);
  for (const component of keptComponents) for (const index of component.pixels) kept[index] = 1;
  return { kept, parts: keptComponents.map(({ pixels: _pixels, ...part }) => part) };
}

/** Fills every region of non-item pixels that the frame's edge cannot reach, and reports each one. */
function fillHoles(
  mask: Uint8Array,
  width: number,
  height: number,
): { filled: Uint8Array; largestHole: number; holes: Array<{ pixels: number[] }> } {
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let x = 0; x < width; x++) stack.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) stack.push(y * width, y * width + width - 1);
  while (stack.length > 0) {
    const index = stack.pop() ?? 0;
    if (outside[index] === 1 || mask[index] === 1) continue;
    outside[index] = 1;
    const x = index % width;
    const y = (index - x) / width;
    if (x > 0) stack.push(index - 1);
    if (x < width - 1) stack.push(index + 1);
    if (y > 0) stack.push(index - width);
    if (y < height - 1) stack.push(index + width);
  }
  const filled = new Uint8Array(width * height);
  const seen = new Uint8Array(width * height);
  const holes: Array<{ pixels: number[] }> = [];
  for (let index = 0; index < filled.length; index++) {
    filled[index] = mask[index] === 1 || outside[index] === 0 ? 1 : 0;
    if (mask[index] === 1 || outside[index] === 1 || seen[index] === 1) continue;
    const pixels: number[] = [];
    stack.push(index);
    seen[index] = 1;
    while (stack.length > 0) {
      const current = stack.pop() ?? 0;
      pixels.push(current);
      const x = current % width;
      const y = (current - x) / width;
      for (const neighbour of [
        x > 0 ? current - 1 : -1,
        x < width - 1 ? current + 1 : -1,
        y > 0 ? current - width : -1,
        y < height - 1 ? current + width : -1,
      ]) {
        if (neighbour >= 0 && mask[neighbour] === 0 && outside[neighbour] === 0 && seen[neighbour] === 0) {
          seen[neighbour] = 1;
          stack.push(neighbour);
        }
      }
    }
    holes.push({ pixels });
  }
  const largestHole = holes.reduce((largest, hole) => Math.max(largest, hole.pixels.length), 0);
  return { filled, largestHole, holes };
}

/** When the item cannot be told from the surface, the middle of the frame is the best guess at it. */
function centralRegion(width: number, height: number, coverage: number): ItemMask {
  const mask = new Uint8Array(width * height);
  const left = Math.round(width * 0.3);
  const right = Math.round(width * 0.7);
  const top = Math.round(height * 0.25);
  const bottom = Math.round(height * 0.75);
  for (let y = top; y < bottom; y++) mask.fill(1, y * width + left, y * width + right);
  return { outline: mask, colour: mask, coverage, segmented: false, parts: [], largestHoleShare: 0 };
}

export function erode(mask: Uint8Array, width: number, height: number): Uint8Array {
  const result = new Uint8Array(mask.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const index = y * width + x;
      result[index] =
        mask[index] === 1 &&
        mask[index - 1] === 1 &&
        mask[index + 1] === 1 &&
        mask[index - width] === 1 &&
        mask[index + width] === 1
          ? 1
          : 0;
    }
  }
  return result;
}

function dilate(mask: Uint8Array, width: number, height: number): Uint8Array {
  const result = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      result[index] =
        mask[index] ||
        (x > 0 && mask[index - 1]) ||
        (x < width - 1 && mask[index + 1]) ||
        (y > 0 && mask[index - width]) ||
        (y < height - 1 && mask[index + width])
          ? 1
          : 0;
    }
  }
  return result;
}

function* neighbours8(x: number, y: number, width: number, height: number): Generator<number> {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if ((dx !== 0 || dy !== 0) && nx >= 0 && ny >= 0 && nx < width && ny < height) yield ny * width + nx;
    }
  }
}

function countOn(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) count += value;
  return count;
}
