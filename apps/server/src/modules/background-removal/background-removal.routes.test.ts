import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { routes } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../../platform/background-removal/asset-catalogue';
import { expectOk, readOpenApiDocument, type TestServer } from '../../testing';
import { useTestServer } from '../../testing/test-server-per-suite';

// Found apart from the catalogue, so the tests compare its answers with the installed packages themselves.
const require = createRequire(import.meta.url);
const dataDist = path.join(
  path.dirname(require.resolve('@imgly/background-removal-data/package.json')),
  'dist',
);
const onnxRuntimeDist = path.dirname(require.resolve('onnxruntime-web'));
const RUNTIME_FILES = [
  'ort-wasm-simd-threaded.wasm',
  'ort-wasm-simd-threaded.mjs',
  'ort-wasm-simd-threaded.jsep.wasm',
  'ort-wasm-simd-threaded.jsep.mjs',
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function resourcesOf(server: TestServer, publicPath = '/background-removal/') {
  const response = await server.request('GET', `${publicPath}resources.json`);
  expect(response.status).toBe(200);
  return { response, resources: response.body as Record<string, ResourceEntry> };
}

describe('with the default configuration', () => {
  const server = useTestServer();

  it('tells the browser the defaults and the models this server has', async () => {
    expect(expectOk(await server().call(routes.backgroundRemovalSettings))).toEqual({
      model: 'isnet_fp16',
      device: 'gpu',
      outputFormat: 'png',
      quality: 0.8,
      rescale: true,
      publicPath: '/background-removal/',
      availableModels: ['isnet_fp16', 'isnet_quint8'],
    });
  });

  it('lists both models and the four runtime files in resources.json, with the sizes of the files', async () => {
    const { response, resources } = await resourcesOf(server());
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(Object.keys(resources).sort()).toEqual(
      [
        '/models/isnet_fp16',
        '/models/isnet_quint8',
        ...RUNTIME_FILES.map((file) => `/onnxruntime-web/${file}`),
      ].sort(),
    );
    for (const file of RUNTIME_FILES) {
      const size = fs.statSync(path.join(onnxRuntimeDist, file)).size;
      expect(resources[`/onnxruntime-web/${file}`], file).toEqual({
        chunks: [{ name: `onnxruntime-web/1.21.0/${file}`, offsets: [0, size] }],
        size,
        mime: file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
      });
    }
    for (const model of ['isnet_fp16', 'isnet_quint8']) {
      const entry = resources[`/models/${model}`];
      expect(entry?.mime).toBe('application/octet-stream');
      for (const chunk of entry?.chunks ?? []) {
        const [, folder, hash = ''] = chunk.name.split('/');
        expect(folder).toBe(model);
        expect(fs.statSync(path.join(dataDist, hash)).size).toBe(chunk.offsets[1] - chunk.offsets[0]);
      }
    }
    expect(resources['/models/isnet_fp16']?.chunks).toHaveLength(22);
  });

  it('gives resources.json an ETag, and answers 304 to a browser that has it', async () => {
    const { response } = await resourcesOf(server());
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server().request('GET', '/background-removal/resources.json', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('serves a chunk as the bytes on disk, cached for good', async () => {
    const { resources } = await resourcesOf(server());
    const chunk = resources['/models/isnet_quint8']?.chunks[0];
    const hash = chunk?.name.split('/')[2] ?? '';
    const response = await server().request('GET', `/background-removal/${chunk?.name}`);
    expect(response.status).toBe(200);
    expect(response.bytes.equals(fs.readFileSync(path.join(dataDist, hash)))).toBe(true);
    expect(sha256(response.bytes)).toBe(hash);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-length')).toBe(String(4 * 1024 * 1024));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the runtime files with the types a browser compiles and imports them by', async () => {
    for (const file of ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.jsep.mjs']) {
      const response = await server().request('GET', `/background-removal/onnxruntime-web/1.21.0/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.bytes.equals(fs.readFileSync(path.join(onnxRuntimeDist, file))), file).toBe(true);
      expect(response.headers.get('content-type'), file).toBe(
        file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript',
      );
      expect(response.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers HEAD with the length and no body', async () => {
    const file = 'ort-wasm-simd-threaded.jsep.wasm';
    const response = await server().request('HEAD', `/background-removal/onnxruntime-web/1.21.0/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(
      String(fs.statSync(path.join(onnxRuntimeDist, file)).size),
    );
    expect(response.bytes.length).toBe(0);
    const resources = await server().request('HEAD', '/background-removal/resources.json');
    expect(Number(resources.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('puts the default model back together from the chunks resources.json names', async () => {
    const { resources } = await resourcesOf(server());
    const entry = resources['/models/isnet_fp16'];
    if (!entry) throw new Error('no isnet_fp16 in resources.json');
    let end = 0;
    const parts: Buffer[] = [];
    for (const chunk of entry.chunks) {
      expect(chunk.offsets[0]).toBe(end);
      const response = await server().request('GET', `/background-removal/${chunk.name}`);
      expect(response.bytes.length).toBe(chunk.offsets[1] - chunk.offsets[0]);
      expect(sha256(response.bytes)).toBe(chunk.name.split('/')[2]);
      parts.push(response.bytes);
      end = chunk.offsets[1];
    }
    const model = Buffer.concat(parts);
    expect(model.length).toBe(entry.size);
    expect(model.length).toBe(88_188_479);
  }, 60_000);

  it('answers 404 JSON for anything under the public path that is not in resources.json', async () => {
    const { resources } = await resourcesOf(server());
    const chunkName = resources['/models/isnet_fp16']?.chunks[0]?.name.split('/')[2] ?? '';
    const missing = [
      `/background-removal/models/isnet/${chunkName}`,
      `/background-removal/models/isnet_quint8/${chunkName}`,
      '/background-removal/models/isnet_fp16/0000',
      '/background-removal/onnxruntime-web/1.21.0/ort.all.min.mjs',
      '/background-removal/onnxruntime-web/1.17.0/ort-wasm-simd-threaded.wasm',
      '/background-removal/models/isnet_fp16',
      '/background-removal/',
      '/background-removal/package.json',
      `/background-removal/models/isnet_fp16/..%2F..%2F..%2Fpackage.json`,
      `/background-removal/models/isnet_fp16/..%2f${chunkName}`,
      '/background-removal/onnxruntime-web/1.21.0/..%2F..%2F..%2F..%2F..%2Fpackage.json',
      '/background-removal/..%2F..%2Fapps%2Fserver%2Fpackage.json',
      '/background-removal/%2Fetc%2Fpasswd',
    ];
    for (const url of missing) {
      const response = await server().request('GET', url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).toEqual({ message: expect.any(String), code: 'not_found' });
    }
  });

  it('documents the settings in the OpenAPI document and leaves the files out', async () => {
    const document = await readOpenApiDocument(server().baseUrl);
    expect(document.paths['/api/background-removal']?.get).toBeDefined();
    expect(Object.keys(document.paths).filter((key) => key.startsWith('/background-removal'))).toEqual([]);
  });
});

describe('with settings of its own', () => {
  const server = useTestServer({
    BACKGROUND_REMOVAL_MODEL: 'isnet_quint8',
    BACKGROUND_REMOVAL_DEVICE: 'cpu',
    BACKGROUND_REMOVAL_OUTPUT_FORMAT: 'webp',
    BACKGROUND_REMOVAL_QUALITY: '0.65',
    BACKGROUND_REMOVAL_PUBLIC_PATH: '/static/cut-out/',
  });

  it('tells the browser what is configured and serves the files under that path only', async () => {
    expect(expectOk(await server().call(routes.backgroundRemovalSettings))).toEqual({
      model: 'isnet_quint8',
      device: 'cpu',
      outputFormat: 'webp',
      quality: 0.65,
      rescale: true,
      publicPath: '/static/cut-out/',
      availableModels: ['isnet_fp16', 'isnet_quint8'],
    });
    const { resources } = await resourcesOf(server(), '/static/cut-out/');
    const chunk = resources['/models/isnet_quint8']?.chunks[1];
    expect((await server().request('HEAD', `/static/cut-out/${chunk?.name}`)).status).toBe(200);
    expect((await server().request('GET', '/background-removal/resources.json')).status).toBe(404);
  });
});

describe('with the files on another server', () => {
  const server = useTestServer({
    BACKGROUND_REMOVAL_MODEL: 'isnet',
    BACKGROUND_REMOVAL_PUBLIC_PATH: 'https://cdn.example.com/background-removal/1.7.0/',
  });

  it('trusts the operator with the model, and serves no file itself', async () => {
    const settings = expectOk(await server().call(routes.backgroundRemovalSettings));
    expect(settings.publicPath).toBe('https://cdn.example.com/background-removal/1.7.0/');
    expect(settings.model).toBe('isnet');
    expect(settings.availableModels).toEqual(['isnet', 'isnet_fp16', 'isnet_quint8']);
    const response = await server().request('GET', '/background-removal/resources.json');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found' });
  });
});
