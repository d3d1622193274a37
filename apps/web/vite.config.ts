// Vite build and dev server for the web app, plus its Vitest project ('web') for the root workspace.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { DEFAULT_LANGUAGE } from '../../packages/contract/src/constants';
import { paths } from './src/lib/paths';

const apiTarget = process.env.SNAPLIST_API_URL ?? 'http://localhost:3000';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/** Smaller files fit in the first packets of the answer anyway; a compressed copy would only add files. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest levels: the
 * server sends the copy the browser accepts (decision 027), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'snaplist:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(dir, fileName);
          const content = await fs.readFile(file);
          if (content.length < MIN_COMPRESSED_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            brotliCompress(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, brotli), fs.writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * i18next loads the fallback language beside the chosen one, always, but only once the app's code runs. A
 * modulepreload in the page fetches that translation file together with the app's code instead of after it.
 */
function preloadFallbackLanguage(): Plugin {
  const fallbackLocale = new RegExp(`[\\\\/]locales[\\\\/]${DEFAULT_LANGUAGE}\\.json$`);
  let base = '/';
  return {
    name: 'snaplist:preload-fallback-language',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && fallbackLocale.test(output.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error(`No chunk holds locales/${DEFAULT_LANGUAGE}.json`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Pages where visits start whose code is a route module, with the module the route table (src/app/router.tsx)
 * loads for them. The build writes each a copy of index.html that also preloads that module, everything it
 * imports and its stylesheets; the server sends that copy for the page's path, so the page's code downloads
 * with the app's instead of after it (decision 027).
 */
const PRELOADED_PAGES = [
  { path: paths.photoUpload, module: 'src/features/photo-upload/components/photo-upload-page.tsx' },
];

function preloadedPages(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'snaplist:preloaded-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const indexPage = bundle['index.html'];
      if (indexPage?.type !== 'asset') throw new Error('The build has no index.html');
      const html = String(indexPage.source);
      for (const page of PRELOADED_PAGES) {
        const moduleId = path.resolve(root, page.module);
        const routeChunk = Object.values(bundle).find(
          (output): output is Rolldown.OutputChunk =>
            output.type === 'chunk' && output.facadeModuleId === moduleId,
        );
        if (!routeChunk) throw new Error(`No chunk starts at ${page.module}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const collect = (chunk: Rolldown.OutputChunk) => {
          if (scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) {
            const output = bundle[imported];
            if (output?.type === 'chunk') collect(output);
          }
        };
        collect(routeChunk);
        const notInPage = (file: string) => !html.includes(`"${base}${file}"`);
        const links = [
          ...[...scripts]
            .filter(notInPage)
            .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
          ...[...styles]
            .filter(notInPage)
            .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: `${page.path.slice(1)}.html`,
          source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadFallbackLanguage(), preloadedPages(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every 'zod' import, the contract's included, gets zod with its no-eval setting (the CSP refuses eval).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What every page runs gets chunks of its own, cached across deploys of the app's code. Every other
        // library goes with the pages that use it (decision 027): one vendor chunk would load the editor's
        // libraries on the landing page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // Zod and the setting that keeps it from eval (which the CSP refuses; see the 'zod' alias under
            // resolve) share a chunk, so the setting runs before any chunk that imports zod builds a schema.
            // Apart, a chunk of schemas could run first.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure logic tests run on node; a test that needs a DOM says so with `// @vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
