// The reader on rendered labels: a label turned well past what tesseract alone could read, one turned a quarter
// turn, Polish text whose letters PaddleOCR's dictionary lacks, and a photo with nothing written on it.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { labelFixtures, renderFixture } from '../../../testing/fixtures';
import type { EnginePhoto } from '../listing-engine';
import { agreesAsideFromAccents, createLabelReader } from './ocr';

const reader = createLabelReader({ workers: 1 });

afterAll(async () => {
  await reader.close();
});

async function photoOf(image: Buffer, number = 1): Promise<EnginePhoto> {
  const jpeg = await sharp(image).jpeg({ quality: 90 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { number, jpeg, width, height };
}

function fixture(name: string) {
  const spec = labelFixtures.find((candidate) => candidate.name.includes(name));
  if (!spec) throw new Error(`no label fixture named ${name}`);
  return spec;
}

describe('createLabelReader', () => {
  it('reads a label turned by 25 degrees, line by line, with where each line sits', async () => {
    const label = await renderFixture(fixture('hard-rotated-5-levis'));
    const turned = await sharp(label).rotate(25, { background: '#ffffff' }).png().toBuffer();
    const [text] = await reader.read([await photoOf(turned)]);
    // A brand and a size alone are two words: not enough to call it a label, but never the item.
    expect(text?.kind).not.toBe('item');
    expect(text?.text).toMatch(/Levi.s/);
    expect(text?.text).toContain('W32');
    const tallest = [...(text?.lines ?? [])].sort(
      (first, second) => second.letterHeight - first.letterHeight,
    )[0];
    expect(tallest?.text.toUpperCase()).toContain('LEVI');
    expect(Math.abs(tallest?.angle ?? 0)).toBeGreaterThan(15);
    expect(Math.abs(tallest?.angle ?? 0)).toBeLessThan(35);
    for (const line of text?.lines ?? []) {
      expect(line.box.left).toBeGreaterThanOrEqual(0);
      expect(line.box.left + line.box.width).toBeLessThanOrEqual(1.0001);
    }
  });

  it('puts the lines of a label turned a quarter turn back in their reading order', async () => {
    const label = await renderFixture(fixture('care-en-cotton-polyester'));
    const turned = await sharp(label).rotate(90, { background: '#ffffff' }).png().toBuffer();
    const [text] = await reader.read([await photoOf(turned)]);
    const lines = (text?.lines ?? []).map((line) => line.text);
    const first = lines.indexOf('60% Cotton');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.findIndex((line) => /tumble/.test(line))).toBeGreaterThan(first);
  });

  it('gives Polish words their letters back where the first reading was unsure of them', async () => {
    const [text] = await reader.read([await photoOf(await renderFixture(fixture('care-pl-rozmiar-l')))]);
    expect(text?.kind).toBe('label');
    expect(text?.text).toContain('Nie suszyć');
    expect(text?.text).toContain('35% poliester');
  });

  it('reads nothing on a plain surface', async () => {
    const plain = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 170, b: 160 } },
    })
      .png()
      .toBuffer();
    const [text] = await reader.read([await photoOf(plain, 2)]);
    expect(text).toMatchObject({ photo: 2, text: '', lines: [] });
  });
});

describe('agreesAsideFromAccents', () => {
  it('takes a reading that restores accented letters', () => {
    expect(agreesAsideFromAccents('80% bawełna', '80% bawetna')).toBe(true);
    expect(agreesAsideFromAccents('Größe M', 'Grobe M')).toBe(true);
    expect(agreesAsideFromAccents('POLIÉSTER', 'POLIESTER')).toBe(true);
  });

  it('refuses one that changes anything else, or brings no accent', () => {
    expect(agreesAsideFromAccents('93%POLYESTERĘ77%SPANDEX', '93%POLYESTER7%SPANDEX')).toBe(false);
    expect(agreesAsideFromAccents('COTTOM', 'COTTON')).toBe(false);
    expect(agreesAsideFromAccents('ZARĄ WOMAN', 'ZARA')).toBe(false);
  });
});
