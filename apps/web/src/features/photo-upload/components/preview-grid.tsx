// The chosen photos as thumbnails, each removable, plus a tile to add more (SPEC section 2).
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PhotoItem } from '../photo-selection';
import { useObjectUrl } from '../use-object-url';

interface PreviewGridProps {
  photos: readonly PhotoItem[];
  onRemove: (id: string) => void;
  onAddMore: () => void;
  canAddMore: boolean;
}

export function PreviewGrid({ photos, onRemove, onAddMore, canAddMore }: PreviewGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="preview-grid" aria-label={t('photo_upload.selected_photos')}>
      {photos.map((photo, index) => (
        <PreviewTile key={photo.id} photo={photo} number={index + 1} onRemove={onRemove} />
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
}: {
  photo: PhotoItem;
  number: number;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(photo.file);
  return (
    <li className="preview-grid__item">
      {url ? (
        <img src={url} alt={t('photo_upload.photo_alt', { number, name: photo.file.name })} />
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
    </li>
  );
}
