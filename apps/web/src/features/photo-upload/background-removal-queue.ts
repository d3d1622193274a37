// Background removal of the chosen photos on the seller's device (decision 046): while the switch is
// on, each photo goes through the remover one at a time, in the seller's order, as soon as it is chosen; a
// finished photo keeps its cut-out, so a new colour is painted without the model and switching off and on again
// is instant. Nothing here blocks the upload: a photo the remover could not clean is uploaded as it was.
// Framework-free, so the rules are tested without React; use-background-removal.ts binds it to the page.
import { MAX_PHOTO_BYTES } from '@snaplist/contract/constants';
import type {
  BackgroundRemovalError,
  BackgroundRemover,
  RemovalErrorCode,
  RemovalProgress,
} from '@/lib/background-removal/remover-types';
import type { PhotoItem, UploadPhoto } from './photo-selection';

/** What the page needs of the remover's module (load-remover.ts), which it loads on demand. */
export interface RemoverModule {
  loadBackgroundRemover(): Promise<BackgroundRemover>;
  isBackgroundRemovalError(error: unknown): error is BackgroundRemovalError;
}

/** Why one photo keeps its background while the others lose theirs. */
export type PhotoRemovalFailure = 'image_unreadable' | 'too_large';

export type PhotoRemoval =
  /** Its turn has not come. */
  | { status: 'waiting' }
  /** The remover works on it; no progress yet while the remover starts. */
  | { status: 'working'; progress: RemovalProgress | null }
  /** `photo` is the cut-out on `colour`; an undone photo is uploaded as it was, and redone without the model. */
  | { status: 'done'; cutout: Blob; photo: File; colour: string; undone: boolean }
  | { status: 'failed'; reason: PhotoRemovalFailure };

export interface BackgroundRemovalState {
  enabled: boolean;
  /** `#rrggbb`, the generation settings' removeBackgroundColor. */
  colour: string;
  /** By photo id; a photo has none until the switch is first on with it chosen. */
  removals: ReadonlyMap<string, PhotoRemoval>;
  /** The remover cannot run (it did not load, or it broke): no photo is cleaned until `retry`. */
  failure: RemovalErrorCode | null;
}

/** Where the upload's wait for the remover is: the photo being cleaned, numbered among all the chosen ones. */
export interface BackgroundStep {
  photoId: string;
  /** 'image {number} of {total}'. */
  number: number;
  total: number;
  progress: RemovalProgress | null;
  /** How much of what was left when the wait began is done, 0 to 1. */
  share: number;
}

/** Each photo as it is to be uploaded: cleaned when done, not undone and on the current colour; else as chosen. */
export function photosForUpload(state: BackgroundRemovalState, photos: readonly PhotoItem[]): UploadPhoto[] {
  return photos.map((photo) => {
    const removal = state.removals.get(photo.id);
    const cleaned =
      state.enabled && removal?.status === 'done' && !removal.undone && removal.colour === state.colour;
    return cleaned ? { id: photo.id, file: removal.photo, backgroundRemoved: true } : photo;
  });
}

const isPending = (removal: PhotoRemoval | undefined) =>
  removal?.status === 'waiting' || removal?.status === 'working';

export class BackgroundRemovalQueue {
  private state: BackgroundRemovalState;
  private readonly listeners = new Set<() => void>();
  /** The chosen photos, in the seller's order. */
  private photos: readonly PhotoItem[] = [];
  private loading: Promise<BackgroundRemover> | undefined;
  /** The remover once loaded, to end its worker when the page goes. */
  private remover: BackgroundRemover | undefined;
  private isRemovalError: RemoverModule['isBackgroundRemovalError'] | undefined;
  /** The job in progress, aborted when its photo is removed, the switch goes off or the page is left. */
  private running: { photoId: string; abort: AbortController } | undefined;
  private removing = false;
  private recolouring = false;
  /** The page is not shown (unmounted): nothing runs until it is again. */
  private paused = false;

