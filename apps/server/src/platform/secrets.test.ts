import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets';

describe('loadOrCreateSecret', () => {
  it('generates a secret once, keeps it owner-only, and returns the same one after a restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-secret-'));
    const first = loadOrCreateSecret(dataDir, 'jwt-secret', undefined);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadOrCreateSecret(dataDir, 'jwt-secret', undefined)).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'secrets', 'jwt-secret')).mode & 0o077).toBe(0);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('prefers the configured secret and writes nothing', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-secret-'));
    expect(loadOrCreateSecret(dataDir, 'jwt-secret', 'x'.repeat(40))).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });
});
