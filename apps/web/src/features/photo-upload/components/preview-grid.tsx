// The chosen photos as thumbnails, each removable, plus a tile to add more. With background
// removal on (decision 046), each tile also says where its photo is: waiting, downloading the remover, being
// cleaned, cleaned (with the original a press away, and Undo), or kept as it was and why.
import { Eye, EyeOff, Plus, TriangleAlert, Undo2, WandSparkles, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoRemoval } from '../background-removal-queue';
import type { PhotoItem } from '../photo-selection';
import { useObjectUrl } from '../use-object-url';
import { RemovalProgress } from './removal-progress';

/** Background removal as the tiles show it; absent while the switch is off. */
export interface TileBackgrounds {
  removals: ReadonlyMap<string, PhotoRemoval>;
  colour: string;
  /** The remover can run: waiting and working photos are shown as such (after a failure they go as they are). */
  running: boolean;
  onUndo: (photoId: string) => void;
  onRedo: (photoId: string) => void;
}

interface PreviewGridProps {
  photos: readonly PhotoItem[];
  onRemove: (id: string) => void;
  onAddMore: () => void;
  canAddMore: boolean;
  backgrounds?: TileBackgrounds;
}

export function PreviewGrid({ photos, onRemove, onAddMore, canAddMore, backgrounds }: PreviewGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="preview-grid" aria-label={t('photo_upload.selected_photos')}>
      {photos.map((photo, index) => (
        <PreviewTile
          key={photo.id}
          photo={photo}
          number={index + 1}
          onRemove={onRemove}
          backgrounds={backgrounds}
        />
      ))}
      {canAddMore && (
        <li>
          <button type="button" className="preview-grid__add" onClick={onAddMore}>
            <Plus size={24} aria-hidden="true" />
            <span>{t('photo_upload.add_more')}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

function PreviewTile({
  photo,
  number,
  onRemove,
  backgrounds,
}: {
  photo: PhotoItem;
  number: number;
  onRemove: (id: string) => void;
  backgrounds: TileBackgrounds | undefined;
}) {
  const { t } = useTranslation();
  const removal = backgrounds?.removals.get(photo.id);
  const done = removal?.status === 'done' ? removal : undefined;
  const [showOriginal, setShowOriginal] = useState(false);
  const originalUrl = useObjectUrl(photo.file);
  const cutoutUrl = useObjectUrl(done?.cutout);
  const cleanedShown = done && !done.undone && !showOriginal && cutoutUrl;
  const name = photo.file.name;

  return (
    <li className="preview-grid__item">
      {cleanedShown ? (
        // The cut-out on the chosen colour: a new colour shows at once, while the photo to upload is repainted.
        <img
          src={cutoutUrl}
          alt={t('photo_upload.photo_alt_background_removed', { number, name })}
          style={{ backgroundColor: backgrounds?.colour }}
        />
      ) : originalUrl ? (
        <img src={originalUrl} alt={t('photo_upload.photo_alt', { number, name })} />
      ) : (
        <span className="preview-grid__placeholder" />
      )}
      <button
        type="button"
        className="preview-grid__remove"
        onClick={() => onRemove(photo.id)}
        aria-label={t('photo_upload.remove_photo', { number })}
      >
        <X size={16} aria-hidden="true" />
      </button>
      {backgrounds && removal && (
        <TileStatus
          removal={removal}
          number={number}
          running={backgrounds.running}
          showOriginal={showOriginal}
          onShowOriginal={setShowOriginal}
          onUndo={() => {
            setShowOriginal(false);
            backgrounds.onUndo(photo.id);
          }}
          onRedo={() => backgrounds.onRedo(photo.id)}
        />
      )}
    </li>
  );
}

/** A round icon button on a tile; its label is also its tooltip, since the icon is all a sighted seller sees. */
function TileAction({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="preview-grid__action"
      aria-pressed={pressed}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}

function TileStatus({
  removal,
  number,
  running,
  showOriginal,
  onShowOriginal,
  onUndo,
  onRedo,
}: {
  removal: PhotoRemoval;
  number: number;
  running: boolean;
  showOriginal: boolean;
  onShowOriginal: (shown: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useTranslation();

  if (removal.status === 'done') {
    if (removal.undone) {
      const label = t('photo_upload.background_redo', { number });
      return (
        <div className="preview-grid__actions">
          <TileAction label={label} onClick={onRedo}>
            <WandSparkles size={16} aria-hidden="true" />
          </TileAction>
        </div>
      );
    }
    const compareLabel = t('photo_upload.background_show_original', { number });
    const undoLabel = t('photo_upload.background_undo', { number });
    return (
      <div className="preview-grid__actions">
        <TileAction label={compareLabel} pressed={showOriginal} onClick={() => onShowOriginal(!showOriginal)}>
          {showOriginal ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        </TileAction>
        <TileAction label={undoLabel} onClick={onUndo}>
          <Undo2 size={16} aria-hidden="true" />
        </TileAction>
      </div>
    );
  }

  if (removal.status === 'failed') {
    const text =
      removal.reason === 'image_unreadable'
        ? t('background_removal.photo_unreadable')
        : t('background_removal.photo_too_large');
    return (
      <p className="preview-grid__status preview-grid__status--failed">
        <TriangleAlert size={14} aria-hidden="true" />
        <span>{text}</span>
      </p>
    );
  }

  // After a failure the remover is not running: the photo simply goes as it is, which the panel says.
  if (!running) return null;
  if (removal.status === 'waiting') {
    return <p className="preview-grid__status">{t('photo_upload.background_waiting')}</p>;
  }
  return (
    <RemovalProgress
      progress={removal.progress}
      downloadingKey="photo_upload.background_downloading"
      label={t('photo_upload.background_progress_label', { number })}
      className="preview-grid__status preview-grid__status--working"
    />
  );
}
