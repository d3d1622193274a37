// Step 1's photos: thumbnails in listing order, the first one the cover; add through
// the file picker, by dropping files on the photos or by pasting them, remove, and reorder with dnd-kit (drag
// with a mouse, or a finger on the handle: HTML5 drag and drop does not work on touch screens; or the
// keyboard on the handle) or with the move buttons. At MAX_PHOTOS the Add button gives way to a note saying
// so, as the tags' input does at their limit.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MAX_PHOTOS } from '@snaplist/contract';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, RotateCcw, X } from 'lucide-react';
import { type ClipboardEvent, type ComponentProps, type DragEvent, useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { type EditorPhoto, fieldId } from '../editor-form';
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
  const [announcement, setAnnouncement] = useState('');
  const pickingUp = useRef(false);
  const [pendingFocus, setPendingFocus] = useState<{ key: string; direction: Direction } | null>(null);
  const id = fieldId('photos');
  const full = photos.length >= MAX_PHOTOS;
  const describedByIds = describedBy('photos', true, error !== undefined);
  const sensors = useSensors(
    // A few pixels of movement first, so a click on a tile's buttons stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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

  const move = (index: number, to: number, focus: Direction) => {
    const photo = photos[index];
    if (!photo || to < 0 || to >= photos.length || to === index) return;
    onMove(index, to);
    setAnnouncement(t('listing_editor.photo_moved', { position: to + 1, total: photos.length }));
    setPendingFocus({ key: photo.key, direction: focus });
  };

  /** 1-based position of a tile, as the seller counts. */
  const positionOf = (key: UniqueIdentifier) => photos.findIndex((photo) => photo.key === key) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = positionOf(active.id) - 1;
    const to = over ? positionOf(over.id) - 1 : -1;
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };

  // dnd-kit's own words are English: what a screen reader hears while dragging, in the seller's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      pickingUp.current = true;
      return t('listing_editor.drag_picked_up', { number: positionOf(active.id) });
    },
    onDragOver: ({ over }) => {
      // The first 'over' comes with the pick-up, over the photo's own place: saying it would drown the pick-up.
      if (pickingUp.current) {
        pickingUp.current = false;
        return undefined;
      }
      return over
        ? t('listing_editor.drag_over', { position: positionOf(over.id), total: photos.length })
        : undefined;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('listing_editor.photo_moved', { position: positionOf(over.id), total: photos.length })
        : t('listing_editor.drag_cancelled', { position: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('listing_editor.drag_cancelled', { position: positionOf(active.id) }),
  };

  // Files dragged in from the computer are added like picked ones (dnd-kit does not use HTML5 drag events).
  const onDropFiles = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
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
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('listing_editor.drag_instructions') },
          }}
        >
          <SortableContext items={photos.map((photo) => photo.key)} strategy={rectSortingStrategy}>
            <ul
              className="editor-photos__grid"
              aria-label={t('listing_editor.photos')}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDropFiles}
            >
              {photos.map((photo, index) => (
                <PhotoTile
                  key={photo.key}
                  photo={photo}
                  index={index}
                  last={index === photos.length - 1}
                  moveButtonRef={moveButtonRef}
                  onMove={(to, focus) => move(index, to, focus)}
                  onRetry={() => onRetry(photo.key)}
                  onRemove={() => onRemove(photo.key)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
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

interface PhotoTileProps {
  photo: EditorPhoto;
  index: number;
  last: boolean;
  moveButtonRef: (key: string, direction: Direction) => (element: HTMLButtonElement | null) => void;
  onMove: (to: number, focus: Direction) => void;
  onRetry: () => void;
  onRemove: () => void;
}

function PhotoTile({ photo, index, last, moveButtonRef, onMove, onRetry, onRemove }: PhotoTileProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const busy = photo.status === 'uploading';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: photo.key,
      disabled: busy,
      attributes: { roleDescription: t('listing_editor.drag_role') },
    });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[
        'editor-photo',
        isDragging ? 'editor-photo--dragging' : '',
        photo.status === 'failed' ? 'editor-photo--failed' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-busy={busy || undefined}
      data-photo-key={photo.key}
      // A mouse drags the whole tile; the keyboard and a finger use the handle (setActivatorNodeRef).
      {...listeners}
    >
      <div className="editor-photo__frame">
        {photo.previewUrl ? (
          <img src={photo.previewUrl} alt={t('listing_editor.photo_alt', { number })} draggable={false} />
        ) : (
          <span
            className="editor-photo__placeholder"
            role="img"
            aria-label={t('listing_editor.photo_alt', { number })}
          />
        )}
        {index === 0 && <span className="editor-photo__cover">{t('listing_editor.photo_cover')}</span>}
        {busy ? (
          <span className="editor-photo__status">
            <Spinner size="sm" />
            <span>{t('listing_editor.photo_uploading')}</span>
          </span>
        ) : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="editor-photo__handle"
            {...attributes}
            aria-label={t('listing_editor.drag_photo', { number })}
            title={t('listing_editor.drag_photo', { number })}
          >
            <GripVertical size={18} aria-hidden="true" />
          </button>
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
        <TileButton
          ref={moveButtonRef(photo.key, 'left')}
          label={t('listing_editor.move_photo_left', { number })}
          disabled={index === 0}
          onClick={() => onMove(index - 1, 'left')}
        >
          <ChevronLeft size={18} aria-hidden="true" />
        </TileButton>
        <TileButton
          ref={moveButtonRef(photo.key, 'right')}
          label={t('listing_editor.move_photo_right', { number })}
          disabled={last}
          onClick={() => onMove(index + 1, 'right')}
        >
          <ChevronRight size={18} aria-hidden="true" />
        </TileButton>
        {photo.status === 'failed' && photo.file && (
          <TileButton label={t('listing_editor.retry_photo', { number })} onClick={onRetry}>
            <RotateCcw size={16} aria-hidden="true" />
          </TileButton>
        )}
        <TileButton label={t('listing_editor.remove_photo', { number })} danger onClick={onRemove}>
          <X size={18} aria-hidden="true" />
        </TileButton>
      </div>
    </li>
  );
}

/** An icon button under a photo: its label is both its accessible name and its tooltip. */
function TileButton({
  label,
  danger = false,
  ...button
}: { label: string; danger?: boolean } & Omit<ComponentProps<'button'>, 'type' | 'className' | 'title'>) {
  return (
    <button
      {...button}
      type="button"
      className={['icon-button', 'editor-icon-button', danger ? 'editor-icon-button--danger' : '']
        .filter(Boolean)
        .join(' ')}
      aria-label={label}
      title={label}
    />
  );
}
