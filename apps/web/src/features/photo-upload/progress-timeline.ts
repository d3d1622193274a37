// The progress overlay's phases, kept honest (decision 009): 'Analyzing Photos' (50) appears one
// second after the upload begins but never before every photo is uploaded, 'Generating' (90) one second after
// that, and it stays until the server answers; nothing claims 100 before the listing exists. When photos are
// still losing their background at Upload (decision 046), that comes first: the bar's first part follows the
// photos cleaned, and the upload's phases share the rest in the same proportions.
import type { BackgroundStep } from './background-removal-queue';

export type ProgressPhase = 'removing_background' | 'uploading' | 'analyzing' | 'generating';

export interface Progress {
  phase: ProgressPhase;
  /** 0-100 */
  value: number;
  /** In the 'removing_background' phase: the photo being cleaned, and how far it is. */
  background?: BackgroundStep;
}

/** The spec's progress pauses are 1 s each. */
export const PROGRESS_STEP_MS = 1000;
export const PROGRESS_VALUES = { uploading: 10, uploaded: 45, analyzing: 50, generating: 90 } as const;
/** The bar's part for removing backgrounds, when there is some: seconds per photo, more than the rest takes. */
export const BACKGROUND_SHARE = 40;

export interface ProgressTimeline {
  /** Where the background removal is (only before the upload begins). */
  removingBackground: (step: BackgroundStep) => void;
  /** Every photo is ready: the upload begins. */
  backgroundRemoved: () => void;
  /** One more photo is on the server. */
  photoUploaded: (done: number, total: number) => void;
  /** Every photo is on the server. */
  uploaded: () => void;
  /** Stops every pending step (success, failure or a left page). */
  stop: () => void;
}

export interface TimelineOptions {
  /** Photos are still being cleaned: the timeline starts with them, and the upload waits for backgroundRemoved. */
  removingBackground?: boolean;
}

export function createProgressTimeline(
  onChange: (progress: Progress) => void,
  { removingBackground = false }: TimelineOptions = {},
): ProgressTimeline {
  let phase: ProgressPhase = removingBackground ? 'removing_background' : 'uploading';
  let stepElapsed = false;
  let uploaded = false;
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const scale = (value: number) =>
    removingBackground ? Math.round(BACKGROUND_SHARE + (value * (100 - BACKGROUND_SHARE)) / 100) : value;

  const set = (next: Progress) => {
    if (stopped) return;
    phase = next.phase;
    onChange(next);
  };
  const analyzeWhenReady = () => {
    if (stopped || phase !== 'uploading' || !stepElapsed || !uploaded) return;
    set({ phase: 'analyzing', value: scale(PROGRESS_VALUES.analyzing) });
    timers.push(
      setTimeout(
        () => set({ phase: 'generating', value: scale(PROGRESS_VALUES.generating) }),
        PROGRESS_STEP_MS,
      ),
    );
  };
  const startUpload = () => {
    set({ phase: 'uploading', value: scale(PROGRESS_VALUES.uploading) });
    timers.push(
      setTimeout(() => {
        stepElapsed = true;
        analyzeWhenReady();
      }, PROGRESS_STEP_MS),
    );
  };

  if (!removingBackground) startUpload();

  return {
    removingBackground: (step) => {
      if (phase !== 'removing_background') return;
      set({ phase, value: Math.round(BACKGROUND_SHARE * step.share), background: step });
    },
    backgroundRemoved: () => {
      if (phase === 'removing_background') startUpload();
    },
    photoUploaded: (done, total) => {
      if (phase !== 'uploading' || total <= 0) return;
      const span = PROGRESS_VALUES.uploaded - PROGRESS_VALUES.uploading;
      set({ phase, value: scale(PROGRESS_VALUES.uploading + Math.round((span * done) / total)) });
    },
    uploaded: () => {
      uploaded = true;
      analyzeWhenReady();
    },
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
