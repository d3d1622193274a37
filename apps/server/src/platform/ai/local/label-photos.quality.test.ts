// Runs the whole local engine (real OCR) on the real care-label photos in ../shared/label-photos and holds
// the floors issue 12 set: no brand or size stated that a photo does not show (none of them shows one; a
// suggestion for the seller to confirm is allowed), no category (none names the item), no composition on a
// label that prints none, and the main composition exact, fibre by fibre and share by share, on most labels
// that print one. The photos have no licence, so they are read from beside the repository at run time and
// never copied into it; a clone without them skips this file. The floor sits at what the engine measures:
// raise it when the engine gets better (decision 015).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FibreShare, GenerationSettingsSchema } from '@snaplist/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineListing } from '../listing-engine';
import { LocalListingEngine } from './local-engine';
import { createTesseractReader } from './ocr';
import { canonicalFibre } from './text/composition';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const photosFolder = path.resolve(repositoryRoot, '../shared/label-photos');
const items = fs.existsSync(photosFolder)
  ? fs
      .readdirSync(photosFolder)
      .filter((name) => /^item-\d+$/.test(name))
      .sort()
  : [];

/**
 * Share of the labels with a composition whose main composition must be read exactly: 16 of 17 measured
 * (the miss is soft grey print OCR returns as noise); the issue asks for 85%.
 */
const COMPOSITION_FLOOR = 0.94;

interface Truth {
  brand: string | null;
  size: string | null;
  /** The main fabric, fibres as printed ("spandex", "rayon"); null when the label prints no composition. */
  materials: { fibre: string; pct: number }[] | null;
}

/** Fibres as canonical keys and percentages, in a fixed order: the engine names "spandex" elastane. */
function compositionKey(shares: readonly { fibre: string; percent: number }[]): string {
  return shares
    .map((share) => `${canonicalFibre(share.fibre) ?? share.fibre}:${share.percent}`)
    .sort()
    .join(',');
}

function describeComposition(shares: readonly FibreShare[]): string {
  return shares.length === 0 ? '-' : shares.map((share) => `${share.percent}% ${share.fibre}`).join(' ');
}

describe.skipIf(items.length === 0)(
  `local engine on the real label photos in ${photosFolder}${items.length === 0 ? ' (skipped: folder absent)' : ''}`,
  () => {
    const engine = new LocalListingEngine(createTesseractReader({ workers: 2 }));
    const settings = GenerationSettingsSchema.parse({});

    afterAll(async () => {
      await engine.close();
    });

    async function write(item: string): Promise<EngineListing> {
      const jpeg = fs.readFileSync(path.join(photosFolder, item, 'label.jpg'));
      const { width = 0, height = 0 } = await sharp(jpeg).metadata();
      return engine.write({
        photos: [{ number: 1, jpeg, width, height }],
        settings,
        language: 'en',
        currency: 'GBP',
      });
    }

    /** Two listings at a time, so both OCR workers stay busy while one photo's other work runs. */
    async function writeAll(names: readonly string[]): Promise<EngineListing[]> {
      const drafts: EngineListing[] = [];
      let next = 0;
      const lane = async () => {
        while (next < names.length) {
          const index = next++;
          drafts[index] = await write(names[index] ?? '');
        }
      };
      await Promise.all([lane(), lane()]);
      return drafts;
    }

    it('states nothing the labels do not show, and reads the composition', async () => {
      const invented: string[] = [];
      const report: string[] = [];
      let withComposition = 0;
      let exact = 0;
      const drafts = await writeAll(items);
      for (const [index, item] of items.entries()) {
        const draft = drafts[index];
        if (draft === undefined) throw new Error(`no listing for ${item}`);
        const truth = JSON.parse(
          fs.readFileSync(path.join(photosFolder, item, 'truth.json'), 'utf8'),
        ) as Truth;
        if (draft.brand !== null && draft.brand !== truth.brand)
          invented.push(`${item} brand ${draft.brand}`);
        if (draft.size !== null && draft.size !== truth.size) invented.push(`${item} size ${draft.size}`);
        // Care and composition labels name no kind of item: "wash in a mesh bag" is not a bag.
        if (draft.category !== null) invented.push(`${item} category ${draft.category}`);

        let verdict = '';
        if (truth.materials === null) {
          if (draft.composition.length > 0)
            invented.push(`${item} composition ${describeComposition(draft.composition)}`);
        } else {
          withComposition += 1;
          const right =
            compositionKey(draft.composition) ===
            compositionKey(truth.materials.map(({ fibre, pct }) => ({ fibre, percent: pct })));
          if (right) exact += 1;
          verdict = right ? 'exact' : 'MISSED';
        }
        report.push(
          `  ${item}  ${verdict.padEnd(6)}  composition ${describeComposition(draft.composition)}` +
            `  brand ${draft.brand ?? '-'}  size ${draft.size ?? '-'}  category ${draft.category ?? '-'}` +
            `  asks ${draft.suggestions.map((suggestion) => `${suggestion.field} ${suggestion.value}?`).join(' ') || '-'}`,
        );
      }
      const rate = withComposition === 0 ? 1 : exact / withComposition;
      process.stdout.write(
        `\nReal label photos: composition exact on ${exact}/${withComposition} (${Math.round(rate * 100)}%), ` +
          `facts not on the label: ${invented.length}\n${report.join('\n')}\n`,
      );

      expect(invented).toEqual([]);
      expect(rate).toBeGreaterThanOrEqual(COMPOSITION_FLOOR);
    }, 240_000);
  },
);
