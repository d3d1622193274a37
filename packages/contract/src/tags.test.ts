import { describe, expect, it } from 'vitest';
import { parseTags } from './tags';

describe('parseTags', () => {
  it('splits typed text at each comma, trims each tag and drops empty ones', () => {
    expect(parseTags(' denim, levis , ,jeans,')).toEqual(['denim', 'levis', 'jeans']);
    expect(parseTags('straight leg')).toEqual(['straight leg']);
  });

  it('reads nothing from blank text or commas alone', () => {
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,, ')).toEqual([]);
  });

  it('keeps repeats and letters as typed, for the input to report', () => {
    expect(parseTags('Denim, denim, Łódź')).toEqual(['Denim', 'denim', 'Łódź']);
  });
});