  constructor(
    private readonly loadModule: () => Promise<RemoverModule>,
    initial: { enabled: boolean; colour: string },
  ) {
    this.state = { ...initial, removals: new Map(), failure: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): BackgroundRemovalState => this.state;

  setPhotos(photos: readonly PhotoItem[]): void {
    this.photos = photos;
    const chosen = new Set(photos.map((photo) => photo.id));
    const removals = new Map([...this.state.removals].filter(([photoId]) => chosen.has(photoId)));
    if (this.running && !chosen.has(this.running.photoId)) this.running.abort.abort();
    if (this.state.enabled) this.queueMissing(removals);
    this.set({ removals });
    this.work();
  }

  /** On again after a failure is a retry. On, the remover loads at once, so a browser that cannot run it says so. */
  setEnabled(enabled: boolean): void {
    if (enabled === this.state.enabled) return;
    if (!enabled) {
      this.running?.abort.abort();
      this.set({ enabled });
      return;
    }
    const removals = new Map(this.state.removals);
    this.queueMissing(removals);
    this.set({ enabled, removals, failure: null });
    void this.prepare();
    this.work();
  }

  setColour(colour: string): void {
    if (colour === this.state.colour) return;
    this.set({ colour });
    this.work();
  }

  undo(photoId: string): void {
    this.setUndone(photoId, true);
  }

  redo(photoId: string): void {
    this.setUndone(photoId, false);
  }

  retry(): void {
    this.set({ failure: null });
    this.work();
  }

  /** The page came back (or mounted): the work carries on. */
  resume(): void {
    this.paused = false;
    this.work();
  }

  /**
   * The page is gone: the photo in progress is abandoned (picked up again if the page returns), and the remover
   * ends its worker, which holds the model in memory; a later visit loads a new one.
   */
  pause(): void {
    this.paused = true;
    this.running?.abort.abort();
    this.forgetRemover();
  }

  /** Work is left that an upload would wait for: photos to clean, or to paint on a new colour. */
  hasWorkLeft(): boolean {
    return this.isActive() && (this.pendingIds().length > 0 || this.staleId() !== undefined);
  }

  /**
   * Resolves once every chosen photo the remover can still clean is cleaned on the current colour, true; at
   * once when the switch is off or the remover failed (the photos go as they are); false when `signal` aborts.
   * `onStep` hears where the work is while there is some.
   */
  settled(onStep: (step: BackgroundStep) => void, signal?: AbortSignal): Promise<boolean> {
    const pendingAtStart = Math.max(this.pendingIds().length, 1);
    return new Promise((resolve) => {
      const finish = (settled: boolean) => {
        unsubscribe();
        signal?.removeEventListener('abort', check);
        resolve(settled);
      };
      const check = () => {
        if (signal?.aborted) return finish(false);
        if (!this.isActive()) return finish(true);
        const pending = this.pendingIds();
        const current = pending[0] ?? this.staleId();
        if (current === undefined) return finish(true);
        const removal = this.state.removals.get(current);
        onStep({
          photoId: current,
          number: this.photos.findIndex((photo) => photo.id === current) + 1,
          total: this.photos.length,
          progress: removal?.status === 'working' ? removal.progress : null,
          share: Math.min(1, (pendingAtStart - pending.length) / pendingAtStart),
        });
      };
      const unsubscribe = this.subscribe(check);
      signal?.addEventListener('abort', check);
      check();
    });
  }

  /** Each photo as it is to be uploaded now (see photosForUpload). */
  photosForUpload(photos: readonly PhotoItem[]): UploadPhoto[] {
    return photosForUpload(this.state, photos);
  }

  private set(change: Partial<BackgroundRemovalState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Changes one photo's removal, unless the photo was removed meanwhile. */
  private setRemoval(photoId: string, removal: PhotoRemoval): void {
    if (!this.state.removals.has(photoId)) return;
    this.set({ removals: new Map(this.state.removals).set(photoId, removal) });
  }

  private setUndone(photoId: string, undone: boolean): void {
    const removal = this.state.removals.get(photoId);
    if (removal?.status === 'done') this.setRemoval(photoId, { ...removal, undone });
  }

  private queueMissing(removals: Map<string, PhotoRemoval>): void {
    for (const photo of this.photos)
      if (!removals.has(photo.id)) removals.set(photo.id, { status: 'waiting' });
  }

  private isActive(): boolean {
    return this.state.enabled && this.state.failure === null && !this.paused;
  }

  private pendingIds(): string[] {
    return this.photos.map((photo) => photo.id).filter((id) => isPending(this.state.removals.get(id)));
  }

  /** A finished photo still on an older colour. */
  private staleId(): string | undefined {
    return this.photos.find((photo) => {
      const removal = this.state.removals.get(photo.id);
      return removal?.status === 'done' && removal.colour !== this.state.colour;
    })?.id;
  }

  private work(): void {
    void this.removeBackgrounds();
    void this.recolour();
  }

  private async removeBackgrounds(): Promise<void> {
    if (this.removing) return;
    this.removing = true;
    try {
      for (let next = this.nextWaiting(); next; next = this.nextWaiting()) await this.removeBackground(next);
    } finally {
      this.removing = false;
    }
  }

  private nextWaiting(): PhotoItem | undefined {
    if (!this.isActive()) return undefined;
    return this.photos.find((photo) => this.state.removals.get(photo.id)?.status === 'waiting');
  }

  private async removeBackground(photo: PhotoItem): Promise<void> {
    const abort = new AbortController();
    this.running = { photoId: photo.id, abort };
    this.setRemoval(photo.id, { status: 'working', progress: null });
    try {
      const remover = await this.loadRemover();
      abort.signal.throwIfAborted();
      const colour = this.state.colour;
      const { cutout, photo: cleaned } = await remover.remove(photo.file, {
        colour,
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) this.setRemoval(photo.id, { status: 'working', progress });
        },
      });
      abort.signal.throwIfAborted();
      // The server would refuse the whole upload for one photo over the limit: that photo goes as it was.
      this.setRemoval(
        photo.id,
        cleaned.size > MAX_PHOTO_BYTES
          ? { status: 'failed', reason: 'too_large' }
          : { status: 'done', cutout, photo: cleaned, colour, undone: false },
      );
      void this.recolour();
    } catch (error) {
      if (abort.signal.aborted) {
        this.setRemoval(photo.id, { status: 'waiting' });
        return;
      }
      const code = this.codeOf(error);
      if (code === 'image_unreadable') {
        this.setRemoval(photo.id, { status: 'failed', reason: 'image_unreadable' });
        return;
      }
      this.setRemoval(photo.id, { status: 'waiting' });
      this.fail(code, error);
    } finally {
      this.running = undefined;
    }
  }

