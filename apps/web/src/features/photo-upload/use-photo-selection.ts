// The chosen photos: adding (picker, camera or drop) with the type filter and the 24-photo limit, each
// refusal said in an alert, and removing. Preview URLs belong to the components that show them.
import { MAX_PHOTOS } from '@snaplist/contract/constants';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/stores/alert';
import { newPhotoId, type PhotoItem, selectPhotos } from './photo-selection';

export function usePhotoSelection() {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  // Two drops in one tick must both see the count the first one left.
  const count = useRef(0);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const { accepted, rejected, dropped } = selectPhotos(count.current, files);
      if (rejected.length > 0) {
        showAlert(
          t('photo_upload.unsupported_files', {
            count: rejected.length,
            names: rejected.map((file) => file.name).join(', '),
          }),
        );
      }
      if (dropped > 0) showAlert(t('photo_upload.max_images', { max: MAX_PHOTOS }));
      if (accepted.length === 0) return;
      const added = accepted.map((file) => ({ id: newPhotoId(), file }));
      count.current += added.length;
      setPhotos((current) => [...current, ...added]);
    },
    [t],
  );

  const removePhoto = useCallback((id: string) => {
    setPhotos((current) => {
      const next = current.filter((photo) => photo.id !== id);
      count.current = next.length;
      return next;
    });
  }, []);

  return { photos, addFiles, removePhoto };
}
