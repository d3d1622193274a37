import { describe, expect, it } from 'vitest';
import { createDownloadProgress } from './download-progress';
import type { RemovalProgress } from './remover-types';

describe('createDownloadProgress', () => {
  it('adds up every file of the load, and leaves the computing steps out', () => {
    const reports: RemovalProgress[] = [];
    const progress = createDownloadProgress((report) => reports.push(report));

    progress('fetch:/models/isnet_fp16', 4, 88);
    progress('fetch:/models/isnet_fp16', 88, 88);
    progress('fetch:/onnxruntime-web/ort-wasm-simd-threaded.wasm', 12, 12);
    progress('compute:decode', 0, 4);
    progress('fetch:/onnxruntime-web/ort-wasm-simd-threaded.mjs', 1, 1);

    expect(reports).toEqual([
      { stage: 'downloading', loaded: 4, total: 88 },
      { stage: 'downloading', loaded: 88, total: 88 },
      { stage: 'downloading', loaded: 100, total: 100 },
      { stage: 'downloading', loaded: 101, total: 101 },
    ]);
  });
});
