// Download All Photos (decision 009): every photo is fetched as a blob and saved as a real file
// named after the listing, so the seller gets 'title-1.jpg', 'title-2.jpg'... and not links that expire.
import { type SaveFile, saveBlob } from '@/lib/download-file';
import { photoFileName } from './listing-text';

/** Fetches all photos first (one failure saves nothing), then saves them in order. */
export async function downloadPhotos(
  photos: ReadonlyArray<{ url: string }>,
  title: string,
  save: SaveFile = saveBlob,
): Promise<string[]> {
  const blobs = await Promise.all(
    photos.map(async ({ url }) => {
      const response = await fetch(url);
      if (!response.ok)
        throw new Error(`Failed to download photo: ${response.statusText || response.status}`);
      return response.blob();
    }),
  );
  return blobs.map((blob, index) => {
    const fileName = photoFileName(title, index + 1, blob.type);
    save(blob, fileName);
    return fileName;
  });
}
