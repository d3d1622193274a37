// A listing's first photo, or the default placeholder image when it has none or when the
// photo's signed address no longer loads.
import { useState } from 'react';
import placeholderUrl from '../assets/listing-placeholder.svg';

interface ListingThumbnailProps {
  url: string | null;
  className?: string;
}

export function ListingThumbnail({ url, className }: ListingThumbnailProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url && url !== failedUrl ? url : placeholderUrl;
  // The title is always next to the photo, so the photo adds nothing for a screen reader: alt="".
  return (
    <img
      className={['listing-thumbnail', className].filter(Boolean).join(' ')}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      data-placeholder={src === placeholderUrl ? 'true' : undefined}
      onError={() => setFailedUrl(url)}
    />
  );
}
