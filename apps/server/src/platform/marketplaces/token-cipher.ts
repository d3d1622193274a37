// Sellers' marketplace tokens (and the PKCE verifiers of connections under way) are kept encrypted, so a copy of
// the database alone does not let anyone list or end items in a seller's name. AES-256-GCM: a random 12-byte IV
// per value, the 16-byte tag proves the value was written with our key and not altered. The first byte names the
// key, so a later key can be added beside this one and old values still read (decision 033).
import crypto from 'node:crypto';
import type { Config } from '../../config';
import { loadOrCreateSecret } from '../secrets';

const KEY_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface TokenCipher {
  encrypt(plain: string): string;
  /** Throws TokenDecryptionError when the value was written with another key or altered. */
  decrypt(sealed: string): string;
}

export class TokenDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenDecryptionError';
  }
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The marketplace token key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([KEY_VERSION]), iv, cipher.getAuthTag(), encrypted]).toString(
        'base64url',
      );
    },
    decrypt(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== KEY_VERSION) {
        throw new TokenDecryptionError('The token was not encrypted with a key this server knows');
      }
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new TokenDecryptionError('The token does not match the key (MARKETPLACE_TOKEN_KEY changed?)');
      }
    },
  };
}

/**
 * MARKETPLACE_TOKEN_KEY, or a key made once and kept in DATA_DIR (a one-machine install need not invent one;
 * loadConfig refuses that on a shared database, where each machine would make its own).
 */
export function marketplaceTokenKey(config: Pick<Config, 'dataDir' | 'marketplaces'>): Buffer {
  if (config.marketplaces.tokenKey) return Buffer.from(config.marketplaces.tokenKey, 'base64');
  const generated = loadOrCreateSecret(config.dataDir, 'marketplace-token-key', undefined);
  return crypto.createHash('sha256').update(generated).digest();
}
