// The sell-page script loads on every page of Vinted's, Depop's and Poshmark's sites, so it stays small: it
// imports the contract's zod-free files only (marketplaces, money), never its schemas.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { expect, it } from 'vitest';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('bundles without zod, in well under 100 KB', async () => {
  const result = await esbuild.build({
    absWorkingDir: extensionRoot,
    entryPoints: ['src/sell-page/sell-page.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((input) => input.includes('node_modules/zod'))).toEqual([]);
  expect(result.outputFiles[0]?.contents.byteLength).toBeLessThan(100 * 1024);
});
