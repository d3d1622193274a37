// What the photo-upload page needs from background removal, whatever runs it: the worker-backed remover in
// remover.ts, or a fake in component tests. One photo in; out its cut-out (transparent PNG, kept so a new
// colour does not run the model again) and the photo to upload (the cut-out on the chosen colour, in the
// configured format).
export const REMOVAL_ERROR_CODES = [
  /** The public path has no resources.json (IMG.LY's "Resource metadata not found"). */
  'metadata_not_found',
  /** resources.json does not name the model or the runtime file ("Resource … not found"), or a file 404s. */
  'resource_not_found',
  /** A file arrived with another size than resources.json says ("Failed to fetch … with size …"). */
  'size_mismatch',
  /** The runtime could not start the model ("Failed to create session"). */
  'session_failed',
  /** Out of memory or a too-small device: the page goes on with the photos as they are. */
  'device_too_weak',
  /** No WebAssembly, Web Worker or OffscreenCanvas. */
  'unsupported_browser',
  /** The photo could not be decoded. */
  'image_unreadable',
  /** The server's settings did not pass the contract's schema. */
  'settings_invalid',
  /** Anything else, the network included. */
  'failed',
] as const;
export type RemovalErrorCode = (typeof REMOVAL_ERROR_CODES)[number];

export class BackgroundRemovalError extends Error {
  constructor(
    readonly code: RemovalErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'BackgroundRemovalError';
  }
}

export type RemovalProgress =
  /** The model and runtime are downloading (first use, or after the browser dropped its cache). */
  | { stage: 'downloading'; loaded: number; total: number }
  /** The model runs on this photo. */
  | { stage: 'removing' };

export interface RemovedBackground {
  /** The item alone on transparency, PNG. */
  cutout: Blob;
  /** The item on the chosen colour: no transparent pixel left, named after the original with the new extension. */
  photo: File;
}

export interface RemoveOptions {
  /** `#rrggbb`. */
  colour: string;
  signal?: AbortSignal;
  onProgress?: (progress: RemovalProgress) => void;
}

export interface BackgroundRemover {
  /** Rejects with a BackgroundRemovalError; with an AbortError when the signal aborts. */
  remove(photo: File, options: RemoveOptions): Promise<RemovedBackground>;
  /** The same cut-out on another colour, without the model. */
  recolour(cutout: Blob, originalName: string, colour: string): Promise<File>;
  /** Ends the worker; the remover cannot be used afterwards. */
  dispose(): void;
}
