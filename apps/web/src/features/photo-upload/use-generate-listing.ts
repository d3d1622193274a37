// The Upload button's flow (the spec's "Photo upload flow", in order): nothing without photos; the
// paywall for a user who may not generate; at least one text option; the progress overlay; sign-in for a
// visitor (the flow then carries on by itself); create, upload each photo, start; then the listing page.
// With background removal on, the upload first waits for the photos still being cleaned, and sends each photo
// cleaned or as it was (decision 046). The calls to the server load with the first photo, not with the page
// (upload-calls.ts).
import type { GenerationSettings } from '@snaplist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mayGenerate } from '@/lib/allowance';
import { pageLanguage } from '@/lib/i18n';
import { onDemand } from '@/lib/on-demand';
import { paths } from '@/lib/paths';
import { useActiveListingStore } from '@/stores/active-listing';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import { openPaywall } from '@/stores/paywall';
import type { BackgroundRemovalQueue } from './background-removal-queue';
import { hasGenerationOption } from './generation-settings';
import type { PhotoItem } from './photo-selection';
import { createProgressTimeline, type Progress, type ProgressTimeline } from './progress-timeline';
import { waitForSignIn } from './wait-for-sign-in';

const loadUploadCalls = onDemand(() => import('./upload-calls'));
type UploadCalls = Awaited<ReturnType<typeof loadUploadCalls>>;

export interface GenerateListingFlow {
  submit: () => Promise<void>;
  /** From the overlay's first frame until the flow ends, whatever the outcome. */
  isUploading: boolean;
  /** The overlay's state; null while nothing is shown (idle, or waiting for the visitor to sign in). */
  progress: Progress | null;
}

export function useGenerateListing(
  photos: readonly PhotoItem[],
  settings: GenerationSettings,
  backgroundRemoval: BackgroundRemovalQueue,
): GenerateListingFlow {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [isUploading, setIsUploading] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [awaitingSignIn, setAwaitingSignIn] = useState(false);

  // The flow is async and outlives renders: it reads the latest photos and settings through refs.
  const latest = useRef({ photos, settings });
  latest.current = { photos, settings };
  const running = useRef(false);
  const pageLeft = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    pageLeft.current = controller;
    return () => controller.abort();
  }, []);

  // Nothing can be uploaded before a photo is chosen; from then on the calls load while the seller gets ready.
  // A failed download is left to the submit that needs it, which tries again and says so.
  const hasPhotos = photos.length > 0;
  useEffect(() => {
    if (hasPhotos) loadUploadCalls().catch(() => {});
  }, [hasPhotos]);

  const submit = useCallback(async (): Promise<void> => {
    const { photos: chosen, settings: current } = latest.current;
    if (running.current) return;
    // 1. Nothing to do without photos.
    if (chosen.length === 0) return;
    // 2. A signed-in user who may not generate sees the paywall.
    const user = useAuthStore.getState().user;
    if (user && !mayGenerate(user)) {
      openPaywall('generateListing');
      return;
    }
    // 3. At least one thing to write.
    if (!hasGenerationOption(current)) {
      showAlert(t('photo_upload.no_option_enabled'));
      return;
    }

    running.current = true;
    setIsUploading(true);
    const signal = pageLeft.current?.signal;
    let timeline: ProgressTimeline | undefined;
    let calls: UploadCalls | undefined;
    let signInAgain = false;
    try {
      // 5. A visitor signs in first; the upload continues by itself afterwards.
      if (!useAuthStore.getState().isAuthenticated) {
        setAwaitingSignIn(true);
        const signedIn = await waitForSignIn(signal);
        setAwaitingSignIn(false);
        if (!signedIn) return;
        const signedInUser = useAuthStore.getState().user;
        if (signedInUser && !mayGenerate(signedInUser)) {
          openPaywall('generateListing');
          return;
        }
      }
      // 4. Progress, shown from here (a visitor saw the sign-in instead): first the photos still being cleaned,
      // which went on while the visitor signed in, then the upload.
      const removingBackground = backgroundRemoval.hasWorkLeft();
      const progressTimeline = createProgressTimeline(
        (next) => {
          if (!signal?.aborted) setProgress(next);
        },
        { removingBackground },
      );
      timeline = progressTimeline;
      if (removingBackground) {
        // Never blocks: a remover that fails meanwhile lets the photos go as they are.
        const ready = await backgroundRemoval.settled(progressTimeline.removingBackground, signal);
        if (!ready) return;
        progressTimeline.backgroundRemoved();
      }
      // 6-8. Create, upload every photo, start.
      calls = await loadUploadCalls();
      const language = pageLanguage(i18n);
      const listing = await calls.generateListing({
        photos: backgroundRemoval.photosForUpload(chosen),
        settings: current,
        language,
        onPhotoUploaded: progressTimeline.photoUploaded,
        onUploaded: progressTimeline.uploaded,
      });
      useActiveListingStore.getState().setListing(listing);
      // The listing used one of this month's (or the free) AI listings: the next submit sees the new count.
      void calls.refreshUser();
      if (!signal?.aborted) await navigate(paths.dashboard.listing(listing.listingId));
    } catch (error) {
      if (calls?.openPaywallFor(error)) {
        // The server says no more AI listings: the paywall, not an upload failure, and the
        // user is asked for again so the page stops before uploading next time.
        void calls.refreshUser();
        return;
      }
      console.error('Upload failed', error);
      if (calls?.isUnauthorized(error)) {
        // The session ended on the server: forget it and ask again, silently (decision 009).
        useAuthStore.getState().clearAuth();
        signInAgain = !signal?.aborted;
      } else {
        // Without `calls` the failure was downloading them (offline): nothing more specific to say.
        const message = calls ? calls.uploadErrorText(error, t) : t('errors.unknown');
        showAlert(t('photo_upload.upload_failed', { message }));
      }
    } finally {
      timeline?.stop();
      running.current = false;
      if (!signal?.aborted) {
        setProgress(null);
        setIsUploading(false);
        setAwaitingSignIn(false);
      }
    }
    if (signInAgain) await submit();
  }, [backgroundRemoval, i18n, navigate, t]);

  return { submit, isUploading, progress: awaitingSignIn ? null : progress };
}
