// The secrets e-mailed links carry (a password reset, a confirmation, linking Google or Apple): 32 random
// bytes, of which only the SHA-256 is stored, so a copy of the database opens no account.
import crypto from 'node:crypto';

export function newSecretToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
