// Background removal off the page's thread (decision 045): @imgly/background-removal runs the ISNet model
// with onnxruntime-web (WebGPU when the settings and the browser allow, WASM on the CPU otherwise) on one
// photo at a time, so a phone never holds two photos' working memory, then puts the cut-out on the seller's
// colour. The model and runtime files come from the server's public path only, never from IMG.LY's CDN.
import { type Config, preload, removeBackground } from '@imgly/background-removal';
import type { BackgroundRemovalOutputFormat } from '@snaplist/contract';
import { createDownloadProgress, type LibraryProgress } from './download-progress';
import { removalErrorCode, removalErrorDetail } from './removal-errors';
import type { WorkerRequest, WorkerResponse, WorkerSettings } from './worker-protocol';

interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
}
// The web app is type-checked with the DOM's types, where `self` is a Window; here it is the worker's own scope.
const scope = self as unknown as WorkerScope;

let jobProgress: LibraryProgress | undefined;
/**
 * The library keeps the progress callback of the call that loaded the model for as long as the model stays
 * loaded, so the callback it gets is this one, which passes each report on to the job that is running.
 */
const forwardProgress: LibraryProgress = (key, current, total) => jobProgress?.(key, current, total);

/**
 * The library loads the model once per distinct config, compared as JSON (the callback drops out): the same
 * settings give the same session for every photo. The library always returns a PNG with alpha: the colour and
 * the output format are applied here, so the cut-out is kept for another colour.
 */
function libraryConfig(settings: WorkerSettings): Config {
  return {
    publicPath: settings.publicPath,
    model: settings.model,
    device: settings.device,
    rescale: settings.rescale,
    output: { format: 'image/png' },
    progress: forwardProgress,
  };
}

/** The item on an opaque background of `colour`: the photo has no transparent pixel left. */
async function onColour(
  cutout: Blob,
  colour: string,
  format: BackgroundRemovalOutputFormat,
  quality: number,
): Promise<Blob> {
  const image = await createImageBitmap(cutout);
  try {
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('OffscreenCanvas gave no 2D context.');
    context.fillStyle = colour;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    return await canvas.convertToBlob({ type: `image/${format}`, quality });
  } finally {
    image.close();
  }
}

function fail(jobId: number, error: unknown, duringModelLoad: boolean): void {
  const code = removalErrorCode(error);
  scope.postMessage({
    type: 'failed',
    jobId,
    code,
    detail: removalErrorDetail(error),
    workerSpent: duringModelLoad || code === 'device_too_weak',
  });
}

async function remove({ jobId, photo, colour, settings }: Extract<WorkerRequest, { type: 'remove' }>) {
  const config = libraryConfig(settings);
  jobProgress = createDownloadProgress((progress) =>
    scope.postMessage({ type: 'progress', jobId, progress }),
  );
  try {
    try {
      await preload(config);
    } catch (error) {
      fail(jobId, error, true);
      return;
    }
    scope.postMessage({ type: 'progress', jobId, progress: { stage: 'removing' } });
    // The library decodes only the types it names and refuses the rest (an empty type from some file pickers);
    // createImageBitmap, which it decodes with, reads the content whatever the type says.
    const cutout = await removeBackground(photo.slice(0, photo.size, 'application/octet-stream'), config);
    const result = await onColour(cutout, colour, settings.outputFormat, settings.quality);
    scope.postMessage({ type: 'done', jobId, cutout, photo: result });
  } catch (error) {
    fail(jobId, error, false);
  } finally {
    jobProgress = undefined;
  }
}

async function recolour({
  jobId,
  cutout,
  colour,
  format,
  quality,
}: Extract<WorkerRequest, { type: 'recolour' }>) {
  try {
    scope.postMessage({
      type: 'done',
      jobId,
      cutout,
      photo: await onColour(cutout, colour, format, quality),
    });
  } catch (error) {
    fail(jobId, error, false);
  }
}

let queue = Promise.resolve();
scope.addEventListener('message', ({ data: request }) => {
  // One job at a time even if the page posts several: the model's working memory is needed once only.
  queue = queue.then(() => (request.type === 'remove' ? remove(request) : recolour(request)));
});
