// Runs the image analysis on the real garment photos in ../shared/garment-photos (200 phone photos of
// single items, ten types) and holds the floors measured there: the item type named right on at least
// RIGHT_FLOOR photos, named wrong on at most WRONG_CEILING (never above 5%: a wrong type is worse than none),
// and the main colour right on at least COLOUR_FLOOR. The photos stay beside the repository, never copied
// into it; a clone without them skips this file. Raise a floor when the engine gets better (decision 015).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImageFacts } from './facts';
import { analyseItemPhotos } from './image/analyse-image';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const photosFolder = path.resolve(repositoryRoot, '../shared/garment-photos');
const items = fs.existsSync(photosFolder)
  ? fs
      .readdirSync(photosFolder)
      .filter((name) => /^item-\d+$/.test(name))
      .sort()
  : [];

/** Measured when written (decision 049): 22 of 200 right, 4 wrong, 136 main colours right. */
const RIGHT_FLOOR = 22;
const WRONG_CEILING = 4;
const COLOUR_FLOOR = 136;

interface Truth {
  /** The source's class: dress, hat, longsleeve, outwear, pants, shirt, shoes, shorts, skirt, t-shirt. */
  type: string;
  /** Other names a person would accept for this photo. */
  typeAlso: string[];
  colour: string;
  colourAlso: string[];
}

/** The source class each of the engine's item words belongs to. */
const CLASS_OF_ITEM_TYPE: Record<string, string> = {
  trousers: 'pants',
  jeans: 'pants',
  shorts: 'shorts',
  skirt: 'skirt',
  dress: 'dress',
  't-shirt': 't-shirt',
  'long-sleeve top': 'longsleeve',
  jumper: 'longsleeve',
  shirt: 'shirt',
  jacket: 'outwear',
  coat: 'outwear',
  shoes: 'shoes',
  hat: 'hat',
};

type Verdict = 'right' | 'wrong' | 'silent';

function judgeType(facts: ImageFacts, truth: Truth): Verdict {
  const said = facts.itemType?.value;
  if (!said) return 'silent';
  return CLASS_OF_ITEM_TYPE[said] === truth.type || truth.typeAlso.includes(said) ? 'right' : 'wrong';
}

describe.skipIf(items.length === 0)(
  `image analysis on the real garment photos in ${photosFolder}${items.length === 0 ? ' (skipped: folder absent)' : ''}`,
  () => {
    it('names the item type right often enough, wrong rarely, and the main colour', async () => {
      const table = new Map<string, Record<Verdict | 'colour', number>>();
      for (const item of items) {
        const truth = JSON.parse(
          fs.readFileSync(path.join(photosFolder, item, 'truth.json'), 'utf8'),
        ) as Truth;
        const jpeg = fs.readFileSync(path.join(photosFolder, item, '1-garment.jpg'));
        // The analysis reads the photo's own size from the JPEG; width and height are not used by it.
        const facts = await analyseItemPhotos([{ number: 1, jpeg, width: 0, height: 0 }], {
          labelPhotos: new Set(),
        });
        const row = table.get(truth.type) ?? { right: 0, wrong: 0, silent: 0, colour: 0 };
        row[judgeType(facts, truth)]++;
        const colour = facts.colours.value[0]?.toLowerCase() ?? '';
        if (colour === truth.colour || truth.colourAlso.includes(colour)) row.colour++;
        table.set(truth.type, row);
      }
      const rows = [...table.entries()].sort(([first], [second]) => first.localeCompare(second));
      const total = { right: 0, wrong: 0, silent: 0, colour: 0 };
      for (const [, row] of rows)
        for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += row[key];
      const lines = [
        'type        right wrong silent colour',
        ...rows.map(([type, row]) => format(type, row)),
      ];
      process.stdout.write(`\nGarment photos\n${[...lines, format('total', total)].join('\n')}\n`);
      expect(total.right).toBeGreaterThanOrEqual(RIGHT_FLOOR);
      expect(total.wrong).toBeLessThanOrEqual(WRONG_CEILING);
      expect(total.wrong).toBeLessThanOrEqual(0.05 * items.length);
      expect(total.colour).toBeGreaterThanOrEqual(COLOUR_FLOOR);
    }, 120_000);
  },
);

function format(type: string, row: Record<Verdict | 'colour', number>): string {
  return [
    type.padEnd(11),
    ...[row.right, row.wrong, row.silent, row.colour].map((value) => String(value).padStart(6)),
  ].join('');
}
