import { describe, expect, it } from 'vitest';
import type { PhotoText } from './facts';
import { labelPhotoNumbers } from './local-engine';
import { analyseText } from './text';
import { photoText } from './text/testing';

function photo(number: number, text: string, kind: PhotoText['kind']): PhotoText {
  return photoText(text, { photo: number, kind });
}

describe('labelPhotoNumbers', () => {
  it('takes the reader at its word on labels and on the item', () => {
    const texts = [
      photo(1, 'ZARA', 'label'),
      // Print on the item reads as words, but the reader saw the item: its colour and shape still count.
      photo(2, 'Pacific Ocean Surf Club Member', 'item'),
      photo(3, 'Machine wash cold with like colours', 'unknown'),
      photo(4, 'A\nve', 'unknown'),
    ];
    const facts = analyseText(texts, { brand: '', size: '' });
    expect([...labelPhotoNumbers(texts, facts)].sort()).toEqual([1, 3]);
  });

  it('counts a photo the text analysis read a fact from', () => {
    const texts = [photo(1, 'x', 'unknown'), photo(2, '100% cotton', 'unknown')];
    const facts = analyseText(texts, { brand: '', size: '' });
    expect([...labelPhotoNumbers(texts, facts)]).toEqual([2]);
  });
});
