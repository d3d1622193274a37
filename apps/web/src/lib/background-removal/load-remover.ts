// The photo-upload page's one way in to background removal. This module is small on purpose: the settings
// call and the remover load only when the seller turns removal on, and the model library lives in the worker's
// own bundle, which loads with the first photo.
import { BackgroundRemovalError, type BackgroundRemover } from './remover-types';

async function load(forget: () => void): Promise<BackgroundRemover> {
  let modules: [typeof import('./api/background-removal-settings'), typeof import('./remover')];
  try {
    modules = await Promise.all([import('./api/background-removal-settings'), import('./remover')]);
  } catch (error) {
    // A chunk that is gone (a new version deployed meanwhile) or the network: trying again may work.
    throw new BackgroundRemovalError('failed', error instanceof Error ? error.message : String(error));
  }
  const [{ fetchBackgroundRemovalSettings }, { assertBrowserSupport, createBackgroundRemover }] = modules;
  assertBrowserSupport();
  const remover = createBackgroundRemover(await fetchBackgroundRemovalSettings());
  return {
    ...remover,
    dispose() {
      // A disposed remover cannot work again: the next load makes a new one.
      forget();
      remover.dispose();
    },
  };
}

let shared: Promise<BackgroundRemover> | undefined;

/**
 * The remover for this visit, with the server's settings: made once and shared. Rejects with a
 * BackgroundRemovalError; a failed load is forgotten, so calling again tries again.
 */
export function loadBackgroundRemover(): Promise<BackgroundRemover> {
  if (!shared) {
    const attempt = load(() => {
      if (shared === attempt) shared = undefined;
    });
    shared = attempt;
    attempt.catch(() => {
      if (shared === attempt) shared = undefined;
    });
  }
  return shared;
}

export function isBackgroundRemovalError(error: unknown): error is BackgroundRemovalError {
  return error instanceof BackgroundRemovalError;
}
