// Secrets that must survive restarts but that a self-hoster should not have to invent: generated once,
// kept in DATA_DIR with owner-only permissions, and overridable from configuration.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadOrCreateSecret(dataDir: string, name: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    // `wx` fails if another process created it first; then that one's secret is the secret.
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
