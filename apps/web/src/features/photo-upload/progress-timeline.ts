// The progress overlay's phases (SPEC section 4, step 4), kept honest: 'Analyzing Photos' (50) appears one
// second in but never before every photo is uploaded, 'Generating' (90) one second after that, and it stays
// until the server answers; nothing claims 100 before the listing exists.
export type ProgressPhase = 'uploading' | 'analyzing' | 'generating';

export interface Progress {
  phase: ProgressPhase;
  /** 0-100 */
  value: number;
}

/** SPEC section 9: the progress pauses are 1 s each. */
export const PROGRESS_STEP_MS = 1000;
export const PROGRESS_VALUES = { uploading: 10, uploaded: 45, analyzing: 50, generating: 90 } as const;

export interface ProgressTimeline {
  /** One more photo is on the server. */
  photoUploaded: (done: number, total: number) => void;
  /** Every photo is on the server. */
  uploaded: () => void;
  /** Stops every pending step (success, failure or a left page). */
  stop: () => void;
}

export function createProgressTimeline(onChange: (progress: Progress) => void): ProgressTimeline {
  let phase: ProgressPhase = 'uploading';
  let stepElapsed = false;
  let uploaded = false;
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];

  const set = (next: Progress) => {
    if (stopped) return;
    phase = next.phase;
    onChange(next);
  };
  const analyzeWhenReady = () => {
    if (stopped || phase !== 'uploading' || !stepElapsed || !uploaded) return;
    set({ phase: 'analyzing', value: PROGRESS_VALUES.analyzing });
    timers.push(
      setTimeout(() => set({ phase: 'generating', value: PROGRESS_VALUES.generating }), PROGRESS_STEP_MS),
    );
  };

  set({ phase: 'uploading', value: PROGRESS_VALUES.uploading });
  timers.push(
    setTimeout(() => {
      stepElapsed = true;
      analyzeWhenReady();
    }, PROGRESS_STEP_MS),
  );

  return {
    photoUploaded: (done, total) => {
      if (phase !== 'uploading' || total <= 0) return;
      const span = PROGRESS_VALUES.uploaded - PROGRESS_VALUES.uploading;
      set({ phase, value: PROGRESS_VALUES.uploading + Math.round((span * done) / total) });
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
