// sRGB to CIE Lab (D65) and the colour differences the image analysis measures with.
// Lab is used because equal distances there look about equally different to a person, which RGB is not.

const SRGB_TO_LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const channel = value / 255;
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
});

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** Writes the Lab values of raw RGB pixels into three parallel arrays. */
export function rgbToLabArrays(
  rgb: Uint8Array,
  pixelCount: number,
): { l: Float32Array; a: Float32Array; b: Float32Array } {
  const l = new Float32Array(pixelCount);
  const a = new Float32Array(pixelCount);
  const b = new Float32Array(pixelCount);
  for (let index = 0; index < pixelCount; index++) {
    const lab = rgbToLab(rgb[index * 3] ?? 0, rgb[index * 3 + 1] ?? 0, rgb[index * 3 + 2] ?? 0);
    l[index] = lab.l;
    a[index] = lab.a;
    b[index] = lab.b;
  }
  return { l, a, b };
}

export function rgbToLab(red: number, green: number, blue: number): Lab {
  const r = SRGB_TO_LINEAR[red] ?? 0;
  const g = SRGB_TO_LINEAR[green] ?? 0;
  const bl = SRGB_TO_LINEAR[blue] ?? 0;
  const x = labCurve((0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047);
  const y = labCurve(0.2126729 * r + 0.7151522 * g + 0.072175 * bl);
  const z = labCurve((0.0193339 * r + 0.119192 * g + 0.9503041 * bl) / 1.08883);
  return { l: 116 * y - 16, a: 500 * (x - y), b: 200 * (y - z) };
}

function labCurve(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116;
}

export function chroma(colour: Lab): number {
  return Math.hypot(colour.a, colour.b);
}

/** Hue angle in degrees, 0..360. */
export function hue(colour: Lab): number {
  const degrees = (Math.atan2(colour.b, colour.a) * 180) / Math.PI;
  return degrees < 0 ? degrees + 360 : degrees;
}

export function hueDifference(first: Lab, second: Lab): number {
  const difference = Math.abs(hue(first) - hue(second));
  return difference > 180 ? 360 - difference : difference;
}

/**
 * CIE94 difference with the textile weights (kL = 2): lightness counts half, because the same cloth
 * in a fold or in the light differs mostly in lightness. `reference` is the named colour.
 */
export function deltaE94Textile(sample: Lab, reference: Lab): number {
  const c1 = chroma(reference);
  const c2 = chroma(sample);
  const dL = reference.l - sample.l;
  const dC = c1 - c2;
  const da = reference.a - sample.a;
  const db = reference.b - sample.b;
  const dH2 = Math.max(0, da * da + db * db - dC * dC);
  const sC = 1 + 0.048 * c1;
  const sH = 1 + 0.014 * c1;
  return Math.sqrt((dL / 2) ** 2 + (dC / sC) ** 2 + dH2 / (sH * sH));
}
