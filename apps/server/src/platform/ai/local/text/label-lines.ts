// The lines that may state a brand or a size, with what their photo says about trusting them. Brand and size
// reading walk the same lines under the same rules: never a photo of the item itself, texture noise counted
// per photo, and a care label's own shape (short words below its care text are pieces of the instructions).
import type { PhotoText } from '../facts';
import { isCareText } from './label-vocabulary';
import { noiseShare, type PhotoLine, toLines } from './normalise';

export interface LabelLine {
  line: PhotoLine;
  /** The lines just before and after on the same photo, when there are. */
  previous: PhotoLine | undefined;
  next: PhotoLine | undefined;
  /** The share of the photo's lines that are texture noise (see noiseShare). */
  noise: number;
  /** The photo is mostly care text and this line comes after some of it. */
  belowCare: boolean;
  /** What the reader judged the line's photo to show ('unknown' photos may still be labels). */
  kind: PhotoText['kind'];
}

/** Every line of every photo that may show a label, in reading order; photos of the item are skipped. */
export function labelLines(texts: readonly PhotoText[]): LabelLine[] {
  const found: LabelLine[] = [];
  for (const photoText of texts) {
    if (photoText.kind === 'item') continue;
    const noise = noiseShare(photoText);
    const lines = toLines([photoText]);
    const careLines = lines.filter((line) => isCareText(line.text));
    const careLabel = careLines.length * 2 >= lines.length;
    lines.forEach((line, index) => {
      found.push({
        line,
        previous: lines[index - 1],
        next: lines[index + 1],
        noise,
        belowCare: careLabel && careLines.some((care) => care.index < line.index),
        kind: photoText.kind,
      });
    });
  }
  return found;
}
