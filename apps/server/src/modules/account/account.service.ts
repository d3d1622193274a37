// Leaving Snaplist (decision 043). The export is one zip of everything the seller has here, written
// while it downloads: the account, every listing as JSON and as the listings page's CSV, and every photo's file.
// Deleting the account cancels the subscription first (a provider failure stops everything), then deletes every
// row in one transaction that also records the photos' storage keys, then the files; whatever a crash leaves of
// those files, the sweeper removes.
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  AccountChangeMessages,
  type Activity,
  type Listing,
  type ListingPhoto,
  normaliseEmail,
  type User,
} from '@snaplist/contract';
import { ZipFile } from 'yazl';
import { AppError, unauthorized } from '../../errors';
import type { AuthSession } from '../../http/authenticate';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { PhotoStorage } from '../../platform/storage/photo-storage';
import type { CurrentPasswordCheck } from '../auth/current-password';
import type { ListingsService } from '../listings/listings.service';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { UsersService } from '../users/users.service';
import type { AccountRepository, ExportedConnection, ListingPageItem } from './account.repository';
import type { StorageDeletionsRepository } from './storage-deletions.repository';

/** Listings read per query while exporting. */
const EXPORT_PAGE_SIZE = 200;

export const LeavingMessages = {
  exportRateLimited: 'You have exported your data several times in the last hour. Try again later.',
  paymentUnreachable:
    'We could not cancel your subscription with the payment provider, so nothing was deleted. Try again in a few minutes.',
} as const;

export interface AccountTransaction {
  account: AccountRepository;
  deletions: StorageDeletionsRepository;
}

export interface AccountServiceDeps {
  users: Pick<UsersRepository, 'findById'>;
  userViews: Pick<UsersService, 'getView'>;
  listings: Pick<ListingsService, 'getView' | 'exportEveryListingCsv'>;
  account: AccountRepository;
  deletions: StorageDeletionsRepository;
  storage: PhotoStorage;
  payments: Pick<PaymentProvider, 'cancelSubscription'>;
  /** Deleting cannot be undone: the password, or a recent sign-in, proves the seller is at the keyboard. */
  currentPassword: Pick<CurrentPasswordCheck, 'proveRecently'>;
  /** Exports per seller (ACCOUNT_EXPORT_RATE_LIMIT_PER_HOUR): each one reads every photo from storage. */
  exportLimiter: RateLimiter;
  transaction: <T>(work: (repositories: AccountTransaction) => Promise<T>) => Promise<T>;
  log: { warn(details: object, message: string): void };
  now: () => Date;
}

export interface AccountExport {
  fileName: string;
  /** The zip, produced as it is read. */
  body: Readable;
}

