// The files a browser needs to remove backgrounds (decision 045), read once from the installed packages: the
// ISNet models of `@imgly/background-removal-data` (in 4 MiB chunks named by their sha256) and the ONNX
// runtime's WebAssembly build from `onnxruntime-web`. It answers two questions: which models are installed, and
// which file on disk a name under the public path stands for. A name it does not hold is never joined to a path.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BackgroundRemovalModel } from '@snaplist/contract';

/** IMG.LY's names for the models of a data package, by size (large, medium and small). */
const MODEL_BY_DATA_KEY: Record<string, BackgroundRemovalModel> = {
  '/models/large': 'isnet',
  '/models/medium': 'isnet_fp16',
  '/models/small': 'isnet_quint8',
};

/**
 * What `@imgly/background-removal` 1.7 loads: the CPU runtime, and the WebGPU one (jsep) when the browser has
 * WebGPU. Each is the WebAssembly module and the script that starts it.
 */
const RUNTIME_FILES = [
  'ort-wasm-simd-threaded.wasm',
  'ort-wasm-simd-threaded.mjs',
  'ort-wasm-simd-threaded.jsep.wasm',
  'ort-wasm-simd-threaded.jsep.mjs',
] as const;

/** The runtime's script is imported as a module from a blob, which needs a JavaScript type on that blob. */
const RUNTIME_MIME: Record<string, string> = { '.wasm': 'application/wasm', '.mjs': 'text/javascript' };

/** The chunk files are raw bytes (the data package's own resources.json misspells this type). */
const MODEL_MIME = 'application/octet-stream';

/** One entry of IMG.LY's resources.json: the chunks that, put end to end, make one file. */
export interface ResourceEntry {
  chunks: { name: string; offsets: [number, number] }[];
  size: number;
  mime: string;
}

/** A file served under the public path. */
export interface CatalogueFile {
  path: string;
  size: number;
  contentType: string;
}

export interface AssetCatalogue {
  /** The models whose every chunk is on disk with the size the data package says. */
  models: BackgroundRemovalModel[];
  onnxRuntimeVersion: string;
  /** IMG.LY's resources.json for these files, chunk names relative to the public path. */
  resources: Record<string, ResourceEntry>;
  /** Every file by its name relative to the public path: `models/isnet_fp16/<sha256>`, `onnxruntime-web/…`. */
  files: ReadonlyMap<string, CatalogueFile>;
}

/** Where the two packages are installed: their folders, the ones holding their package.json. */
export interface AssetPackages {
  dataPackageDir: string;
  onnxRuntimeDir: string;
}

interface DataPackageEntry {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
}

export function buildAssetCatalogue({ dataPackageDir, onnxRuntimeDir }: AssetPackages): AssetCatalogue {
  const files = new Map<string, CatalogueFile>();
  const resources: Record<string, ResourceEntry> = {};
  const models: BackgroundRemovalModel[] = [];

  const dataDist = path.join(dataPackageDir, 'dist');
  const dataEntries = readJson<Record<string, DataPackageEntry>>(path.join(dataDist, 'resources.json'));
  for (const [dataKey, model] of Object.entries(MODEL_BY_DATA_KEY)) {
    const entry = dataEntries[dataKey];
    if (!entry) continue;
    const chunks = entry.chunks.map((chunk) => ({
      name: `models/${model}/${chunk.hash}`,
      offsets: chunk.offsets,
      file: { path: path.join(dataDist, chunk.hash), size: chunk.offsets[1] - chunk.offsets[0] },
    }));
    // A model missing a chunk, or with one cut short, would fail in every seller's browser: it is not offered.
    if (!chunks.every((chunk) => fileSize(chunk.file.path) === chunk.file.size)) continue;
    models.push(model);
    for (const chunk of chunks) files.set(chunk.name, { ...chunk.file, contentType: MODEL_MIME });
    resources[`/models/${model}`] = {
      chunks: chunks.map(({ name, offsets }) => ({ name, offsets })),
      size: entry.size,
      mime: MODEL_MIME,
    };
  }

  const onnxRuntimeVersion = readJson<{ version: string }>(path.join(onnxRuntimeDir, 'package.json')).version;
  for (const fileName of RUNTIME_FILES) {
    const filePath = path.join(onnxRuntimeDir, 'dist', fileName);
    const size = fileSize(filePath);
    if (size === undefined) {
      throw new Error(`onnxruntime-web ${onnxRuntimeVersion} has no dist/${fileName}; reinstall it.`);
    }
    const name = `onnxruntime-web/${onnxRuntimeVersion}/${fileName}`;
    const contentType = RUNTIME_MIME[path.extname(fileName)] ?? MODEL_MIME;
    files.set(name, { path: filePath, size, contentType });
    resources[`/onnxruntime-web/${fileName}`] = {
      chunks: [{ name, offsets: [0, size] }],
      size,
      mime: contentType,
    };
  }
  return { models, onnxRuntimeVersion, resources, files };
}

let installed: AssetCatalogue | undefined;

/** The catalogue of the packages this server has installed, built on first use and kept. */
export function installedAssetCatalogue(): AssetCatalogue {
  installed ??= buildAssetCatalogue(installedAssetPackages());
  return installed;
}

function installedAssetPackages(): AssetPackages {
  const require = createRequire(import.meta.url);
  return {
    dataPackageDir: path.dirname(require.resolve('@imgly/background-removal-data/package.json')),
    // onnxruntime-web exports no package.json: its folder is found from its entry point.
    onnxRuntimeDir: packageRoot(require.resolve('onnxruntime-web'), 'onnxruntime-web'),
  };
}

function packageRoot(entryPoint: string, name: string): string {
  let directory = path.dirname(entryPoint);
  while (directory !== path.dirname(directory)) {
    const manifest = path.join(directory, 'package.json');
    if (fs.existsSync(manifest) && readJson<{ name?: string }>(manifest).name === name) return directory;
    directory = path.dirname(directory);
  }
  throw new Error(`No package.json of ${name} above ${entryPoint}.`);
}

/** The body of resources.json and its ETag, which changes whenever a file in it does. */
export function resourcesDocument(catalogue: AssetCatalogue): { body: string; etag: string } {
  const body = JSON.stringify(catalogue.resources);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

function readJson<T>(filePath: string): T {
  return JSON.parse(fs.readFileSync(filePath, 'utf8')) as T;
}

function fileSize(filePath: string): number | undefined {
  try {
    const stats = fs.statSync(filePath);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}
