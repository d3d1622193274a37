// Password hashing with argon2id (the library's default algorithm) at OWASP's recommended cost.
// Hashing runs on libuv's thread pool, so a log-in never blocks the event loop.
import { hash, verify } from '@node-rs/argon2';

const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, COST),
  verify: (passwordHash, password) => verify(passwordHash, password),
};