  private async recolour(): Promise<void> {
    if (this.recolouring) return;
    this.recolouring = true;
    try {
      for (let photoId = this.nextStale(); photoId; photoId = this.nextStale()) {
        const removal = this.state.removals.get(photoId);
        const photo = this.photos.find((item) => item.id === photoId);
        // nextStale only names a finished photo still chosen; this narrows the types.
        if (removal?.status !== 'done' || !photo) break;
        const colour = this.state.colour;
        try {
          const remover = await this.loadRemover();
          const recoloured = await remover.recolour(removal.cutout, photo.file.name, colour);
          const now = this.state.removals.get(photoId);
          if (now?.status === 'done' && now.cutout === removal.cutout)
            this.setRemoval(photoId, { ...now, photo: recoloured, colour });
        } catch (error) {
          // Until a retry, the photo keeps its older colour and so is uploaded as it was (photosForUpload).
          this.fail(this.codeOf(error), error);
        }
      }
    } finally {
      this.recolouring = false;
    }
  }

  private nextStale(): string | undefined {
    return this.isActive() ? this.staleId() : undefined;
  }

  private async prepare(): Promise<void> {
    try {
      await this.loadRemover();
    } catch (error) {
      if (this.state.enabled && this.state.failure === null) this.fail(this.codeOf(error), error);
    }
  }

  /** One load at a time, shared by whoever needs the remover; a failed one is forgotten, so the next tries again. */
  private loadRemover(): Promise<BackgroundRemover> {
    if (!this.loading) {
      const attempt = this.loadModule().then(async (module) => {
        this.isRemovalError = module.isBackgroundRemovalError;
        const remover = await module.loadBackgroundRemover();
        if (this.loading === attempt) this.remover = remover;
        return remover;
      });
      this.loading = attempt;
      attempt.catch(() => {
        if (this.loading === attempt) this.loading = undefined;
      });
    }
    return this.loading;
  }

  private forgetRemover(): void {
    this.remover?.dispose();
    this.remover = undefined;
    this.loading = undefined;
  }

  /** The remover's own code; 'failed' for anything else, such as its code not downloading. */
  private codeOf(error: unknown): RemovalErrorCode {
    return this.isRemovalError?.(error) ? error.code : 'failed';
  }

  private fail(code: RemovalErrorCode, error: unknown): void {
    // Kept for whoever debugs a seller's report; the page says what it means in their language.
    console.warn('Background removal stopped', error);
    // A retry asks the remover's module again, which replaces a remover that cannot go on.
    this.loading = undefined;
    this.set({ failure: code });
  }
}
