// Builds the unpacked extension into dist/, the folder a browser loads (docs/extension.md): the four scripts
// bundled by esbuild, the manifest with this package's version, the locales, the popup page and the icons,
// drawn from icons/icon.svg (the web app's favicon) because browsers want PNGs in a manifest.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

/** Output name (without .js) → source; manifest.json and the background refer to these names. */
const ENTRY_POINTS = {
  background: 'src/background/background.ts',
  popup: 'src/popup/popup.ts',
  'web-bridge': 'src/web-bridge/web-bridge.ts',
  'sell-page': 'src/sell-page/sell-page.ts',
};
const ICON_SIZES = [16, 32, 48, 128];
/** The SVG's own width in user units, at which 72 dpi gives one pixel per unit. */
const ICON_SVG_SIZE = 32;

async function readJson(file) {
  return JSON.parse(await fs.readFile(path.join(here, file), 'utf8'));
}

async function drawIcons() {
  const svg = await fs.readFile(path.join(here, 'icons/icon.svg'));
  await fs.mkdir(path.join(dist, 'icons'));
  await Promise.all(
    ICON_SIZES.map((size) =>
      // Rendered at the target size rather than scaled from a bitmap, so every size has crisp edges.
      sharp(svg, { density: (72 * size) / ICON_SVG_SIZE })
        .resize(size, size)
        .png()
        .toFile(path.join(dist, 'icons', `icon-${size}.png`)),
    ),
  );
}

await fs.rm(dist, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: here,
  entryPoints: ENTRY_POINTS,
  outdir: dist,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  // Minified: the sell-page script loads on every Vinted, Depop and Poshmark page, with the contract's zod inside.
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
});

const { version } = await readJson('package.json');
const { manifest_version, ...manifest } = await readJson('manifest.json');
const built = { manifest_version, version, ...manifest };
await fs.writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(built, null, 2)}\n`);
await fs.cp(path.join(here, '_locales'), path.join(dist, '_locales'), { recursive: true });
await fs.copyFile(path.join(here, 'src/popup/popup.html'), path.join(dist, 'popup.html'));
await fs.copyFile(path.join(here, 'src/popup/popup.css'), path.join(dist, 'popup.css'));
await drawIcons();

process.stdout.write(`Snaplist extension ${version} built in ${path.relative(process.cwd(), dist) || '.'}\n`);
