// The listing's photos: thumbnails that open the large photo, only the first six on a phone
// with Show More / Show Less, and Download All Photos.
import { MOBILE_COLLAPSED_PHOTOS } from '@snaplist/contract';
import { ChevronLeft, ChevronRight, Download, ImageOff } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { downloadPhotos } from '../download-photos';

interface GalleryPhoto {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export function PhotoGallery({ photos, title }: { photos: readonly GalleryPhoto[]; title: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

  const collapsible = isMobile && photos.length > MOBILE_COLLAPSED_PHOTOS;
  const shown = collapsible && !expanded ? photos.slice(0, MOBILE_COLLAPSED_PHOTOS) : photos;
  const current = open === null ? undefined : photos[open];

  const downloadAll = async () => {
    setDownloading(true);
    toast(t('listing_details.download_started'));
    try {
      await downloadPhotos(photos, title);
      toast.success(t('listing_details.download_done'));
    } catch (error) {
      console.error('Photo download failed', error);
      toast.error(t('listing_details.download_failed'));
    } finally {
      setDownloading(false);
    }
  };

  if (photos.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <ImageOff size={32} aria-hidden="true" />
        <p>{t('listing_details.no_photos')}</p>
      </div>
    );
  }

  return (
    <div className="gallery">
      <ul className="gallery__grid" aria-label={t('listing_details.photos')}>
        {shown.map((photo, index) => (
          <li key={photo.url} className={index === 0 ? 'gallery__item gallery__item--main' : 'gallery__item'}>
            <button
              type="button"
              className="gallery__thumb"
              onClick={() => setOpen(index)}
              aria-label={t('listing_details.open_photo', { number: index + 1, total: photos.length })}
            >
              <img
                src={index === 0 ? photo.url : photo.thumbnailUrl}
                alt=""
                width={photo.width}
                height={photo.height}
                loading={index < 4 ? 'eager' : 'lazy'}
              />
            </button>
          </li>
        ))}
      </ul>
      <div className="gallery__actions">
        {collapsible && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
          >
            {expanded ? t('listing_details.show_less') : t('listing_details.show_more')}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => void downloadAll()} disabled={downloading}>
          <Download size={16} aria-hidden="true" />
          {t('listing_details.download_all')}
        </Button>
      </div>

      <Dialog
        open={current !== undefined}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={t('listing_details.photo_of', { number: (open ?? 0) + 1, total: photos.length })}
        description={title}
        className="lightbox"
      >
        {current && open !== null && (
          <div className="lightbox__body">
            <img
              className="lightbox__image"
              src={current.url}
              alt={t('listing_details.photo_alt', { number: open + 1, title })}
            />
            {photos.length > 1 && (
              <div className="lightbox__nav">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setOpen((open - 1 + photos.length) % photos.length)}
                  aria-label={t('listing_details.previous_photo')}
                >
                  <ChevronLeft size={18} aria-hidden="true" />
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setOpen((open + 1) % photos.length)}
                  aria-label={t('listing_details.next_photo')}
                >
                  <ChevronRight size={18} aria-hidden="true" />
                </Button>
              </div>
            )}
          </div>
        )}
      </Dialog>
    </div>
  );
}