/** account.json: who the seller is here, without a secret (no password hash, no marketplace token). */
export interface ExportedAccount {
  exportedAt: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
  hasPassword: boolean;
  signInProviders: User['linkedProviders'];
  plan: User['planData'];
  freeAccess: boolean;
  usage: {
    currentMonth: User['usage'];
    freeAiListingsUsed: number;
    byMonth: Array<{ month: string; aiListingsUsed: number }>;
  };
  marketplaceConnections: ExportedConnection[];
  crosslistingActivity: Activity[];
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** The zip of everything; rate limited per seller. Errors before the first byte are answered as usual. */
  async exportAccount(userId: string): Promise<AccountExport> {
    const decision = await this.deps.exportLimiter.consume(userId);
    if (!decision.allowed) {
      throw new AppError('rate_limited', 429, LeavingMessages.exportRateLimited, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
    }
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    const now = this.deps.now();
    const account = await this.describeAccount(user, now);
    const zip = new ZipFile();
    // yazl's output is a PassThrough; its types only promise a ReadableStream.
    const body = zip.outputStream as Readable;
    const entries = new ZipEntries(zip, body, now);
    // Once bytes are on their way, a failure (storage down) can only cut the download short: the client sees
    // an incomplete file rather than a zip that silently lacks part of the account.
    this.writeExport(entries, user.id, account).catch((error: unknown) => body.destroy(asError(error)));
    return { fileName: `snaplist-export-${now.toISOString().slice(0, 10)}.zip`, body };
  }

  /**
   * Deletes the account for good once the seller typed its address. In this order, so that a failure loses
   * nothing and a retry finishes the job: the subscription (Stripe answers one cancelled before as gone, which
   * counts as done), then every row at once, then the stored files.
   */
  async deleteAccount(
    session: AuthSession,
    { confirmation, currentPassword }: { confirmation: string; currentPassword?: string },
  ): Promise<{ ok: true }> {
    const user = await this.deps.users.findById(session.userId);
    if (!user) throw unauthorized();
    if (normaliseEmail(confirmation) !== normaliseEmail(user.email)) {
      throw new AppError('confirmation_mismatch', 400, AccountChangeMessages.confirmationMismatch);
    }
    await this.deps.currentPassword.proveRecently(user, session, currentPassword);
    if (user.paymentSubscriptionId) {
      try {
        await this.deps.payments.cancelSubscription(user.paymentSubscriptionId);
      } catch (error) {
        throw new AppError('internal_error', 502, LeavingMessages.paymentUnreachable, { cause: error });
      }
    }
    const at = this.deps.now().toISOString();
    const keys = await this.deps.transaction(async ({ account, deletions }) => {
      // Deleted by a request that got here first: nothing left to do.
      if (!(await account.lockUser(user.id))) return [];
      const owned = await account.objectKeys(user.id);
      await deletions.queue(owned, at);
      await account.deleteUser(user.id);
      return owned;
    });
    await this.removeObjects(keys);
    return { ok: true };
  }

  /** After the commit: a file without a row is harmless for a while, a row without its file never is. */
  private async removeObjects(keys: string[]): Promise<void> {
    try {
      await this.deps.storage.delete(keys);
      await this.deps.deletions.forget(keys);
    } catch (error) {
      // The account is gone and the seller is told so; the sweeper deletes the files on its next run.
      this.deps.log.warn(
        { err: error, objects: keys.length },
        'files of a deleted account left for the sweeper',
      );
    }
  }

  private async describeAccount(user: UserRow, now: Date): Promise<ExportedAccount> {
    const [view, byMonth, connections, activity] = await Promise.all([
      this.deps.userViews.getView(user.id),
      this.deps.account.usageByMonth(user.id),
      this.deps.account.connections(user.id),
      this.deps.account.activity(user.id),
    ]);
    return {
      exportedAt: now.toISOString(),
      email: user.email,
      emailVerified: view.emailVerified,
      createdAt: user.createdAt,
      hasPassword: view.hasPassword,
      signInProviders: view.linkedProviders,
      plan: view.planData,
      freeAccess: view.freeAccess,
      usage: { currentMonth: view.usage, freeAiListingsUsed: user.freeAiListingsUsed, byMonth },
      marketplaceConnections: connections,
      crosslistingActivity: activity,
    };
  }

  /** One entry at a time, each taken whole by the zip before the next is read: one photo in memory at most. */
  private async writeExport(entries: ZipEntries, ownerId: string, account: ExportedAccount): Promise<void> {
    await entries.add('account.json', Readable.from([`${JSON.stringify(account, null, 2)}\n`]));
    const missing: string[] = [];
    for await (const listing of this.listings(ownerId)) {
      const photos = await this.deps.account.storedPhotos(listing.id);
      for (const [index, photo] of photos.entries()) {
        const path = photoPath(listing.id, index + 1, photo.mime);
        const bytes = await this.deps.storage.get(photo.storageKey);
        if (!bytes) {
          missing.push(`${path}  (${listing.title})`);
          continue;
        }
        // JPEG and WebP are compressed already: stored as they are.
        await entries.add(path, Readable.from([bytes]), { compress: false, size: bytes.length });
      }
    }
    await entries.add('listings.json', Readable.from(this.listingsJson(ownerId), { objectMode: false }));
    await entries.add('listings.csv', this.deps.listings.exportEveryListingCsv(ownerId));
    if (missing.length > 0) {
      const text = [
        'These photos were missing from storage when this export was made, so they are not in it:',
        '',
        ...missing,
        '',
      ].join('\n');
      await entries.add('missing-photos.txt', Readable.from([text]));
    }
    entries.end();
  }

  /** Every listing as the API shows it, in one JSON array; photos point at their files in the zip. */
  private async *listingsJson(ownerId: string): AsyncGenerator<string> {
    let separator = '[\n';
    for await (const { id } of this.listings(ownerId)) {
      const [view, photos] = await Promise.all([
        this.deps.listings.getView(id, ownerId).catch(skipIfDeleted),
        this.deps.account.storedPhotos(id),
      ]);
      // Deleted while the export was being written.
      if (!view) continue;
      const paths = new Map(photos.map((photo, index) => [photo.id, photoPath(id, index + 1, photo.mime)]));
      yield `${separator}${JSON.stringify(withPhotoPaths(view, paths), null, 2)}`;
      separator = ',\n';
    }
    yield separator === '[\n' ? '[]\n' : '\n]\n';
  }

  private async *listings(ownerId: string): AsyncGenerator<ListingPageItem> {
    let after: ListingPageItem | null = null;
    for (;;) {
      const page = await this.deps.account.listingPage(ownerId, after, EXPORT_PAGE_SIZE);
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = last;
    }
  }
}

/**
 * Adds entries to the zip one at a time, each resolved once the zip has read all of it; when the download
 * stops (the client went away), the entry being read is dropped and the next add refuses.
 */
class ZipEntries {
  private reading: Readable | null = null;
  private closed = false;

  constructor(
    private readonly zip: ZipFile,
    output: Readable,
    private readonly mtime: Date,
  ) {
    output.once('close', () => {
      this.closed = true;
      this.reading?.destroy();
    });
  }

  async add(path: string, source: Readable, options: { compress?: boolean; size?: number } = {}) {
    if (this.closed) throw new Error('The export download stopped before it was complete');
    this.reading = source;
    this.zip.addReadStream(source, path, { ...options, mtime: this.mtime });
    await finished(source);
    this.reading = null;
  }

  end(): void {
    this.zip.end();
  }
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** `photos/<listingId>/<n>.<ext>`, n counting from 1 in the listing's order. */
function photoPath(listingId: string, number: number, mime: string | null): string {
  return `photos/${listingId}/${number}.${(mime && EXTENSIONS[mime]) || 'jpg'}`;
}

/** Signed URLs expire within hours: in the export, a photo's URLs are its file in the zip. */
function withPhotoPaths(listing: Listing, paths: Map<string, string>): Listing {
  return {
    ...listing,
    photos: listing.photos.map((photo): ListingPhoto => {
      const path = paths.get(photo.id) ?? '';
      return { ...photo, url: path, thumbnailUrl: path };
    }),
  };
}

function skipIfDeleted(error: unknown): null {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
