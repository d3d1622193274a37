import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance';

describe('boundedEditDistance', () => {
  it('counts substitutions, insertions, deletions and swaps of neighbours', () => {
    expect(boundedEditDistance('hilfiger', 'hilfiger', 2)).toBe(0);
    expect(boundedEditDistance('hilfigfr', 'hilfiger', 2)).toBe(1);
    expect(boundedEditDistance('hilfiegr', 'hilfiger', 2)).toBe(1);
    expect(boundedEditDistance('hilfger', 'hilfiger', 2)).toBe(1);
    expect(boundedEditDistance('hillfigger', 'hilfiger', 2)).toBe(2);
  });

  it('stops at the ceiling', () => {
    expect(boundedEditDistance('zara', 'prada', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
