// One photo up to POST /api/photos/upload as multipart (field `photo`): callApi speaks JSON only, so this
// sends the form itself, with the same bearer token and the same ApiError on failure.
import { type RouteResponse, routes } from '@snaplist/contract';
import { API_BASE, ApiError } from '@/lib/api-client';
import { currentToken } from '@/stores/auth';

export type UploadedPhoto = RouteResponse<typeof routes.uploadPhoto>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: routes.uploadPhoto.method, headers, body: form };
  if (signal) init.signal = signal;

  const response = await fetch(`${API_BASE}${routes.uploadPhoto.path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): keep the text.
  }
  if (!response.ok) {
    const message =
      isRecord(body) && typeof body.message === 'string' && body.message !== ''
        ? body.message
        : response.statusText || `Request failed with status ${response.status}`;
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
    throw new ApiError(message, response.status, code, body);
  }
  return body as UploadedPhoto;
}
