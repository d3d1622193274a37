// The library reports each file it downloads on its own (`progress('fetch:/models/isnet_fp16', loaded, total)`,
// then the runtime's .wasm and .mjs one after the other); the page shows one bar for the whole download.
import type { RemovalProgress } from './remover-types';

const FETCH_KEY_PREFIX = 'fetch:';

export type LibraryProgress = (key: string, current: number, total: number) => void;

/**
 * Adds up the files of one model load: bytes loaded of every file so far over the sizes of every file seen so
 * far. A file's size is known only once its first chunk arrives, so the total grows as the runtime's files begin.
 */
export function createDownloadProgress(report: (progress: RemovalProgress) => void): LibraryProgress {
  const files = new Map<string, { loaded: number; total: number }>();
  return (key, current, total) => {
    if (!key.startsWith(FETCH_KEY_PREFIX)) return;
    files.set(key, { loaded: current, total });
    let loaded = 0;
    let sum = 0;
    for (const file of files.values()) {
      loaded += file.loaded;
      sum += file.total;
    }
    report({ stage: 'downloading', loaded, total: sum });
  };
}
