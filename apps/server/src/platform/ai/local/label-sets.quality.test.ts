// Runs the whole local engine (real reader, real parsing) on the label sets in ../shared and holds the floors
// decision 048 set: brand, size and main composition right, and nothing stated that the photos do not show.
// `brand-labels` and `label-photos` are real phone photos, `label-scenes` hard rendered items of 2-4 photos.
// None of their photos has a licence that lets it into this repository, so they are read from beside it at
// run time; a clone without them skips this file. Floors sit at what the engine measures: raise them when
// it gets better (decision 048).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FibreShare, GenerationSettingsSchema } from '@snaplist/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineListing, EnginePhoto } from '../listing-engine';
import { LocalListingEngine } from './local-engine';
import { createLabelReader } from './ocr';
import { canonicalFibre } from './text/composition';
import { stripAccents } from './text/normalise';

const sharedFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../../shared',
);

interface Truth {
  brand: string | null;
  brandAlso?: string[];
  size: string | null;
  sizeAlso?: string[];
  sizeEquivalent?: string[];
  materials: { fibre: string; pct: number | null }[] | null;
}

interface Floors {
  /** Shares of the items that print one (null: the set prints none, and none may be stated). */
  brand: number | null;
  size: number | null;
  composition: number;
}

/** Measured on 2026-11-28 (decisions 048, 049 and 058); the issue's targets are in the comments. */
const SETS: Record<string, Floors> = {
  // 9 real. Issue: brand at least 6 of 7, size at least 4 of 5. Measured brand 6/7 (STEP ONE's logo, half
  // under a thumb, is not stated), size 5/5, composition 8/8.
  'brand-labels': { brand: 6 / 7, size: 5 / 5, composition: 8 / 8 },
  // 34 real care labels. Issue: composition at least 90 %, no brand or size. Measured 17/17.
  'label-photos': { brand: null, size: null, composition: 17 / 17 },
  // 40 rendered. Issue: brand, size and composition at least 85 %. Measured 33/33, 29/31, 37/40.
  'label-scenes': { brand: 33 / 33, size: 29 / 31, composition: 37 / 40 },
};

const brandKey = (value: string) =>
  stripAccents(value)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

// EUR and EU name the same system; 2XL is XXL; "0-3 MTHS" and "0-3 months" are one size written two ways.
const sizeKey = (value: string) =>
  value
    .toUpperCase()
    .replace(/EUR/g, 'EU')
    .replace(/\b2XL\b/g, 'XXL')
    .replace(/\b(MONTHS?|MTHS?)\b/g, 'M')
    .replace(/\b(YEARS?|YRS?)\b/g, 'Y')
    .replace(/[^A-Z0-9]/g, '');

/** The size as the listing states it first: "M (EU 38, UK 10)" states M, with its other systems after. */
function mainSize(size: string): string {
  return size.split(' (')[0] ?? size;
}

/** A fibre named with what it is made from ("bamboo viscose") is its last word's fibre, as the engine states it. */
function fibreKey(fibre: string): string {
  return canonicalFibre(fibre) ?? canonicalFibre(fibre.split(' ').at(-1) ?? '') ?? fibre;
}

function compositionKey(shares: readonly { fibre: string; percent: number | null }[]): string {
  return shares
    .map((share) => `${fibreKey(share.fibre)}:${share.percent}`)
    .sort()
    .join(',');
}

function describeComposition(shares: readonly FibreShare[]): string {
  return shares.length === 0 ? '-' : shares.map((share) => `${share.percent}% ${share.fibre}`).join(' ');
}

async function photosOf(folder: string): Promise<EnginePhoto[]> {
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.jpg'))
    .sort();
  return Promise.all(
    files.map(async (file, index) => {
      const jpeg = fs.readFileSync(path.join(folder, file));
      const { width = 0, height = 0 } = await sharp(jpeg).metadata();
      return { number: index + 1, jpeg, width, height };
    }),
  );
}

const engine = new LocalListingEngine(createLabelReader({ workers: 2 }));
const settings = GenerationSettingsSchema.parse({});

