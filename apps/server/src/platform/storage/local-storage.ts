// The embedded storage adapter: objects are files under DATA_DIR/photos, and this server signs and serves
// its own upload and download URLs (HMAC-SHA256 over the operation, key, expiry and limits).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeKey,
  type DownloadUrlOptions,
  type PhotoStorage,
  type StorageLeftovers,
  type UploadUrlOptions,
} from './photo-storage';

export const LOCAL_STORAGE_ROUTE = '/api/storage';

/** The store's id, in its root folder; a key never starts with a dot, so no object can be it. */
const IDENTITY_FILE = '.storage-id';

export interface SignedRequest {
  key: string;
  operation: 'put' | 'get';
  expires: number;
  contentType?: string;
  maxBytes?: number;
  fileName?: string;
  signature: string;
}

export class LocalPhotoStorage implements PhotoStorage {
  readonly adapter = 'local';
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.root = path.join(dataDir, 'photos');
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    assertSafeKey(key);
    const expires = Math.floor(options.expiresAt.getTime() / 1000);
    const params = new URLSearchParams({
      op: 'put',
      exp: String(expires),
      ct: options.contentType,
      max: String(options.contentLength),
    });
    params.set('sig', this.sign('put', key, expires, options.contentType, String(options.contentLength)));
    return `${LOCAL_STORAGE_ROUTE}/${key}?${params}`;
  }

  async createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertSafeKey(key);
    const expires = Math.floor(options.expiresAt.getTime() / 1000);
    const params = new URLSearchParams({ op: 'get', exp: String(expires) });
    if (options.fileName) params.set('dl', options.fileName);
    params.set('sig', this.sign('get', key, expires, options.fileName ?? ''));
    return `${LOCAL_STORAGE_ROUTE}/${key}?${params}`;
  }

  /** Why a signed request is refused, or null when it is good. */
  verify(request: SignedRequest): 'invalid' | 'expired' | null {
    let expected: string;
    try {
      assertSafeKey(request.key);
      expected =
        request.operation === 'put'
          ? this.sign(
              'put',
              request.key,
              request.expires,
              request.contentType ?? '',
              String(request.maxBytes ?? ''),
            )
          : this.sign('get', request.key, request.expires, request.fileName ?? '');
    } catch {
      return 'invalid';
    }
    const given = Buffer.from(request.signature, 'hex');
    const wanted = Buffer.from(expected, 'hex');
    if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return 'invalid';
    if (request.expires * 1000 < this.now().getTime()) return 'expired';
    return null;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a photo.
    const partial = `${file}.${crypto.randomUUID()}.partial`;
    try {
      await fs.writeFile(partial, body);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // A delete emptied and removed the upload folder between our mkdir and write: make it again.
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(partial, body);
    }
    await fs.rename(partial, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.fileFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.fileFor(fromKey);
    const target = this.fileFor(toKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomUUID()}.partial`;
    try {
      await fs.copyFile(source, partial);
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.fileFor(key), { force: true })));
    // A generation's upload folder is of no use once its uploads are gone.
    const uploadFolders = new Set(
      keys.filter((key) => key.startsWith('uploads/')).map((key) => path.dirname(this.fileFor(key))),
    );
    await Promise.all([...uploadFolders].map((folder) => removeIfEmpty(folder)));
  }

  async removeLeftovers(olderThan: Date): Promise<StorageLeftovers> {
    const removed: StorageLeftovers = { partialFiles: 0, emptyFolders: 0 };
    const visit = async (folder: string): Promise<void> => {
      const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const entryPath = path.join(folder, entry.name);
        if (entry.isDirectory()) {
          await visit(entryPath);
          // Only old folders: a new one may be about to receive its first file.
          if ((await isOlderThan(entryPath, olderThan)) && (await removeIfEmpty(entryPath)))
            removed.emptyFolders += 1;
        } else if (entry.name.endsWith('.partial') && (await isOlderThan(entryPath, olderThan))) {
          await fs.rm(entryPath, { force: true });
          removed.partialFiles += 1;
        }
      }
    };
    await visit(this.root);
    return removed;
  }

  async readIdentity(): Promise<string | null> {
    try {
      return (await fs.readFile(path.join(this.root, IDENTITY_FILE), 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async createIdentity(): Promise<string> {
    await fs.mkdir(this.root, { recursive: true });
    const file = path.join(this.root, IDENTITY_FILE);
    // Written whole, then linked: a reader never sees half an id, and the link fails when another process
    // starting at the same time made the file first, whose id then holds.
    const partial = `${file}.${crypto.randomUUID()}.partial`;
    await fs.writeFile(partial, crypto.randomUUID());
    try {
      await fs.link(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(partial, { force: true });
    }
    const identity = await this.readIdentity();
    if (identity === null) throw new Error(`${file} vanished as it was written`);
    return identity;
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }

  private fileFor(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private sign(...parts: (string | number)[]): string {
    return crypto.createHmac('sha256', this.secret).update(parts.join('\n')).digest('hex');
  }
}

/** True when the folder was empty and is now gone; a folder with files (or already gone) stays as it is. */
async function removeIfEmpty(folder: string): Promise<boolean> {
  try {
    await fs.rmdir(folder);
    return true;
  } catch {
    return false;
  }
}

async function isOlderThan(entryPath: string, moment: Date): Promise<boolean> {
  const stats = await fs.stat(entryPath).catch(() => null);
  return stats !== null && stats.mtime.getTime() < moment.getTime();
}
