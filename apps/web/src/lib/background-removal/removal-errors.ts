// What went wrong, as the page decides by it (remover-types.ts), from the errors that @imgly/background-removal,
// onnxruntime-web and the browser throw. They carry no codes, only messages, so their wording is matched here
// and nowhere else; an error nobody recognises is 'failed'.
import type { RemovalErrorCode } from './remover-types';

/**
 * A device that cannot hold the model and its working memory: the browser refuses an ArrayBuffer, the
 * WebAssembly memory cannot grow, or the runtime's allocator gives up (C++ bad_alloc, Emscripten's OOM abort).
 */
const OUT_OF_MEMORY =
  /out of memory|\bOOM\b|bad.alloc|allocation failed|(?:could not|cannot|failed to) allocate|maximum memory size|enlarge memory|WebAssembly\.Memory/i;
const METADATA_NOT_FOUND = /Resource metadata not found/;
const RESOURCE_NOT_FOUND = /Resource \S+ not found/;
/** Also what a file that 404s gives: the library reads the error page as the file and finds it the wrong size. */
const SIZE_MISMATCH = /Failed to fetch \S+ with size \d+ but got \d+/;
const SESSION_FAILED = /Failed to create session/;
/** createImageBitmap's refusal, and the library's for a type it does not decode. */
const UNREADABLE_IMAGE = /could not be decoded|cannot decode|decoding failed|Invalid format:/i;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

export function removalErrorCode(error: unknown): RemovalErrorCode {
  const message = messageOf(error);
  if (OUT_OF_MEMORY.test(message)) return 'device_too_weak';
  if (METADATA_NOT_FOUND.test(message)) return 'metadata_not_found';
  if (RESOURCE_NOT_FOUND.test(message)) return 'resource_not_found';
  if (SIZE_MISMATCH.test(message)) return 'size_mismatch';
  if (SESSION_FAILED.test(message)) return 'session_failed';
  // The only JSON the library parses is resources.json: a page (the app's own index.html) answered in its place.
  if (error instanceof SyntaxError) return 'metadata_not_found';
  if (error instanceof Error && error.name === 'EncodingError') return 'image_unreadable';
  if (UNREADABLE_IMAGE.test(message)) return 'image_unreadable';
  return 'failed';
}

/** The message kept with the code, for the console and bug reports: never shown to the seller as it is. */
export function removalErrorDetail(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : messageOf(error);
}
