// The photos of the listing form on their way up: each chosen file is uploaded on
// its own through POST /photos/upload, with its own busy state and its own error, and can be retried or
// removed. At most MAX_PHOTOS tiles: files beyond the room left, however they came (picker, drop, paste), are
// refused with the spec's alert and named next to the photos.
import { MAX_PHOTOS, PHOTO_EXTENSIONS, PHOTO_TYPES } from '@snaplist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '@/lib/errors';
import { showAlert } from '@/stores/alert';
import { uploadPhoto } from './api/upload-photo';
import type { EditorPhoto } from './editor-form';

/** The file picker's accept list: extensions for desktop pickers, types for mobile ones. */
export const PHOTO_ACCEPT = [...PHOTO_EXTENSIONS.map((extension) => `.${extension}`), ...PHOTO_TYPES].join(
  ',',
);

/** JPG, JPEG, PNG or WebP by name, and not something else by the browser's word; the server checks bytes. */
export function isAcceptedPhoto(file: File): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  return (
    (PHOTO_EXTENSIONS as readonly string[]).includes(extension) &&
    (file.type === '' || (PHOTO_TYPES as readonly string[]).includes(file.type))
  );
}

let counter = 0;
function newKey(): string {
  counter += 1;
  return `upload-${Date.now().toString(36)}-${counter}`;
}

function previewFor(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

type PhotosUpdate = (update: (photos: EditorPhoto[]) => EditorPhoto[]) => void;

/** The files of the last add that were not added, by name: not a photo, or past MAX_PHOTOS. */
export interface RejectedFiles {
  unsupported: readonly string[];
  pastLimit: readonly string[];
}

const NONE_REJECTED: RejectedFiles = { unsupported: [], pastLimit: [] };

export function usePhotoUploads(photos: readonly EditorPhoto[], setPhotos: PhotosUpdate) {
  const { t } = useTranslation();
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());
  const [rejected, setRejected] = useState<RejectedFiles>(NONE_REJECTED);

  // Leaving the page stops what is still uploading and frees the local previews.
  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const patch = useCallback(
    (key: string, fields: Partial<EditorPhoto>) =>
      setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...fields } : photo))),
    [setPhotos],
  );

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadPhoto(file, controller.signal).then(
        (uploaded) => {
          controllers.current.delete(key);
          patch(key, { id: uploaded.id, status: 'ready', error: null, file: null });
        },
        (error: unknown) => {
          controllers.current.delete(key);
          if (controller.signal.aborted) return;
          patch(key, { status: 'failed', error });
        },
      );
    },
    [patch],
  );

  const add = (files: readonly File[]) => {
    const photoFiles = files.filter(isAcceptedPhoto);
    const room = Math.max(0, MAX_PHOTOS - photos.length);
    const pastLimit = photoFiles.slice(room);
    setRejected({
      unsupported: files.filter((file) => !isAcceptedPhoto(file)).map((file) => file.name),
      pastLimit: pastLimit.map((file) => file.name),
    });
    if (pastLimit.length > 0) showAlert(issueText({ code: 'too_many_photos' }, t));
    const added: EditorPhoto[] = photoFiles.slice(0, room).map((file) => {
      const key = newKey();
      const previewUrl = previewFor(file);
      if (previewUrl) previews.current.set(key, previewUrl);
      return { key, id: null, previewUrl, status: 'uploading', error: null, file };
    });
    if (added.length === 0) return;
    setPhotos((current) => [...current, ...added]);
    for (const photo of added) if (photo.file) start(photo.key, photo.file);
  };

  const retry = (key: string) => {
    const photo = photos.find((item) => item.key === key);
    if (!photo?.file) return;
    patch(key, { status: 'uploading', error: null });
    start(key, photo.file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    setPhotos((current) => current.filter((photo) => photo.key !== key));
  };

  return { add, retry, remove, rejected };
}
