// Background removal on the seller's device (decision 045), per model, as a seller meets it: a fresh browser
// profile on /photo-upload turns the switch on and chooses three flat-lay photos (a t-shirt and trousers on a
// wooden floor, a dress on a creased sheet, 1200×1500). Measured: what the browser downloads under the public
// path the first time, the seconds from choosing to the first cleaned preview (download and model start
// included), the seconds per photo after it, and how each cut-out (read back from its tile) agrees with the
// photo's exact item mask: IoU away from the outline, and the share of soft pixels (a blend of item and
// background) near it.
//
// Runs in Debian's headless Chromium, which has no WebGPU here: the WebAssembly runtime on the CPU. Measures the
// built app in apps/web/dist, building it only when it is missing.
import os from 'node:os';
import { BACKGROUND_REMOVAL_MODELS, type BackgroundRemovalModel } from '@snaplist/contract';
import {
  type DecodedPhoto,
  decodePhoto,
  type FlatLayPhoto,
  flatLayPhoto,
  maskAgreement,
  softEdgeShare,
} from '@snaplist/server/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@snaplist/server/testing/chromium';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startBenchServer } from '../server-process';
import { distDir, ensureBuilt } from './web';

const PORT = 3907;
/** The server's default public path for the model and runtime files. */
const PUBLIC_PATH = '/background-removal/';
const WHITE = [255, 255, 255] as const;
/** Pixels either side of the outline left out of the IoU, as the journey does. */
const IOU_BAND = 4;
/** Pixels either side of the outline where soft pixels are counted. */
const EDGE_BAND = 6;
const CLEANED_TIMEOUT_MS = 10 * 60_000;

const PHOTOS = [
  { name: 't-shirt.jpg', options: { garment: 't-shirt', fabric: [196, 38, 46], surface: 'wood' } },
  { name: 'trousers.jpg', options: { garment: 'trousers', fabric: [36, 52, 98], surface: 'wood' } },
  { name: 'dress.jpg', options: { garment: 'dress', fabric: [40, 130, 70], surface: 'bedsheet' } },
] as const;

interface ModelRun {
  downloadedBytes: number;
  downloads: number;
  firstCleanedSeconds: number;
  nextSecondsPerPhoto: number;
  /** Without it (COOP and COEP headers) the browser gives WebAssembly no threads: one core does the work. */
  crossOriginIsolated: boolean;
  cutouts: DecodedPhoto[];
}

/**
 * The cut-out a tile shows, redrawn from its blob: URL on a canvas inside the page (the page's policy lets
 * images, not fetch, read blob: URLs) and taken out as PNG, alpha and all.
 */
async function tileCutout(page: Page, number: number): Promise<DecodedPhoto> {
  const source = await page.getByRole('img', { name: cleanedAlt(number) }).getAttribute('src');
  if (!source) throw new Error(`tile ${number} has no image`);
  const dataUrl = (await page.evaluate(`(async () => {
    const image = new Image();
    image.src = ${JSON.stringify(source)};
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d').drawImage(image, 0, 0);
    return canvas.toDataURL('image/png');
  })()`)) as string;
  return decodePhoto(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/** The tile's image once its background is removed: "Photo 2: trousers.jpg, background removed". */
function cleanedAlt(number: number): RegExp {
  return new RegExp(`^Photo ${number}: .*, background removed$`);
}

async function runModel(browser: Browser, baseUrl: string, photos: FlatLayPhoto[]): Promise<ModelRun> {
  // A new context is a fresh profile: nothing cached from the model before.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const downloads: Promise<number>[] = [];
    context.on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.startsWith(PUBLIC_PATH)) return;
      downloads.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
    });
    await page.goto('/photo-upload');
    await page.getByRole('switch', { name: 'Remove Background' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();

    const chosen = performance.now();
    await page.getByLabel('Upload Photos').setInputFiles(
      photos.map((photo, index) => ({
        name: PHOTOS[index]?.name ?? `photo-${index}.jpg`,
        mimeType: 'image/jpeg',
        buffer: photo.jpeg,
      })),
    );
    const cleanedAt: number[] = [];
    for (let number = 1; number <= photos.length; number++) {
      await page.getByRole('img', { name: cleanedAlt(number) }).waitFor({ timeout: CLEANED_TIMEOUT_MS });
      cleanedAt.push(performance.now());
    }
    const [first = Number.NaN, ...rest] = cleanedAt;
    const last = rest.at(-1) ?? first;
    const cutouts = [];
    for (let number = 1; number <= photos.length; number++) cutouts.push(await tileCutout(page, number));
    const sizes = await Promise.all(downloads);
    return {
      downloadedBytes: sizes.reduce((sum, size) => sum + size, 0),
      downloads: sizes.length,
      firstCleanedSeconds: (first - chosen) / 1000,
      nextSecondsPerPhoto: rest.length > 0 ? (last - first) / 1000 / rest.length : Number.NaN,
      crossOriginIsolated: (await page.evaluate('crossOriginIsolated')) as boolean,
      cutouts,
    };
  } finally {
    await context.close();
  }
}

