// eBay's marketplace account deletion notifications, which every eBay app must handle before going live
// (docs/ebay-account-deletion.md): the endpoint check eBay makes when the endpoint is saved in its developer
// portal, and the signed notifications that follow, each verified with the Notification API's public key before
// anything is deleted. A notification is acknowledged only once its deletion is stored: any other answer makes
// eBay send it again.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Config, EbayAppConfig } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { MarketplaceError } from '../../platform/marketplaces/marketplace-adapter';
import { EbayAccountDeletionRepository } from './ebay-account-deletion.repository';
import { EbayNotificationKeys, type NotificationKey } from './ebay-notification-keys';

/** Where eBay reaches this server; the endpoint registered with eBay is the public URL followed by this. */
export const EBAY_ACCOUNT_DELETION_PATH = '/api/marketplaces/ebay/account-deletion';

/** The decoded X-EBAY-SIGNATURE header; the key's own algorithm and digest decide how it is checked. */
const SignatureHeaderSchema = z.object({
  kid: z.string().min(1).max(200),
  signature: z.string().min(1),
});

const DeletionNotificationSchema = z.object({
  metadata: z.object({ topic: z.literal('MARKETPLACE_ACCOUNT_DELETION') }),
  notification: z.object({
    notificationId: z.string(),
    data: z.object({ username: z.string(), userId: z.string().min(1) }),
  }),
});

/** eBay's digest names, as getPublicKey gives them, and Node's. */
const DIGESTS: Record<string, string> = {
  SHA1: 'sha1',
  SHA256: 'sha256',
  SHA384: 'sha384',
  SHA512: 'sha512',
};

export interface EbayAccountDeletionDeps {
  /** Unset when no eBay app is configured: the endpoint then does not exist. */
  ebay: EbayAppConfig | undefined;
  /** The full public URL registered with eBay: the challenge response hashes it. */
  endpoint: string;
  keys: EbayNotificationKeys | undefined;
  accounts: EbayAccountDeletionRepository;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now: () => Date;
}

export class EbayAccountDeletionService {
  constructor(private readonly deps: EbayAccountDeletionDeps) {}

  /** eBay's endpoint check: hex SHA-256 of the challenge code, the verification token and the endpoint. */
  challengeResponse(challengeCode: string): { challengeResponse: string } {
    const ebay = this.ebayApp();
    if (!ebay.deletionVerificationToken) {
      this.deps.log.warn({}, 'eBay checked the account deletion endpoint, but no verification token is set');
      throw new AppError(
        'not_ready',
        503,
        'eBay account deletion notifications are not set up on this server: EBAY_DELETION_VERIFICATION_TOKEN is not set.',
      );
    }
    const hash = crypto
      .createHash('sha256')
      .update(challengeCode)
      .update(ebay.deletionVerificationToken)
      .update(this.deps.endpoint)
      .digest('hex');
    return { challengeResponse: hash };
  }

  /** Verifies a notification's signature, then forgets the eBay account it names. */
  async receive(body: Buffer, signatureHeader: string | undefined): Promise<void> {
    this.ebayApp();
    const signature = readSignatureHeader(signatureHeader);
    const key = await this.key(signature.kid);
    if (!verifies(key, body, Buffer.from(signature.signature, 'base64'))) {
      throw new AppError(
        'invalid_signature',
        412,
        'The X-EBAY-SIGNATURE signature does not match this notification.',
      );
    }
    const notification = DeletionNotificationSchema.safeParse(parseJson(body));
    if (!notification.success) {
      throw new AppError(
        'bad_request',
        400,
        'This endpoint takes MARKETPLACE_ACCOUNT_DELETION notifications with the user id and name.',
      );
    }
    const { notificationId, data } = notification.data.notification;
    const removed = await this.deps.accounts.forget(
      { userId: data.userId, username: data.username },
      this.deps.now().toISOString(),
    );
    // The notification id only: the account's names are what eBay asked us to forget.
    this.deps.log.info(
      { notificationId, connections: removed },
      'eBay account deletion notification handled',
    );
  }

  private ebayApp(): EbayAppConfig {
    if (!this.deps.ebay) {
      throw new AppError('marketplace_unavailable', 404, 'eBay is not set up on this server.');
    }
    return this.deps.ebay;
  }

  private async key(kid: string): Promise<NotificationKey> {
    let key: NotificationKey | null;
    try {
      key = (await this.deps.keys?.find(kid)) ?? null;
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      // Not acknowledged, so eBay sends the notification again later.
      throw new AppError(
        'marketplace_unreachable',
        502,
        `eBay's Notification API did not give the key that signed this notification: ${error.message}`,
        { cause: error },
      );
    }
    if (!key) {
      throw new AppError(
        'invalid_signature',
        412,
        'eBay does not know the key named in the X-EBAY-SIGNATURE header.',
      );
    }
    return key;
  }
}

/** The service over this server's configuration and database. */
export function createEbayAccountDeletion(
  config: Pick<Config, 'publicUrl' | 'marketplaces'>,
  db: Db,
  log: EbayAccountDeletionDeps['log'],
  now: () => Date,
): EbayAccountDeletionService {
  const ebay = config.marketplaces.ebay;
  return new EbayAccountDeletionService({
    ebay,
    endpoint: `${config.publicUrl}${EBAY_ACCOUNT_DELETION_PATH}`,
    keys: ebay ? new EbayNotificationKeys(ebay, now) : undefined,
    accounts: new EbayAccountDeletionRepository(db),
    log,
    now,
  });
}

function readSignatureHeader(header: string | undefined): z.infer<typeof SignatureHeaderSchema> {
  const decoded = header ? parseJson(Buffer.from(header, 'base64')) : undefined;
  const parsed = SignatureHeaderSchema.safeParse(decoded);
  if (!parsed.success) {
    throw new AppError(
      'invalid_signature',
      412,
      'The X-EBAY-SIGNATURE header is missing or is not eBay’s base64 JSON with a kid and a signature.',
    );
  }
  return parsed.data;
}

/**
 * Checked over the bytes that arrived and, as eBay's own SDKs do, over the compact JSON of what they parse to:
 * both are what eBay signed when it sent its compact JSON, and only one is when something re-spaced the body.
 */
function verifies(key: NotificationKey, body: Buffer, signature: Buffer): boolean {
  const digest = DIGESTS[key.digest.toUpperCase()];
  if (key.algorithm.toUpperCase() !== 'ECDSA' || !digest) {
    throw new AppError(
      'invalid_signature',
      412,
      `eBay signed this notification with ${key.algorithm}/${key.digest}, which this server cannot check.`,
    );
  }
  const parsed = parseJson(body);
  const candidates = parsed === undefined ? [body] : [body, Buffer.from(JSON.stringify(parsed), 'utf8')];
  return candidates.some((data) => {
    try {
      return crypto.verify(digest, data, key.publicKey, signature);
    } catch {
      // A signature that is not DER at all: no match.
      return false;
    }
  });
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