afterAll(async () => {
  await engine.close();
});

for (const [set, floors] of Object.entries(SETS)) {
  const folder = path.join(sharedFolder, set);
  const items = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((name) => /^item-\d+$/.test(name))
        .sort()
    : [];

  describe.skipIf(items.length === 0)(`local engine on ${folder}`, () => {
    it('states the brand, size and composition the photos show, and nothing they do not', async () => {
      const drafts: EngineListing[] = [];
      let next = 0;
      // Two listings at a time, as two sellers would: both reader lanes stay busy.
      const lane = async () => {
        while (next < items.length) {
          const index = next++;
          drafts[index] = await engine.write({
            photos: await photosOf(path.join(folder, items[index] ?? '')),
            settings,
            language: 'en',
            currency: 'GBP',
          });
        }
      };
      await Promise.all([lane(), lane()]);

      const tally = {
        brands: 0,
        brandRight: 0,
        sizes: 0,
        sizeRight: 0,
        compositions: 0,
        compositionRight: 0,
      };
      const invented: string[] = [];
      const report: string[] = [];
      for (const [index, item] of items.entries()) {
        const draft = drafts[index] as EngineListing;
        const truth = JSON.parse(fs.readFileSync(path.join(folder, item, 'truth.json'), 'utf8')) as Truth;
        const brands = [truth.brand, ...(truth.brandAlso ?? [])].flatMap((brand) =>
          brand ? [brandKey(brand)] : [],
        );
        const sizes = [truth.size, ...(truth.sizeAlso ?? []), ...(truth.sizeEquivalent ?? [])].flatMap(
          (size) => (size ? [sizeKey(size)] : []),
        );
        const brandRight = draft.brand !== null && brands.includes(brandKey(draft.brand));
        const sizeRight = draft.size !== null && sizes.includes(sizeKey(mainSize(draft.size)));
        if (draft.brand !== null && !brandRight) invented.push(`${item} brand ${draft.brand}`);
        if (draft.size !== null && !sizeRight) invented.push(`${item} size ${draft.size}`);
        if (truth.brand) tally.brands++;
        if (truth.brand && brandRight) tally.brandRight++;
        if (truth.size) tally.sizes++;
        if (truth.size && sizeRight) tally.sizeRight++;
        let composition = '';
        if (truth.materials) {
          tally.compositions++;
          const right =
            compositionKey(draft.composition) ===
            compositionKey(truth.materials.map(({ fibre, pct }) => ({ fibre, percent: pct })));
          if (right) tally.compositionRight++;
          composition = right ? 'exact' : 'MISSED';
        } else if (draft.composition.length > 0) {
          invented.push(`${item} composition ${describeComposition(draft.composition)}`);
        }
        report.push(
          `  ${item} brand ${draft.brand ?? '-'} (${truth.brand ?? '-'})  size ${draft.size ?? '-'} (${truth.size ?? '-'})` +
            `  ${composition || 'no composition'} ${describeComposition(draft.composition)}` +
            `  asks ${draft.suggestions.map((suggestion) => `${suggestion.field} ${suggestion.value}?`).join(' ') || '-'}` +
            `  title "${draft.title}"`,
        );
      }
      const share = (right: number, all: number) => (all === 0 ? 1 : right / all);
      process.stdout.write(
        `\n${set}: brand ${tally.brandRight}/${tally.brands}, size ${tally.sizeRight}/${tally.sizes}, ` +
          `composition ${tally.compositionRight}/${tally.compositions}, stated but not shown: ${invented.length}\n` +
          `${report.join('\n')}\n`,
      );

      expect(invented).toEqual([]);
      if (floors.brand !== null)
        expect(share(tally.brandRight, tally.brands)).toBeGreaterThanOrEqual(floors.brand);
      if (floors.size !== null)
        expect(share(tally.sizeRight, tally.sizes)).toBeGreaterThanOrEqual(floors.size);
      expect(share(tally.compositionRight, tally.compositions)).toBeGreaterThanOrEqual(floors.composition);
    }, 600_000);
  });
}