/** The models this install serves: the server refuses to start with one it has not got. */
async function servedModels(): Promise<BackgroundRemovalModel[]> {
  const server = await startBenchServer(PORT);
  try {
    const response = await fetch(`${server.baseUrl}/api/background-removal`);
    const { availableModels } = (await response.json()) as { availableModels: BackgroundRemovalModel[] };
    return BACKGROUND_REMOVAL_MODELS.filter((model) => availableModels.includes(model));
  } finally {
    await server.stop();
  }
}

interface CutoutMeasures {
  iou: number;
  outsideBackgroundShare: number;
  insideItemShare: number;
  softEdgeShare: number;
  semiTransparentPixels: number;
}

function measureCutout(cutout: DecodedPhoto, photo: FlatLayPhoto): CutoutMeasures {
  const { pixels, channels, width, height } = cutout;
  const agreement = maskAgreement(pixels, channels, width, height, photo.mask, WHITE, { band: IOU_BAND });
  return {
    ...agreement,
    softEdgeShare: softEdgeShare(
      pixels,
      channels,
      width,
      height,
      photo.mask,
      WHITE,
      photo.itemColour,
      EDGE_BAND,
    ),
    semiTransparentPixels: semiTransparentPixels(cutout),
  };
}

/** Pixels of the cut-out, anywhere, that are neither clearly kept nor clearly dropped: alpha 5% to 95%. */
function semiTransparentPixels({ pixels, channels }: DecodedPhoto): number {
  if (channels !== 4) return 0;
  let count = 0;
  for (let offset = 3; offset < pixels.length; offset += 4) {
    const alpha = pixels[offset] ?? 0;
    if (alpha > 12 && alpha < 243) count++;
  }
  return count;
}

const mb = (bytes: number) => Number((bytes / 1_000_000).toFixed(1));
const fixed = (value: number, digits: number) => Number(value.toFixed(digits));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchBackgroundRemoval(): Promise<void> {
  ensureBuilt();
  const photos = await Promise.all(PHOTOS.map(({ options }) => flatLayPhoto(options)));
  const models = await servedModels();
  const loadBefore = os.loadavg()[0] ?? 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const rows: Record<string, string | number>[] = [];
  const cutoutRows: Record<string, string | number>[] = [];
  let isolated = false;
  try {
    for (const model of models) {
      const server = await startBenchServer(PORT, { WEB_DIST_DIR: distDir, BACKGROUND_REMOVAL_MODEL: model });
      const run = await runModel(browser, server.baseUrl, photos).finally(() => server.stop());
      isolated = run.crossOriginIsolated;
      const measures = run.cutouts.map((cutout, index) =>
        measureCutout(cutout, photos[index] as FlatLayPhoto),
      );
      rows.push({
        model,
        'MB downloaded': mb(run.downloadedBytes),
        files: run.downloads,
        'first photo s': fixed(run.firstCleanedSeconds, 1),
        'next photos s/photo': fixed(run.nextSecondsPerPhoto, 1),
        'mean IoU': fixed(mean(measures.map((measure) => measure.iou)), 4),
        'mean soft edge %': fixed(100 * mean(measures.map((measure) => measure.softEdgeShare)), 2),
      });
      for (const [index, measure] of measures.entries())
        cutoutRows.push({
          model,
          photo: PHOTOS[index]?.name ?? '',
          IoU: fixed(measure.iou, 4),
          'outside background %': fixed(100 * measure.outsideBackgroundShare, 2),
          'inside item %': fixed(100 * measure.insideItemShare, 2),
          'soft edge %': fixed(100 * measure.softEdgeShare, 2),
          'semi-transparent px': measure.semiTransparentPixels,
        });
    }
  } finally {
    await browser.close();
  }
  const threads = isolated ? 'threaded' : 'one thread: the page is not cross-origin isolated';
  console.log(
    `\nBackground removal in Chromium (WebAssembly on the CPU, ${threads}), fresh profile,` +
      ` ${photos.length} flat-lays of 1200×1500 chosen at once; models served: ${models.join(', ')}`,
  );
  console.table(rows);
  console.log(
    `Per photo: IoU of the cut-out with the item mask, ${IOU_BAND} px either side of the outline left out;` +
      ` soft edge: share of the pixels within ${EDGE_BAND} px of the outline that are 25 to 75% of the way` +
      ' from the item colour to the background once laid on white; semi-transparent: pixels of the whole' +
      ' cut-out with an alpha from 5 to 95%.',
  );
  console.table(cutoutRows);
  console.log(
    `Load average (1 min) ${loadBefore.toFixed(1)} before and ${(os.loadavg()[0] ?? 0).toFixed(1)} after,` +
      ` on ${os.availableParallelism()} cores; the first photo's time includes the download from this machine.`,
  );
}
