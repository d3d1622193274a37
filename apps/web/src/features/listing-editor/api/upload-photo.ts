// One photo up to POST /api/photos/upload as multipart (field `photo`): callApi speaks JSON only, so this
// sends the form itself, with the same bearer token and the same ApiError on failure.
import { type RouteResponse, routes } from '@snaplist/contract';
import { API_BASE, readBody, requestHeaders, toApiError } from '@/lib/api-client';

export type UploadedPhoto = RouteResponse<typeof routes.uploadPhoto>;

export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const init: RequestInit = { method: routes.uploadPhoto.method, headers: requestHeaders(), body: form };
  if (signal) init.signal = signal;

  const response = await fetch(`${API_BASE}${routes.uploadPhoto.path}`, init);
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response, body);
  return body as UploadedPhoto;
}
