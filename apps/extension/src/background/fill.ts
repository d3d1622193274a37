// Everything a sell page needs to fill its form from one listing: the listing itself and its photos as data
// URLs (a content script turns them back into Files; it cannot fetch them from the Snaplist server itself).
import { type ExtensionMarketplace, type Listing, routes } from '@snaplist/contract';
import { t } from '../i18n';
import type { ListingForFill, TransferredPhoto } from '../messages';
import { ExtensionFailure, fetchFrom } from './api-client';
import { rememberFill } from './fill-memory';
import { callAsSeller, sellerServer } from './session';

/** Photos are larger than API answers, and a listing has up to 24 of them. */
const PHOTO_TIMEOUT_MS = 60_000;

const EXTENSIONS_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function photoDownloadFailed(): ExtensionFailure {
  return new ExtensionFailure('photo_missing', t('error_photo_download'));
}

function toBase64(bytes: Uint8Array): string {
  // btoa takes a binary string; built in slices, since one character per byte of a whole photo at once would
  // exceed the argument limit of String.fromCharCode.
  let binary = '';
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}

/**
 * A photo of the listing as a data URL with its type. Photo URLs are signed, so no token goes with them (they may
 * point at an object store, which must never see it); a relative one is on the Snaplist server.
 */
export async function downloadPhoto(
  server: string,
  photoUrl: string,
  timeoutMs: number,
): Promise<{ type: string; dataUrl: string }> {
  const response = await fetchFrom(server, new URL(photoUrl, server).href, {}, timeoutMs);
  if (!response.ok) throw photoDownloadFailed();
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!EXTENSIONS_BY_TYPE[type]) throw photoDownloadFailed();
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch {
    throw photoDownloadFailed();
  }
  return { type, dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}

/** One photo as the marketplace's file input will get it. */
async function transferPhoto(server: string, photoUrl: string, position: number): Promise<TransferredPhoto> {
  const { type, dataUrl } = await downloadPhoto(server, photoUrl, PHOTO_TIMEOUT_MS);
  return { name: `snaplist-${position}.${EXTENSIONS_BY_TYPE[type]}`, type, dataUrl };
}

export async function prepareFill(
  listingId: string,
  marketplace: ExtensionMarketplace,
  tabId: number | null,
): Promise<ListingForFill> {
  const listing: Listing = await callAsSeller(routes.getListing, { params: { id: listingId } });
  const server = await sellerServer();
  const photos = await Promise.all(
    listing.photos.map((photo, index) => transferPhoto(server, photo.url, index + 1)),
  );
  if (tabId !== null) {
    await rememberFill(tabId, { listingId, listingTitle: listing.title, marketplace, at: Date.now() });
  }
  return { listing, photos };
}
