// How far the text in a photo is tilted, by projection profiles: ink summed along lines of each candidate
// slope piles up into sharp peaks only when the slope matches the text's. Tesseract reads lines tilted by
// more than a few degrees in broken pieces, so the reader turns such text upright before reading it.
import type { GreyImage } from './grey-image';

const MAX_DEGREES = 15;
const STEP_DEGREES = 1;
/** The best slope must pile the ink up this much more sharply than level lines do, or the text is level. */
const MIN_GAIN = 1.15;

/** The text's tilt in degrees (positive: lines fall to the right); 0 when level or unclear. */
export function estimateSkew(image: GreyImage, inkIsLight: boolean): number {
  const { width, height, pixels } = image;
  let sum = 0;
  for (let index = 0; index < pixels.length; index++) sum += pixels[index] ?? 0;
  const mean = sum / Math.max(1, pixels.length);
  // Ink: pixels well away from the mean on the ink's side. Sampled every other pixel each way.
  const inkX: number[] = [];
  const inkY: number[] = [];
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      const value = pixels[y * width + x] ?? 0;
      if (inkIsLight ? value > mean + 40 : value < mean - 40) {
        inkX.push(x - width / 2);
        inkY.push(y);
      }
    }
  if (inkX.length < 200) return 0;
  const spread = Math.ceil(height + width * Math.tan((MAX_DEGREES * Math.PI) / 180)) + 1;
  const score = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const bins = new Float64Array(spread * 2);
    for (let index = 0; index < inkX.length; index++) {
      // Bins two pixels tall, as the sampling is: one-pixel bins would favour the level slope, whose
      // sampled rows all fall on even bins.
      const bin = Math.round(((inkY[index] ?? 0) - (inkX[index] ?? 0) * slope) / 2) + spread;
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    let total = 0;
    for (const count of bins) total += count * count;
    return total;
  };
  const level = score(0);
  let best = 0;
  let bestScore = level;
  for (let degrees = -MAX_DEGREES; degrees <= MAX_DEGREES; degrees += STEP_DEGREES) {
    const candidate = score(degrees);
    if (candidate > bestScore) {
      best = degrees;
      bestScore = candidate;
    }
  }
  return bestScore >= level * MIN_GAIN ? best : 0;
}
