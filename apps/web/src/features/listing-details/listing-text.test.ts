import { describe, expect, it } from 'vitest';
import { photoFileName, slugify, splitSentences, toHashtag, toHashtags } from './listing-text';

describe('splitSentences', () => {
  it('puts each sentence that ends with a full stop on its own line', () => {
    expect(splitSentences('Classic 501 jeans. Straight leg.  Button fly. Size W32')).toEqual([
      'Classic 501 jeans.',
      'Straight leg.',
      'Button fly.',
      'Size W32',
    ]);
  });

  it('leaves decimals, ellipses and existing line breaks alone', () => {
    expect(splitSentences('Waist 40.5 cm. Lovely... really.\nOpen to offers')).toEqual([
      'Waist 40.5 cm.',
      'Lovely... really.',
      'Open to offers',
    ]);
    expect(splitSentences('')).toEqual([]);
  });

  it('never breaks a brand, an initial or an abbreviation into two lines', () => {
    expect(
      splitSentences('Black leather boots by Dr. Martens. Size UK 6. Message me for measurements.'),
    ).toEqual(['Black leather boots by Dr. Martens.', 'Size UK 6.', 'Message me for measurements.']);
    expect(
      splitSentences('Knit by St. John. Classic fit, e.g. for work. Made by J. Crew. Size M. Ok.'),
    ).toEqual(['Knit by St. John.', 'Classic fit, e.g. for work.', 'Made by J. Crew.', 'Size M.', 'Ok.']);
    expect(splitSentences('Chanel No. 5 bottle. Jacket by A.P.C. in navy. Waist 40.5 cm. Done.')).toEqual([
      'Chanel No. 5 bottle.',
      'Jacket by A.P.C. in navy.',
      'Waist 40.5 cm.',
      'Done.',
    ]);
  });

  it('splits the writer’s sentences in every language, size letters included', () => {
    expect(splitSentences('Taille M. Mesures sur demande. État : bon.')).toEqual([
      'Taille M.',
      'Mesures sur demande.',
      'État : bon.',
    ]);
    expect(splitSentences('Jacke von Dr. Martens. Größe L. Maße z.B. auf Anfrage.')).toEqual([
      'Jacke von Dr. Martens.',
      'Größe L.',
      'Maße z.B. auf Anfrage.',
    ]);
    expect(splitSentences('Płaszcz marki Zara. Rozmiar S. Skład: np. wełna.')).toEqual([
      'Płaszcz marki Zara.',
      'Rozmiar S.',
      'Skład: np. wełna.',
    ]);
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
