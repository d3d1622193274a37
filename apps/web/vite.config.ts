// Vite build and dev server for the web app, plus its Vitest project ('web') for the root workspace.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { FIRST_PAGES_QUERY, isFirstPageKey } from './src/lib/first-page-translations';
import { paths } from './src/lib/paths';

const apiTarget = process.env.SNAPLIST_API_URL ?? 'http://localhost:3000';
/** What the dev server and the preview pass to the API server: the API, and the model files at their default path. */
const serverPaths = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/background-removal': { target: apiTarget, changeOrigin: true },
};

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/**
 * Below this a compressed copy saves a few dozen bytes at most. Above it every byte counts: the bundler's
 * runtime, on every page, is 0.7 KB and 0.4 KB compressed.
 */
const MIN_COMPRESSED_BYTES = 512;

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
 * `locales/<code>.json?first-pages`: a module of the locale file's strings of the pages where visits start
 * (src/lib/first-page-translations.ts) only.
 */
function firstPageTranslations(): Plugin {
  const prefix = '\0first-page-translations:';
  return {
    name: 'snaplist:first-page-translations',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [file = '', query = ''] = source.split('?');
      if (!file.endsWith('.json') || !new URLSearchParams(query).has(FIRST_PAGES_QUERY)) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      // Named as a script, not .json, so that Vite's JSON handling leaves it alone.
      return resolved ? `${prefix}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length, -'.js'.length);
      this.addWatchFile(file);
      const strings: Record<string, string> = JSON.parse(await fs.readFile(file, 'utf8'));
      const firstPageStrings = Object.entries(strings).filter(([key]) => isFirstPageKey(key));
      return `export default ${JSON.stringify(Object.fromEntries(firstPageStrings))};`;
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

/**
 * onnxruntime-web names its WebAssembly and its own scripts with `new URL(file, import.meta.url)`, which the
 * build would copy into assets/ (24 MB for the WebGPU runtime alone). The background removal worker has it
 * load every file from the server's background removal public path instead, so those references are left to
 * run time, where they are never followed.
 */
function onnxRuntimeFilesFromServer(): Plugin {
  return {
    name: 'snaplist:onnxruntime-files-from-server',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]onnxruntime-web[\\/]dist[\\/]/ },
      handler: (code) => ({ code: code.replaceAll('new URL(', 'new URL(/* @vite-ignore */ '), map: null }),
    },
  };
}

const APP_ENTRY = 'src/main.tsx';

type ModuleGraph = (moduleId: string) => Rolldown.ModuleInfo | null;

/** The modules `from` imports statically, directly or through others, `from` included. */
function staticImports(graph: ModuleGraph, from: string): Set<string> {
  const found = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(graph(id)?.importedIds ?? []));
  }
  return found;
}

/** Every module the app loads on demand (a route, a dialog, a translation file). */
function dynamicEntries(graph: ModuleGraph, appEntry: string): Set<string> {
  const seen = new Set<string>();
  const entries = new Set<string>();
  const pending = [appEntry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph(id);
    for (const imported of info?.dynamicallyImportedIds ?? []) entries.add(imported);
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return entries;
}

/**
 * The chunk group that gives each preloaded page one chunk for the modules it shares with other on-demand code
 * but the app's entry does not load. Left to the bundler, they come in one small file per set of importers
 * (a dozen for /photo-upload), and on a first visit over HTTP/1.1 they queue behind the browser's six
 * connections (decision 027). Other code that needs one of them loads the whole shared chunk:
 * a few KB, on demand. Icons stay one per file: imported through lucide's index module, every icon looks
 * imported by the entry to this reading of the module graph, so the group leaves them alone.
 */
function preloadedPagesSharedChunks(root: string): Rolldown.CodeSplittingGroup {
  let chunkByModule: Map<string, string> | undefined;
  const assignModules = (graph: ModuleGraph) => {
    const appEntry = path.resolve(root, APP_ENTRY);
    const inEntry = staticImports(graph, appEntry);
    const entries = [...dynamicEntries(graph, appEntry)];
    const assigned = new Map<string, string>();
    for (const page of PRELOADED_PAGES) {
      const pageModule = path.resolve(root, page.module);
      const elsewhere = new Set(
        entries.filter((entry) => entry !== pageModule).flatMap((entry) => [...staticImports(graph, entry)]),
      );
      for (const id of staticImports(graph, pageModule)) {
        if (id !== pageModule && !inEntry.has(id) && elsewhere.has(id) && !assigned.has(id)) {
          assigned.set(id, `${path.basename(page.module, path.extname(page.module))}-shared`);
        }
      }
    }
    return assigned;
  };
  return {
    debugName: 'preloaded-pages-shared',
    name: (moduleId, context) => {
      chunkByModule ??= assignModules((id) => context.getModuleInfo(id));
      return chunkByModule.get(moduleId) ?? null;
    },
    // Exactly the modules named: their imports are in the entry, a library chunk or this group already.
    includeDependenciesRecursively: false,
  };
}

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
  plugins: [react(), firstPageTranslations(), preloadedPages(), precompress()],
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
        // The libraries every page runs share one chunk, cached across deploys of the app's code and one
        // request rather than two on a first visit. Every other library goes with the pages that use it
        // (decision 027): one vendor chunk would load the editor's libraries on the landing page.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            // TanStack Query's core in one file, which lib/query-client-on-demand.tsx loads with the first page
            // or dialog that reads server data, rather than four small ones.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]query-core[\\/]/ },
            // Zod and the setting that keeps it from eval (which the CSP refuses; see the 'zod' alias under
            // resolve) share a chunk, so the setting runs before any chunk that imports zod builds a schema.
            // Apart, a chunk of schemas could run first.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/ },
            // Last, so the library chunks above keep their modules.
            preloadedPagesSharedChunks(fileURLToPath(new URL('.', import.meta.url))),
          ],
        },
      },
    },
  },
  worker: {
    // The background removal worker (lib/background-removal) loads onnxruntime-web on demand, and only a
    // module worker can split off what it loads later.
    format: 'es',
    plugins: () => [onnxRuntimeFilesFromServer()],
  },
  optimizeDeps: {
    // Found by the dev server only when the worker first loads, which would reload the page at that moment.
    include: ['@imgly/background-removal'],
  },
  server: { proxy: serverPaths },
  preview: { proxy: serverPaths },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure logic tests run on node; a test that needs a DOM says so with `// @vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
