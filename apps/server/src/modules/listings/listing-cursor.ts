// The list's cursor: the last row's (created_at, id), base64url-encoded so clients treat it as opaque and
// never build one themselves (docs/decisions/010).
import { fieldIssue } from '@snaplist/contract';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ListingKeyset } from './listings.repository';

const KeysetSchema = z.tuple([z.string().min(1).max(40), z.string().min(1).max(100)]);

export function encodeCursor(keyset: ListingKeyset): string {
  return Buffer.from(JSON.stringify([keyset.createdAt, keyset.id]), 'utf8').toString('base64url');
}

/** The keyset a cursor stands for; a cursor this server did not make is a 400, never an empty page. */
export function decodeCursor(cursor: string): ListingKeyset {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = KeysetSchema.safeParse(decoded);
  if (!parsed.success) throw invalidCursor();
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}

function invalidCursor(): AppError {
  const issue = fieldIssue('cursor', 'cursor_invalid');
  return new AppError('bad_request', 400, issue.message, { details: [issue] });
}
