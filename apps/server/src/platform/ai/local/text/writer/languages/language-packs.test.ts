// What the type-check cannot see in a language pack: a word left empty, or a sentence without its full stop
// (the UI starts a new line after each one). A pack for every language is the type-check's job.
import { COLOURS, LANGUAGES } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { CARE_INSTRUCTIONS, NAMED_FIBRES, NOTABLE_MATERIALS } from '../vocabulary';
import { LANGUAGE_PACKS } from '.';

describe.each(LANGUAGES)('the %s pack', (language) => {
  const pack = LANGUAGE_PACKS[language];
  const nouns = Object.entries(pack.nouns);

  it('has a word for every noun, colour, material, fibre and care instruction', () => {
    for (const [key, noun] of nouns) {
      expect(noun.word, key).not.toBe('');
      for (const colour of COLOURS) expect(pack.colours.adjective(colour, noun), colour).not.toBe('');
      for (const material of NOTABLE_MATERIALS) {
        expect(pack.materials.phrase(material, noun), material).not.toBe('');
      }
    }
    for (const colour of COLOURS) expect(pack.colours.name(colour), colour).not.toBe('');
    for (const fibre of NAMED_FIBRES) expect(pack.fibres[fibre], fibre).not.toBe('');
    for (const instruction of CARE_INSTRUCTIONS) {
      expect(pack.care.instructions[instruction], instruction).not.toBe('');
    }
  });

  it('ends every description sentence with a full stop', () => {
    const { description, fabric, care, sizes } = pack;
    const sentences = [
      description.measurements,
      description.preOwned,
      description.offers,
      ...Object.values(description.fit),
      ...Object.values(description.condition),
      ...[0, 1, 3].map(description.ships),
      description.madeOf(['100% x']),
      description.colour(['x', 'y']),
      ...Object.values(fabric.feel),
      fabric.stretch,
      care.sentence(['x', 'y']),
      sizes.oneSize.sentence,
    ];
    for (const sentence of sentences) expect(sentence).toMatch(/\p{L}.*\.$/u);
  });
});
