// Step 1's photos (SPEC sections 2 and 5): thumbnails in listing order, the first one the cover; add through
// the file picker, by dropping files on the photos or by pasting them, remove, and reorder by dragging or with
// the move buttons (keyboard and screen readers). At MAX_PHOTOS the Add button gives way to a note saying so,
// as the tags' input does at their limit.
import { MAX_PHOTOS } from '@snaplist/contract';
import { ChevronLeft, ChevronRight, ImagePlus, RotateCcw, X } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { type EditorPhoto, type FieldError, fieldId } from '../editor-form';
import { PHOTO_ACCEPT, type RejectedFiles } from '../use-photo-uploads';
import { describedBy, FieldMessage, RequiredMark } from './form-field';

interface PhotoFieldProps {
  photos: readonly EditorPhoto[];
  error: FieldError | undefined;
  rejected: RejectedFiles;
  onAdd: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
}

type Direction = 'left' | 'right';

export function PhotoField({ photos, error, rejected, onAdd, onRetry, onRemove, onMove }: PhotoFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const fullNote = useRef<HTMLParagraphElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<{ key: string; direction: Direction } | null>(null);
  const id = fieldId('photos');
  const full = photos.length >= MAX_PHOTOS;
  const describedByIds = describedBy('photos', true, error !== undefined);

  // After a move, focus stays on the moved photo's button, or its other one at either end of the row.
  useEffect(() => {
    if (!pendingFocus) return;
    const { key, direction } = pendingFocus;
    const other: Direction = direction === 'left' ? 'right' : 'left';
    const target = [buttons.current.get(`${key}:${direction}`), buttons.current.get(`${key}:${other}`)].find(
      (button) => button && !button.disabled,
    );
    target?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  // The Add button disappears when the limit is reached, taking the focus with it: the note saying why gets
  // it. A listing opened already full keeps the focus where the page put it.
  const wasFull = useRef(full);
  useEffect(() => {
    if (full && !wasFull.current && document.activeElement === document.body) fullNote.current?.focus();
    wasFull.current = full;
  }, [full]);

  /** Keeps each move button findable by photo and direction, for the focus after a move. */
  const moveButtonRef = (key: string, direction: Direction) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${key}:${direction}`, element);
    else buttons.current.delete(`${key}:${direction}`);
  };

  const move = (index: number, to: number, focus?: Direction) => {
    const photo = photos[index];
    if (!photo || to < 0 || to >= photos.length || to === index) return;
    onMove(index, to);
    setAnnouncement(t('listing_editor.photo_moved', { position: to + 1, total: photos.length }));
    if (focus) setPendingFocus({ key: photo.key, direction: focus });
  };

  const onDrop = (event: DragEvent<HTMLElement>, targetIndex: number | null) => {
    event.preventDefault();
    event.stopPropagation();
    const from = dragKey ? photos.findIndex((photo) => photo.key === dragKey) : -1;
    setDragKey(null);
    setOverKey(null);
    if (from >= 0) {
      move(from, targetIndex ?? photos.length - 1);
      return;
    }
    // Files dragged in from the computer are added like picked ones.
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) onAdd(files);
  };

  // Photos copied from another app or a web page are added like picked ones; text pastes are left alone.
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length === 0) return;
    event.preventDefault();
    onAdd(files);
  };

  return (
    <fieldset className="editor-photos" aria-describedby={describedByIds} onPaste={onPaste}>
      <legend className="field__label">
        {t('listing_editor.photos')}
        <RequiredMark />
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        <span className="editor-photos__counter">
          {t('listing_editor.photos_counter', { current: photos.length, max: MAX_PHOTOS })}
        </span>{' '}
        {t('listing_editor.photos_hint')}
      </p>

      {photos.length > 0 && (
        <ul
          className="editor-photos__grid"
          aria-label={t('listing_editor.photos')}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => onDrop(event, null)}
        >
          {photos.map((photo, index) => {
            const number = index + 1;
            const busy = photo.status === 'uploading';
            return (
              <li
                key={photo.key}
                className={[
                  'editor-photo',
                  photo.key === dragKey ? 'editor-photo--dragging' : '',
                  photo.key === overKey && dragKey !== photo.key ? 'editor-photo--over' : '',
                  photo.status === 'failed' ? 'editor-photo--failed' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                draggable={!busy}
                aria-busy={busy || undefined}
                data-photo-key={photo.key}
                onDragStart={(event) => {
                  setDragKey(photo.key);
                  if (event.dataTransfer) {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', photo.key);
                  }
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  if (overKey !== photo.key) setOverKey(photo.key);
                }}
                onDragLeave={() => setOverKey((current) => (current === photo.key ? null : current))}
                onDragEnd={() => {
                  setDragKey(null);
                  setOverKey(null);
                }}
                onDrop={(event) => onDrop(event, index)}
              >
                <div className="editor-photo__frame">
                  {photo.previewUrl ? (
                    <img
                      src={photo.previewUrl}
                      alt={t('listing_editor.photo_alt', { number })}
                      draggable={false}
                    />
                  ) : (
                    <span
                      className="editor-photo__placeholder"
                      role="img"
                      aria-label={t('listing_editor.photo_alt', { number })}
                    />
                  )}
                  {index === 0 && (
                    <span className="editor-photo__cover">{t('listing_editor.photo_cover')}</span>
                  )}
                  {busy && (
                    <span className="editor-photo__status">
                      <Spinner size="sm" />
                      <span>{t('listing_editor.photo_uploading')}</span>
                    </span>
                  )}
                </div>
                {photo.status === 'failed' && (
                  <p className="editor-photo__error" role="alert">
                    {t('listing_editor.photo_failed', {
                      name: photo.file?.name ?? t('listing_editor.photo_alt', { number }),
                      reason: errorText(photo.error, t),
                    })}
                  </p>
                )}
                <div className="editor-photo__actions">
                  <button
                    type="button"
                    className="icon-button editor-icon-button"
                    ref={moveButtonRef(photo.key, 'left')}
                    aria-label={t('listing_editor.move_photo_left', { number })}
                    title={t('listing_editor.move_photo_left', { number })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'left')}
                  >
                    <ChevronLeft size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-button editor-icon-button"
                    ref={moveButtonRef(photo.key, 'right')}
                    aria-label={t('listing_editor.move_photo_right', { number })}
                    title={t('listing_editor.move_photo_right', { number })}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, index + 1, 'right')}
                  >
                    <ChevronRight size={18} aria-hidden="true" />
                  </button>
                  {photo.status === 'failed' && photo.file && (
                    <button
                      type="button"
                      className="icon-button editor-icon-button"
                      aria-label={t('listing_editor.retry_photo', { number })}
                      title={t('listing_editor.retry_photo', { number })}
                      onClick={() => onRetry(photo.key)}
                    >
                      <RotateCcw size={16} aria-hidden="true" />
                    </button>
                  )}
                  <button
                    type="button"
                    className="icon-button editor-icon-button editor-icon-button--danger"
                    aria-label={t('listing_editor.remove_photo', { number })}
                    title={t('listing_editor.remove_photo', { number })}
                    onClick={() => onRemove(photo.key)}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {full ? (
        // Keeps the field's id, so a message about the photos still has somewhere to take the focus.
        <p ref={fullNote} id={id} tabIndex={-1} className="field__hint" aria-describedby={describedByIds}>
          {t('listing_editor.photos_full', { max: MAX_PHOTOS })}
        </p>
      ) : (
        <div className="editor-photos__add">
          <Button
            id={id}
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            aria-describedby={describedByIds}
          >
            <ImagePlus size={18} aria-hidden="true" />
            {t('listing_editor.add_photos')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            hidden
            data-testid="listing-editor-photo-input"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              // The same file can be chosen again after it was removed.
              event.currentTarget.value = '';
              if (files.length > 0) onAdd(files);
            }}
          />
        </div>
      )}
      {rejected.unsupported.length > 0 && (
        <p className="field__error" role="alert">
          {t('listing_editor.photos_rejected', { names: rejected.unsupported.join(', ') })}
        </p>
      )}
      {rejected.pastLimit.length > 0 && (
        <p className="field__error" role="alert">
          {t('listing_editor.photos_past_limit', { max: MAX_PHOTOS, names: rejected.pastLimit.join(', ') })}
        </p>
      )}
      <FieldMessage field="photos" error={error} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
