// One PaddleOCR reader in a worker thread. onnxruntime-node runs a model synchronously on the thread that
// calls it, so on the API's own thread one photo's detection would hold up every other request for a second;
// here it holds up nothing. The pool in pp-ocr-pool.ts sends photos and gets their lines back.
import { parentPort, workerData } from 'node:worker_threads';
import { createPpOcr } from './pp-ocr';
import type { PpOcrReply, PpOcrRequest, PpOcrWorkerData } from './pp-ocr-pool';

const port = parentPort;
if (!port) throw new Error('pp-ocr-worker.ts runs only as a worker thread');

const reader = await createPpOcr((workerData as PpOcrWorkerData).threads);
port.postMessage({ kind: 'ready' } satisfies PpOcrReply);
port.on('message', async (request: PpOcrRequest) => {
  if (request.kind === 'close') {
    await reader.close();
    port.close();
    return;
  }
  try {
    const result = await reader.read(Buffer.from(request.jpeg), request.longSide);
    port.postMessage({ kind: 'result', id: request.id, result } satisfies PpOcrReply, [
      ...result.lines.map((line) => line.crop.pixels.buffer as ArrayBuffer),
    ]);
  } catch (error) {
    port.postMessage({
      kind: 'failed',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    } satisfies PpOcrReply);
  }
});
