// The photo-storage port, shaped like an S3 bucket: the browser uploads through a signed PUT URL, photos are
// read through signed, expiring GET URLs, and the server itself can put, get and delete objects.
export interface UploadUrlOptions {
  /** Bound into the signature: an upload sent as any other type is refused. */
  contentType: string;
  /**
   * The size the browser declared, in bytes. The S3 adapter signs it as the Content-Length, so the store
   * accepts exactly this many bytes; the local adapter refuses anything larger.
   */
  contentLength: number;
  expiresAt: Date;
}

export interface DownloadUrlOptions {
  expiresAt: Date;
  /** Offered to the browser as the file name when the photo is downloaded. */
  fileName?: string;
}

export interface PhotoStorage {
  readonly adapter: string;
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Copies an object to a new key (S3 CopyObject); throws when there is no object at `fromKey`. */
  copy(fromKey: string, toKey: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  ping(): Promise<void>;
  /**
   * Removes what killed writes left behind, older than `olderThan`: half-written files and empty folders.
   * Absent where the store has none (S3 writes whole objects or nothing).
   */
  removeLeftovers?(olderThan: Date): Promise<StorageLeftovers>;
  /**
   * The random id the store keeps of itself (decision 051), or null when it has none yet. Absent, with
   * createIdentity, where configuration alone names the store (S3: its bucket).
   */
  readIdentity?(): Promise<string | null>;
  /** Writes the store's id unless it has one (another process may have written it first); answers it. */
  createIdentity?(): Promise<string>;
}

export interface StorageLeftovers {
  partialFiles: number;
  emptyFolders: number;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** How a download offers its file name: only safe characters, so the header needs no quoting rules. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;
}

/** Keys are ours, never the browser's; this guards the local adapter's paths all the same. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
