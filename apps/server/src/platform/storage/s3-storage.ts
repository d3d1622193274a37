// The scale-out storage adapter: objects live in an S3-compatible bucket (AWS S3, MinIO, R2...), and the
// browser uploads and downloads through SigV4 presigned URLs, so photo bytes never pass through the API.
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config';
import {
  assertSafeKey,
  attachmentDisposition,
  type DownloadUrlOptions,
  type PhotoStorage,
  type UploadUrlOptions,
} from './photo-storage';

/** S3 takes at most this many keys in one DeleteObjects request. */
export const DELETE_BATCH_SIZE = 1000;
/** SigV4 presigned URLs are valid for at most a week. */
const MAX_URL_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/**
 * URLs are signed as of the start of the hour, not this very second: asked again within the hour for the same
 * expiry (the listings service rounds it), the same photo gets the same URL, and the browser's cache holds.
 */
const SIGNING_CLOCK_STEP_MS = 60 * 60 * 1000;
const PING_TIMEOUT_MS = 5_000;

export class S3PhotoStorage implements PhotoStorage {
  readonly adapter = 's3';
  private readonly client: S3Client;
  /** Signs the URLs browsers use: the same store, reached at the address sellers can resolve. */
  private readonly presigner: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.bucket = config.bucket;
    const clientFor = (endpoint: string | undefined) =>
      new S3Client({
        region: config.region,
        endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // By default the SDK puts a CRC32 of the (empty) body into presigned PUT URLs, and S3 then refuses the
        // photo for not matching it. Checksums only where an operation requires one (DeleteObjects).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = clientFor(config.endpoint);
    this.presigner =
      config.publicEndpoint && config.publicEndpoint !== config.endpoint
        ? clientFor(config.publicEndpoint)
        : this.client;
  }

  async createUploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    assertSafeKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    // The presigner leaves Content-Type unsigned unless told; signing both makes the store refuse an upload
    // of another type or another size (the browser cannot lie about Content-Length).
    return this.presign(command, options.expiresAt, ['content-type', 'content-length']);
  }

  async createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    assertSafeKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: options.fileName ? attachmentDisposition(options.fileName) : undefined,
    });
    return this.presign(command, options.expiresAt, []);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from((await response.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    // Server-side: the bytes never come through this process. Type and metadata are copied with them.
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertSafeKey);
    for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
      const batch = keys.slice(start, start + DELETE_BATCH_SIZE);
      const response = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
        }),
      );
      // A missing key is not an error to S3; anything reported here is (access denied, a store fault).
      const failed = response.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} of ${batch.length} objects from bucket ${this.bucket}: ` +
            `${first?.Key} ${first?.Code} ${first?.Message}`,
        );
      }
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
  }

  private async presign(
    command: PutObjectCommand | GetObjectCommand,
    expiresAt: Date,
    signedHeaders: string[],
  ): Promise<string> {
    const now = this.now().getTime();
    const until = expiresAt.getTime();
    if (until <= now) throw new Error('A storage URL must expire in the future.');
    if (until - now > MAX_URL_LIFETIME_SECONDS * 1000) {
      throw new Error(`A presigned URL lives at most ${MAX_URL_LIFETIME_SECONDS} seconds.`);
    }
    const signingTime = Math.max(
      Math.floor(now / SIGNING_CLOCK_STEP_MS) * SIGNING_CLOCK_STEP_MS,
      until - MAX_URL_LIFETIME_SECONDS * 1000,
    );
    return getSignedUrl(this.presigner, command, {
      signingDate: new Date(signingTime),
      // S3 counts the lifetime from the signing date, so the URL expires at `expiresAt`, to the second.
      expiresIn: Math.floor((until - signingTime) / 1000),
      signableHeaders: new Set(signedHeaders),
    });
  }
}
