import { describe, expect, it } from 'vitest';
import { judgePhotoKind, type ReadWord } from './photo-kind';

const word = (text: string, confidence: number): ReadWord => ({ text, confidence, height: 20 });

describe('judgePhotoKind', () => {
  it('calls a care or composition reading a label', () => {
    expect(judgePhotoKind([word('100%', 70), word('Baumwolle', 60)])).toBe('label');
    expect(judgePhotoKind([word('MACHINE', 58), word('WASH', 57)])).toBe('label');
  });

  it('calls a reading with a registration or lot number a label', () => {
    expect(judgePhotoKind([word('M', 99), word('LOT9971', 99)])).toBe('label');
    expect(judgePhotoKind([word('RN17730', 90)])).toBe('label');
  });

  it('calls two clearly read words a label', () => {
    expect(judgePhotoKind([word('Ralph', 91), word('Lauren', 90)])).toBe('label');
  });

  it('calls one clear word over a clearly read size a brand label', () => {
    expect(judgePhotoKind([word('ZARA', 99), word('M', 99)])).toBe('label');
    expect(judgePhotoKind([word("Levi's", 98), word('W32L34', 100)])).toBe('label');
    expect(judgePhotoKind([word('H&M', 99), word('EURM', 100)])).toBe('label');
    expect(judgePhotoKind([word('A', 99), word('M', 99)])).not.toBe('label');
    expect(judgePhotoKind([word('ZARA', 99), word('M', 80)])).toBe('unknown');
  });

  it('calls a reading of stray marks the item', () => {
    expect(judgePhotoKind([word('A', 92), word('ve', 81), word('=', 40), word('5]', 30)])).toBe('item');
  });

  it('leaves a lone word, even a misread one, undecided rather than calling it the item', () => {
    expect(judgePhotoKind([word('ZARA', 93)])).toBe('unknown');
    expect(judgePhotoKind([word('BERSHER', 12), word('BES', 20)])).toBe('unknown');
  });

  it('leaves a photo with no reading at all undecided', () => {
    expect(judgePhotoKind([])).toBe('unknown');
  });

  it('does not count label vocabulary read at low confidence', () => {
    expect(judgePhotoKind([word('wash', 30)])).toBe('unknown');
  });
});
