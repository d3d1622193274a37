// Catches what a page saves as a file: the blob handed to an object URL, and the link clicked to save it.
import { vi } from 'vitest';

/** Every object URL made while this stands is `objectUrl`; `saved` and `blobs` fill in the order of saving. */
export function catchDownloads(objectUrl: string) {
  const saved: Array<{ name: string; href: string }> = [];
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return objectUrl;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return { saved, blobs };
}
