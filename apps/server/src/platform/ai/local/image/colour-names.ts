// Maps a measured colour to one of the listing form's colour names (COLOURS in the contract).
// Near-neutral colours are named by lightness alone, since their hue is mostly camera noise; the rest go to
// the nearest of several reference shades per name (navy and denim blue, camel and chocolate brown...).
// Gold and Silver are never emitted: they describe a metallic sheen, which mean colour cannot show.
import type { Colour } from '@snaplist/contract';
import { chroma, deltaE94Textile, type Lab, rgbToLab } from './colour-space';

/** Below this chroma a colour is white, grey or black. Beige (about 17) and pale pink stay above it. */
const NEUTRAL_CHROMA = 10;
const BLACK_MAX_LIGHTNESS = 27;
const WHITE_MIN_LIGHTNESS = 82;

type RgbTriple = [number, number, number];

const REFERENCE_SHADES: Record<Exclude<Colour, 'Gold' | 'Silver' | 'Multi'>, RgbTriple[]> = {
  Black: [[28, 28, 32]],
  White: [[245, 245, 240]],
  Grey: [
    [128, 128, 128],
    [118, 128, 142],
    [150, 145, 135],
  ],
  Red: [
    [200, 30, 40],
    [150, 22, 38],
    [230, 55, 50],
  ],
  Pink: [
    [240, 150, 180],
    [230, 70, 140],
    [248, 200, 210],
  ],
  Orange: [
    [240, 130, 30],
    [250, 165, 80],
    [215, 95, 35],
  ],
  Yellow: [
    [240, 210, 40],
    [250, 235, 120],
    [225, 182, 35],
  ],
  Green: [
    [40, 130, 60],
    [120, 190, 80],
    [30, 80, 45],
    [105, 115, 55],
    [110, 200, 170],
  ],
  Blue: [
    [40, 90, 190],
    [70, 105, 155],
    [120, 170, 220],
    [30, 110, 150],
  ],
  Navy: [
    [25, 35, 80],
    [35, 45, 70],
    [18, 22, 50],
  ],
  Purple: [
    [110, 50, 140],
    [170, 130, 200],
    [90, 30, 85],
  ],
  Brown: [
    [110, 65, 35],
    [150, 100, 60],
    [70, 45, 30],
    [175, 130, 85],
  ],
  Beige: [
    [215, 195, 160],
    [232, 218, 190],
    [200, 182, 142],
  ],
};

const REFERENCES = Object.entries(REFERENCE_SHADES).flatMap(([name, shades]) =>
  shades.map((shade) => ({ name: name as Colour, lab: rgbToLab(...shade) })),
);

export function nameColour(colour: Lab): Colour {
  if (chroma(colour) < NEUTRAL_CHROMA) {
    if (colour.l <= BLACK_MAX_LIGHTNESS) return 'Black';
    if (colour.l >= WHITE_MIN_LIGHTNESS) return 'White';
    return 'Grey';
  }
  let best: Colour = 'Grey';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const reference of REFERENCES) {
    const distance = deltaE94Textile(colour, reference.lab);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = reference.name;
    }
  }
  return best;
}
