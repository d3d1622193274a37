import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAssetCatalogue, resourcesDocument } from './asset-catalogue';

const RUNTIME_FILES = [
  'ort-wasm-simd-threaded.wasm',
  'ort-wasm-simd-threaded.mjs',
  'ort-wasm-simd-threaded.jsep.wasm',
  'ort-wasm-simd-threaded.jsep.mjs',
];

const folders: string[] = [];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-assets-'));
  folders.push(created);
  return created;
}

/** A data package as IMG.LY publishes one: each model in chunks named by their sha256, listed by key. */
function dataPackage(models: Record<string, Buffer[]>): string {
  const root = folder();
  fs.mkdirSync(path.join(root, 'dist'));
  const entries: Record<string, unknown> = {};
  for (const [key, chunks] of Object.entries(models)) {
    let start = 0;
    entries[key] = {
      chunks: chunks.map((bytes) => {
        const hash = sha256(bytes);
        fs.writeFileSync(path.join(root, 'dist', hash), bytes);
        start += bytes.length;
        return { hash, offsets: [start - bytes.length, start] };
      }),
      size: start,
      mime: 'application/octet-steam',
    };
  }
  fs.writeFileSync(path.join(root, 'dist', 'resources.json'), JSON.stringify(entries));
  return root;
}

function onnxRuntime(version: string, files = RUNTIME_FILES): string {
  const root = folder();
  fs.mkdirSync(path.join(root, 'dist'));
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'onnxruntime-web', version }));
  for (const file of files) fs.writeFileSync(path.join(root, 'dist', file), `${file} of ${version}`);
  return root;
}

describe('buildAssetCatalogue', () => {
  it('names a future large model isnet and keeps the runtime under its own version', () => {
    const dataPackageDir = dataPackage({
      '/models/large': [Buffer.alloc(10, 1), Buffer.alloc(4, 2)],
      '/onnxruntime-web/ort-wasm.wasm': [Buffer.alloc(3, 3)],
    });
    const catalogue = buildAssetCatalogue({ dataPackageDir, onnxRuntimeDir: onnxRuntime('1.22.0') });
    expect(catalogue.models).toEqual(['isnet']);
    expect(catalogue.onnxRuntimeVersion).toBe('1.22.0');
    const model = catalogue.resources['/models/isnet'];
    expect(model?.size).toBe(14);
    expect(model?.mime).toBe('application/octet-stream');
    expect(model?.chunks.map((chunk) => chunk.offsets)).toEqual([
      [0, 10],
      [10, 14],
    ]);
    const first = model?.chunks[0]?.name ?? '';
    expect(first).toMatch(/^models\/isnet\/[0-9a-f]{64}$/);
    expect(catalogue.files.get(first)).toEqual({
      path: path.join(dataPackageDir, 'dist', first.split('/')[2] ?? ''),
      size: 10,
      contentType: 'application/octet-stream',
    });
    // The data package's own old runtime is not what the library loads: it is neither listed nor served.
    expect(Object.keys(catalogue.resources).filter((key) => key.startsWith('/onnxruntime-web/'))).toEqual(
      RUNTIME_FILES.map((file) => `/onnxruntime-web/${file}`),
    );
    expect(catalogue.resources['/onnxruntime-web/ort-wasm-simd-threaded.jsep.mjs']).toEqual({
      chunks: [
        {
          name: 'onnxruntime-web/1.22.0/ort-wasm-simd-threaded.jsep.mjs',
          offsets: [0, 'ort-wasm-simd-threaded.jsep.mjs of 1.22.0'.length],
        },
      ],
      size: 'ort-wasm-simd-threaded.jsep.mjs of 1.22.0'.length,
      mime: 'text/javascript',
    });
  });

  it('leaves out a model with a chunk missing or cut short', () => {
    const dataPackageDir = dataPackage({
      '/models/medium': [Buffer.alloc(8, 1), Buffer.alloc(8, 2)],
      '/models/small': [Buffer.alloc(8, 3), Buffer.alloc(2, 4)],
    });
    const secondMediumChunk = path.join(dataPackageDir, 'dist', sha256(Buffer.alloc(8, 2)));
    fs.truncateSync(secondMediumChunk, 5);
    const catalogue = buildAssetCatalogue({ dataPackageDir, onnxRuntimeDir: onnxRuntime('1.21.0') });
    expect(catalogue.models).toEqual(['isnet_quint8']);
    expect(catalogue.resources['/models/isnet_fp16']).toBeUndefined();
    expect([...catalogue.files.keys()].some((name) => name.startsWith('models/isnet_fp16/'))).toBe(false);

    fs.rmSync(secondMediumChunk);
    expect(buildAssetCatalogue({ dataPackageDir, onnxRuntimeDir: onnxRuntime('1.21.0') }).models).toEqual([
      'isnet_quint8',
    ]);
  });

  it('refuses a runtime without one of its files, naming it', () => {
    const dataPackageDir = dataPackage({ '/models/small': [Buffer.alloc(8, 3)] });
    const onnxRuntimeDir = onnxRuntime('1.21.0', RUNTIME_FILES.slice(0, 3));
    expect(() => buildAssetCatalogue({ dataPackageDir, onnxRuntimeDir })).toThrow(
      'onnxruntime-web 1.21.0 has no dist/ort-wasm-simd-threaded.jsep.mjs',
    );
  });

  it('gives resources.json a new ETag when a file in it changes', () => {
    const onnxRuntimeDir = onnxRuntime('1.21.0');
    const before = resourcesDocument(
      buildAssetCatalogue({
        dataPackageDir: dataPackage({ '/models/small': [Buffer.alloc(8, 3)] }),
        onnxRuntimeDir,
      }),
    );
    const after = resourcesDocument(
      buildAssetCatalogue({
        dataPackageDir: dataPackage({ '/models/small': [Buffer.alloc(8, 4)] }),
        onnxRuntimeDir,
      }),
    );
    expect(JSON.parse(before.body)).toHaveProperty(['/models/isnet_quint8']);
    expect(after.etag).not.toBe(before.etag);
  });
});
