// /photo-upload (decision 009): choose photos of one item (camera, picker or drop), set
// what to generate, and upload; the flow ends on the new listing's page.
import { MAX_PHOTOS } from '@snaplist/contract/constants';
import { ImagePlus, Sparkles } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { allowanceOf, allowanceText } from '@/lib/allowance';
import { useAuthStore } from '@/stores/auth';
import { openPaywall } from '@/stores/paywall';
import { photosForUpload } from '../background-removal-queue';
import { DEFAULT_GENERATION_SETTINGS } from '../generation-settings';
import { PHOTO_ACCEPT } from '../photo-selection';
import { useBackgroundRemoval } from '../use-background-removal';
import { useGenerateListing } from '../use-generate-listing';
import { usePageDrop } from '../use-page-drop';
import { usePhotoSelection } from '../use-photo-selection';
import { GenerationSettingsPanel } from './generation-settings-panel';
import { PhotoOptions } from './photo-options';
import { PreviewGrid } from './preview-grid';
import { ProgressOverlay } from './progress-overlay';
import './photo-upload.css';

// Loaded when first opened (decision 027): even closed, the dialog would bring the dialog library to the page.
const HowItWorksDialog = lazy(() =>
  import('./how-it-works-dialog').then((module) => ({ default: module.HowItWorksDialog })),
);

export function PhotoUploadPage() {
  const { t } = useTranslation();
  const { photos, addFiles, removePhoto } = usePhotoSelection();
  const [settings, setSettings] = useState(DEFAULT_GENERATION_SETTINGS);
  const [howItWorksOpen, setHowItWorksOpen] = useState(false);
  // Stays true once opened, so the closing dialog still plays its animation and gives focus back.
  const [howItWorksMounted, setHowItWorksMounted] = useState(false);
  const backgroundRemoval = useBackgroundRemoval(photos, settings);
  const { queue: removalQueue, state: removalState } = backgroundRemoval;
  const { submit, isUploading, progress } = useGenerateListing(photos, settings, removalQueue);
  const isDragging = usePageDrop(addFiles, !isUploading);
  const user = useAuthStore((state) => (state.isAuthenticated ? state.user : null));
  const allowance = user ? allowanceOf(user) : null;
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const onInputChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    // Choosing the same file again must fire change again.
    event.target.value = '';
  };

  const openHowItWorks = () => {
    setHowItWorksMounted(true);
    setHowItWorksOpen(true);
  };

  const full = photos.length >= MAX_PHOTOS;
  const photoIds = useMemo(() => photos.map((photo) => photo.id), [photos]);
  // The overlay shows each photo as it is uploaded: cleaned, or as it was.
  const uploadedPhotos = useMemo(() => photosForUpload(removalState, photos), [removalState, photos]);

  return (
    <div className="page page--narrow photo-upload">
      <header className="page__header photo-upload__header">
        <div className="photo-upload__heading">
          <h1 className="page__title">{t('photo_upload.title')}</h1>
          <p className="page__subtitle">{t('photo_upload.subtitle')}</p>
        </div>
        <p className="photo-upload__counter" aria-live="polite">
          <span aria-hidden="true">
            {photos.length} / {MAX_PHOTOS}
          </span>
          <span className="visually-hidden">
            {t('photo_upload.counter_label', { count: photos.length, max: MAX_PHOTOS })}
          </span>
        </p>
      </header>

      <section className="card photo-upload__photos" aria-labelledby="photo-upload-photos">
        <div className="photo-upload__section-head">
          <h2 id="photo-upload-photos" className="card__title">
            {t('photo_upload.photos_heading')}
          </h2>
          <button type="button" className="link-button" onClick={openHowItWorks}>
            {t('photo_upload.how_it_works')}
          </button>
        </div>
        <PhotoOptions
          disabled={full || isUploading}
          onTakePhoto={() => cameraRef.current?.click()}
          onUploadPhotos={() => pickerRef.current?.click()}
        />
        <p className="photo-upload__drop-hint">
          <ImagePlus size={18} aria-hidden="true" />
          {t('photo_upload.drop_hint')}
        </p>
        {photos.length > 0 && (
          <PreviewGrid
            photos={photos}
            onRemove={removePhoto}
            onAddMore={() => pickerRef.current?.click()}
            canAddMore={!full && !isUploading}
            backgrounds={
              removalState.enabled
                ? {
                    removals: removalState.removals,
                    colour: removalState.colour,
                    running: removalState.failure === null,
                    onUndo: (id) => removalQueue.undo(id),
                    onRedo: (id) => removalQueue.redo(id),
                  }
                : undefined
            }
          />
        )}
        <input
          ref={pickerRef}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('photo_upload.upload_photos')}
          onChange={onInputChange}
        />
        <input
          ref={cameraRef}
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('photo_upload.take_photo')}
          onChange={onInputChange}
        />
      </section>

      <GenerationSettingsPanel
        settings={settings}
        onChange={setSettings}
        backgroundRemoval={{ state: removalState, photoIds, onRetry: () => removalQueue.retry() }}
        disabled={isUploading}
      />

      <div className="photo-upload__submit">
        <Button
          size="lg"
          onClick={() => void submit()}
          disabled={photos.length === 0 || isUploading}
          aria-describedby={photos.length === 0 ? 'photo-upload-submit-hint' : undefined}
        >
          {isUploading ? <Spinner size="sm" /> : <Sparkles size={18} aria-hidden="true" />}
          {t('photo_upload.submit')}
        </Button>
        {photos.length === 0 && (
          <p id="photo-upload-submit-hint" className="field__hint">
            {t('photo_upload.submit_hint')}
          </p>
        )}
        {allowance && allowance.kind !== 'unlimited' && (
          <p className="photo-upload__allowance">
            {allowanceText(allowance, t)}{' '}
            <button type="button" className="link-button" onClick={() => openPaywall('all')}>
              {t('plans.see_plans')}
            </button>
          </p>
        )}
      </div>

      {isDragging && (
        <div className="photo-upload__drop-overlay" aria-hidden="true">
          <ImagePlus size={40} />
          <span>{t('photo_upload.drop_here')}</span>
        </div>
      )}
      {progress && <ProgressOverlay progress={progress} photos={uploadedPhotos} />}
      {howItWorksMounted && (
        <Suspense fallback={null}>
          <HowItWorksDialog open={howItWorksOpen} onOpenChange={setHowItWorksOpen} />
        </Suspense>
      )}
    </div>
  );
}
