import { describe, expect, it } from 'vitest';
import { photoFileName, slugify, splitSentences, toHashtag, toHashtags } from './listing-text';

describe('splitSentences', () => {
  it.each([
    [
      'puts each sentence that ends with a full stop on its own line',
      'Classic 501 jeans. Straight leg.  Button fly. Size W32',
      ['Classic 501 jeans.', 'Straight leg.', 'Button fly.', 'Size W32'],
    ],
    [
      'leaves decimals, ellipses and existing line breaks alone',
      'Waist 40.5 cm. Lovely... really.\nOpen to offers',
      ['Waist 40.5 cm.', 'Lovely... really.', 'Open to offers'],
    ],
    ['gives no lines for no text', '', []],
    [
      'never breaks a brand into two lines',
      'Black leather boots by Dr. Martens. Size UK 6. Message me for measurements.',
      ['Black leather boots by Dr. Martens.', 'Size UK 6.', 'Message me for measurements.'],
    ],
    [
      'never breaks an initial or an abbreviation into two lines',
      'Knit by St. John. Classic fit, e.g. for work. Made by J. Crew. Size M. Ok.',
      ['Knit by St. John.', 'Classic fit, e.g. for work.', 'Made by J. Crew.', 'Size M.', 'Ok.'],
    ],
    [
      'never breaks a numbered name or a dotted brand into two lines',
      'Chanel No. 5 bottle. Jacket by A.P.C. in navy. Waist 40.5 cm. Done.',
      ['Chanel No. 5 bottle.', 'Jacket by A.P.C. in navy.', 'Waist 40.5 cm.', 'Done.'],
    ],
    [
      'splits French sentences, size letters included',
      'Taille M. Mesures sur demande. État : bon.',
      ['Taille M.', 'Mesures sur demande.', 'État : bon.'],
    ],
    [
      'splits German sentences, size letters included',
      'Jacke von Dr. Martens. Größe L. Maße z.B. auf Anfrage.',
      ['Jacke von Dr. Martens.', 'Größe L.', 'Maße z.B. auf Anfrage.'],
    ],
    [
      'splits Polish sentences, size letters included',
      'Płaszcz marki Zara. Rozmiar S. Skład: np. wełna.',
      ['Płaszcz marki Zara.', 'Rozmiar S.', 'Skład: np. wełna.'],
    ],
  ])('%s', (_, text, sentences) => {
    expect(splitSentences(text)).toEqual(sentences);
  });
});

describe('tags', () => {
  it("are copied as hashtags: '#' before each, spaces and punctuation removed, letters kept", () => {
    expect(toHashtags(['denim', 'straight leg', 'Levi’s', 'żółty', '#y2k'])).toBe(
      '#denim #straightleg #Levis #żółty #y2k',
    );
    expect(toHashtag('!!!')).toBe('');
    expect(toHashtags(['ok', '---'])).toBe('#ok');
  });
});

describe('photo file names', () => {
  it('are the title as a slug, the photo number and the real extension', () => {
    expect(photoFileName('Levi’s 501 Jeans W32', 1, 'image/jpeg')).toBe('levi-s-501-jeans-w32-1.jpg');
    expect(photoFileName('Sukienka łączka, różowa', 2, 'image/webp')).toBe('sukienka-laczka-rozowa-2.webp');
    expect(photoFileName('Top', 3, 'image/png')).toBe('top-3.png');
    expect(photoFileName('', 1, 'application/octet-stream')).toBe('listing-1.jpg');
  });

  it('keep slugs short', () => {
    expect(slugify('a '.repeat(100)).length).toBeLessThanOrEqual(60);
  });
});
