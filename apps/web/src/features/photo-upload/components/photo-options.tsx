// The two ways in: Take Photo (the camera on a phone) and Upload Photos (Recommended).
import { Camera, Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

interface PhotoOptionsProps {
  disabled: boolean;
  onTakePhoto: () => void;
  onUploadPhotos: () => void;
}

export function PhotoOptions({ disabled, onTakePhoto, onUploadPhotos }: PhotoOptionsProps) {
  const { t } = useTranslation();
  return (
    <div className="photo-options">
      <button type="button" className="photo-option" onClick={onTakePhoto} disabled={disabled}>
        <span className="photo-option__icon">
          <Camera size={24} aria-hidden="true" />
        </span>
        <span className="photo-option__body">
          <span className="photo-option__title">{t('photo_upload.take_photo')}</span>
          <span className="photo-option__text">{t('photo_upload.take_photo_text')}</span>
        </span>
      </button>
      <button
        type="button"
        className="photo-option photo-option--recommended"
        onClick={onUploadPhotos}
        disabled={disabled}
      >
        <span className="photo-option__icon">
          <Images size={24} aria-hidden="true" />
        </span>
        <span className="photo-option__body">
          <span className="photo-option__title">
            {t('photo_upload.upload_photos')}
            <Badge>{t('photo_upload.recommended')}</Badge>
          </span>
          <span className="photo-option__text">{t('photo_upload.upload_photos_text')}</span>
        </span>
      </button>
    </div>
  );
}
