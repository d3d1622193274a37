// Downloads a file the API answers with (the inventory CSV): fetched with the bearer token, because a plain
// link cannot send one, then saved under the name the server gives in Content-Disposition. A refused request
// becomes the same ApiError callApi throws, so callers show errors one way.
import type { RouteDescriptor } from '@snaplist/contract';
import { currentToken } from '@/stores/auth';
import { API_BASE, readBody, toApiError } from './api-client';

export type SaveFile = (blob: Blob, fileName: string) => void;

/** Saves a blob through a temporary link; the object URL is freed once the browser has taken it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Characters no file system takes in a name; the browser would replace them anyway, we do it predictably. */
const UNSAFE_CHARACTERS = '\\/:*?"<>|';

function cleanName(name: string): string | null {
  const clean = Array.from(name, (character) =>
    character.charCodeAt(0) < 0x20 || UNSAFE_CHARACTERS.includes(character) ? '_' : character,
  )
    .join('')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` when present, since it
 * carries accents and other scripts, else the plain `filename`, quoted or not. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = cleanName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
      if (name) return name;
    } catch {
      // A malformed percent-encoding: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return value ? cleanName(value) : null;
}

export interface DownloadOptions {
  /** The route's query string, e.g. { type: 'inventory' }. */
  query?: Record<string, string>;
  /** The name to save under when the server does not name the file. */
  fallbackName: string;
  signal?: AbortSignal;
  save?: SaveFile;
}

/** Fetches a GET route's file (a route without path parameters) and saves it; resolves with the saved name. */
export async function downloadFile(route: RouteDescriptor, options: DownloadOptions): Promise<string> {
  const { query, fallbackName, signal, save = saveBlob } = options;
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (route.produces) headers.Accept = route.produces;
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const init: RequestInit = { method: 'GET', headers };
  if (signal) init.signal = signal;

  const response = await fetch(`${API_BASE}${route.path}${search}`, init);
  if (!response.ok) throw toApiError(response, await readBody(response));
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  save(blob, fileName);
  return fileName;
}
