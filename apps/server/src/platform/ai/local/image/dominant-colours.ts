// The item's colours: k-means in Lab over the item's pixels, shading variants of one cloth merged,
// each group named, and the substantial ones reported (a pattern of three or more becomes 'Multi').
import type { Colour } from '@snaplist/contract';
import { nameColour } from './colour-names';
import { chroma, hueDifference, type Lab } from './colour-space';
import { kMeans, type Point3 } from './k-means';
import type { LabImage } from './lab-image';

export interface ColourGroup {
  name: Colour;
  lab: Lab;
  /** Mean sRGB of the group's pixels, for evidence a person can read. */
  rgb: [number, number, number];
  /** Share of the item's pixels, 0..1. */
  share: number;
}

export interface ItemColours {
  /** The colours to list, primary first: one or two names, or 'Multi' alone. */
  colours: Colour[];
  /** The groups the decision rests on, largest first. */
  groups: ColourGroup[];
  rule: 'colour.kmeans_foreground' | 'colour.multi_pattern';
}

const CLUSTERS = 6;
const MAX_SAMPLES = 12_000;
/** A colour counts when it covers this share of the item; smaller ones are trim, logos or shadow. */
const SUBSTANTIAL_SHARE = 0.15;
/** A second colour is listed only when it covers at least this share of the item. */
const SECOND_COLOUR_SHARE = 0.2;

export function dominantColours(image: LabImage, mask: Uint8Array): ItemColours {
  const indices: number[] = [];
  for (let index = 0; index < mask.length; index++) if (mask[index] === 1) indices.push(index);
  const stride = Math.max(1, Math.floor(indices.length / MAX_SAMPLES));
  const sampled = indices.filter((_, position) => position % stride === 0);
  const points: Point3[] = sampled.map((index) => [
    image.l[index] ?? 0,
    image.a[index] ?? 0,
    image.b[index] ?? 0,
  ]);
  const { centres, assignment, sizes } = kMeans(points, CLUSTERS, 12);

  const rgbSums = centres.map(() => [0, 0, 0]);
  sampled.forEach((pixel, position) => {
    const sum = rgbSums[assignment[position] ?? 0];
    if (!sum) return;
    for (let channel = 0; channel < 3; channel++)
      sum[channel] = (sum[channel] ?? 0) + (image.rgb[pixel * 3 + channel] ?? 0);
  });
  let groups: Array<Omit<ColourGroup, 'name'>> = centres
    .map((centre, index) => {
      const size = sizes[index] ?? 0;
      const sum = rgbSums[index] ?? [0, 0, 0];
      return {
        lab: { l: centre[0], a: centre[1], b: centre[2] },
        rgb: [0, 1, 2].map((channel) => (sum[channel] ?? 0) / Math.max(1, size)) as [number, number, number],
        share: size / Math.max(1, points.length),
      };
    })
    .filter((group) => group.share > 0);
  groups = mergeShadingVariants(groups);
  const named = mergeByName(groups.map((group) => ({ ...group, name: nameColour(group.lab) })));

  const substantial = named.filter((group) => group.share >= SUBSTANTIAL_SHARE);
  if (substantial.length >= 3)
    return { colours: ['Multi'], groups: substantial, rule: 'colour.multi_pattern' };
  const [primary, second] = named;
  if (!primary) return { colours: [], groups: [], rule: 'colour.kmeans_foreground' };
  const colours: Colour[] = [primary.name];
  if (second && second.share >= SECOND_COLOUR_SHARE) colours.push(second.name);
  return { colours, groups: named.slice(0, colours.length), rule: 'colour.kmeans_foreground' };
}

/**
 * One cloth in light and in shadow splits into two clusters that differ in lightness but not in hue.
 * Merge such pairs (closest first) so that a blue shirt with folds is "Blue", not "Blue, Navy".
 * Very different lightness (black and white stripes) is a real second colour and stays apart.
 */
function mergeShadingVariants(groups: Array<Omit<ColourGroup, 'name'>>): Array<Omit<ColourGroup, 'name'>> {
  const merged = [...groups];
  for (;;) {
    let pair: [number, number] | null = null;
    let pairDistance = Number.POSITIVE_INFINITY;
    for (let first = 0; first < merged.length; first++) {
      for (let second = first + 1; second < merged.length; second++) {
        const a = merged[first];
        const b = merged[second];
        if (!a || !b || !sameClothInDifferentLight(a.lab, b.lab)) continue;
        const distance = Math.abs(a.lab.l - b.lab.l);
        if (distance < pairDistance) {
          pairDistance = distance;
          pair = [first, second];
        }
      }
    }
    if (!pair) return merged.sort((first, second) => second.share - first.share);
    const [first, second] = pair;
    const a = merged[first];
    const b = merged[second];
    if (!a || !b) return merged;
    merged[first] = combine(a, b);
    merged.splice(second, 1);
  }
}

const NEUTRAL_CHROMA = 10;

function sameClothInDifferentLight(first: Lab, second: Lab): boolean {
  if (Math.abs(first.l - second.l) > 25) return false;
  const firstChroma = chroma(first);
  const secondChroma = chroma(second);
  if (firstChroma < NEUTRAL_CHROMA && secondChroma < NEUTRAL_CHROMA) return true;
  if (firstChroma < NEUTRAL_CHROMA || secondChroma < NEUTRAL_CHROMA) return false;
  const ratio = firstChroma / secondChroma;
  return hueDifference(first, second) < 22 && ratio > 0.55 && ratio < 1.8;
}

function mergeByName(groups: ColourGroup[]): ColourGroup[] {
  const byName = new Map<Colour, ColourGroup>();
  for (const group of groups) {
    const existing = byName.get(group.name);
    byName.set(group.name, existing ? { ...combine(existing, group), name: group.name } : group);
  }
  return [...byName.values()].sort((first, second) => second.share - first.share);
}

function combine<T extends Omit<ColourGroup, 'name'>>(first: T, second: T): T {
  const share = first.share + second.share;
  const weight = second.share / share;
  const mix = (x: number, y: number) => x + (y - x) * weight;
  return {
    ...first,
    share,
    lab: {
      l: mix(first.lab.l, second.lab.l),
      a: mix(first.lab.a, second.lab.a),
      b: mix(first.lab.b, second.lab.b),
    },
    rgb: [0, 1, 2].map((channel) => mix(first.rgb[channel] ?? 0, second.rgb[channel] ?? 0)) as [
      number,
      number,
      number,
    ],
  };
}
