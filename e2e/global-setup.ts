// The photos the journeys upload, rendered from the fixture generator (a flat-lay of jeans and the brand label
// sewn into them). The empty database of every run is the web server's own doing (playwright.config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flatLayFixtures, labelFixtures, renderFixture } from '@snaplist/server/testing';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
export const JOURNEY_PHOTOS = {
  jeans: path.join(artifacts, 'photos', 'jeans.jpg'),
  label: path.join(artifacts, 'photos', 'levis-label.png'),
};

export default async function globalSetup(): Promise<void> {
  fs.mkdirSync(path.dirname(JOURNEY_PHOTOS.jeans), { recursive: true });
  const jeans = flatLayFixtures.find((spec) => spec.name === 'jeans-blue-on-white');
  const label = labelFixtures.find((spec) => spec.name === 'woven-levis-w32-l34');
  if (!jeans || !label) throw new Error('the journey fixtures were renamed');
  fs.writeFileSync(JOURNEY_PHOTOS.jeans, await renderFixture(jeans));
  fs.writeFileSync(JOURNEY_PHOTOS.label, await renderFixture(label));
}
