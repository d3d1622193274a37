// A brand's ® or ™ is printed small and raised after the name; the recogniser, whose dictionary is made for
// text, reads it as a last "O" ("PURLINO" for "PURLIN®"). Whether the last glyph is such a mark is a question
// of its shape in the line crop, not of the letters: it is much shorter than the letters before it and
// sits above their baseline.
import { median } from '../median';
import { greyAt, type RgbImage } from './text-boxes';

/** A glyph shorter than this share of the line's letters is no capital letter. */
const MARK_HEIGHT_SHARE = 0.6;
/** Its bottom sits above the letters' baseline by at least this share of their height. */
const MARK_RAISE_SHARE = 0.25;
/** Columns with fewer ink pixels than this are background (noise, a fibre of the fabric). */
const MIN_INK_PER_COLUMN = 2;
/** Ink is a pixel this far from the background's grey, as a share of the crop's contrast. */
const INK_CONTRAST_SHARE = 0.35;
const MIN_INK_CONTRAST = 30;
/** Marks and letters come apart by at least this many blank columns at recognition height. */
const MIN_GAP_COLUMNS = 1;

interface Glyph {
  top: number;
  bottom: number;
}

function greys(crop: RgbImage): Uint8Array {
  const grey = new Uint8Array(crop.width * crop.height);
  for (let index = 0; index < grey.length; index++) grey[index] = greyAt(crop, index);
  return grey;
}

function percentile(sorted: Uint8Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** The glyphs of a line crop from left to right, as runs of columns holding ink, with their ink's extent. */
function glyphsOf(crop: RgbImage): Glyph[] {
  const grey = greys(crop);
  const sorted = grey.slice().sort();
  // Most of a line crop is background, on dark labels as on light ones: the median is its grey.
  const background = percentile(sorted, 0.5);
  const contrast = percentile(sorted, 0.98) - percentile(sorted, 0.02);
  const threshold = Math.max(MIN_INK_CONTRAST, INK_CONTRAST_SHARE * contrast);
  const isInk = (x: number, y: number) => Math.abs((grey[y * crop.width + x] ?? 0) - background) > threshold;
  const glyphs: Glyph[] = [];
  let current: Glyph | null = null;
  let blank = 0;
  for (let x = 0; x < crop.width; x++) {
    let count = 0;
    let top = crop.height;
    let bottom = -1;
    for (let y = 0; y < crop.height; y++)
      if (isInk(x, y)) {
        count++;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    if (count >= MIN_INK_PER_COLUMN) {
      if (current === null || blank > MIN_GAP_COLUMNS) {
        current = { top, bottom };
        glyphs.push(current);
      } else {
        current.top = Math.min(current.top, top);
        current.bottom = Math.max(current.bottom, bottom);
      }
      blank = 0;
    } else blank++;
  }
  return glyphs;
}

/** True when the line's last glyph is small and raised above the letters before it, as ® and ™ are. */
export function endsInRaisedMark(crop: RgbImage): boolean {
  const glyphs = glyphsOf(crop);
  const mark = glyphs.at(-1);
  const letters = glyphs.slice(0, -1);
  if (mark === undefined || letters.length < 2) return false;
  const letterHeight = median(letters.map((glyph) => glyph.bottom - glyph.top + 1));
  const baseline = median(letters.map((glyph) => glyph.bottom));
  return (
    mark.bottom - mark.top + 1 <= MARK_HEIGHT_SHARE * letterHeight &&
    baseline - mark.bottom >= MARK_RAISE_SHARE * letterHeight
  );
}
