import { fieldIssue, issueMessage } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { decodeCursor, encodeCursor } from './listing-cursor';

describe('the list cursor', () => {
  it('round-trips the keyset and reads as opaque URL-safe text', () => {
    const keyset = { createdAt: '2026-03-01T10:00:00.000Z', id: 'a1b2c3d4-0000-4000-8000-000000000000' };
    const cursor = encodeCursor(keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(keyset.id);
    expect(decodeCursor(cursor)).toEqual(keyset);
  });

  it.each([
    ['not base64 JSON', 'garbage!'],
    ['JSON of the wrong shape', Buffer.from('{"a":1}').toString('base64url')],
    ['an empty id', Buffer.from('["2026-03-01T10:00:00.000Z",""]').toString('base64url')],
    ['a number for the time', Buffer.from('[1,"x"]').toString('base64url')],
  ])('refuses %s with a 400 the seller can act on', (_name, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: issueMessage('cursor_invalid'),
      details: [fieldIssue('cursor', 'cursor_invalid')],
    });
  });
});
