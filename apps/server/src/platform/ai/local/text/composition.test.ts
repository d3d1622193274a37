import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { parseComposition } from './composition';

function photo(text: string, number = 1): PhotoText {
  return { photo: number, text, confidence: 0.9, kind: 'label' };
}

function fibresOf(text: string) {
  return parseComposition([photo(text)])?.value ?? null;
}

describe('parseComposition', () => {
  it('reads percentages and fibre names in the six label languages', () => {
    expect(fibresOf('80% cotton\n20% polyester')).toEqual([
      { fibre: 'cotton', percent: 80 },
      { fibre: 'polyester', percent: 20 },
    ]);
    expect(fibresOf('95% Baumwolle 5% Elasthan')).toEqual([
      { fibre: 'cotton', percent: 95 },
      { fibre: 'elastane', percent: 5 },
    ]);
    expect(fibresOf('60% bawełna 40% poliester')).toEqual([
      { fibre: 'cotton', percent: 60 },
      { fibre: 'polyester', percent: 40 },
    ]);
    expect(fibresOf('70% laine 30% polyamide')).toEqual([
      { fibre: 'wool', percent: 70 },
      { fibre: 'nylon', percent: 30 },
    ]);
    expect(fibresOf('100% algodón')).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(fibresOf('100% seta')).toEqual([{ fibre: 'silk', percent: 100 }]);
    expect(fibresOf('100% wełna')).toEqual([{ fibre: 'wool', percent: 100 }]);
    expect(fibresOf('Cotton 100%')).toEqual([{ fibre: 'cotton', percent: 100 }]);
  });

  it('keeps the shell and leaves the lining to the evidence', () => {
    const fact = parseComposition([photo('Shell: 100% wool\nLining: 100% polyester', 2)]);
    expect(fact?.value).toEqual([{ fibre: 'wool', percent: 100 }]);
    expect(fact?.evidence.map((item) => item.rule)).toEqual(['composition.main', 'composition.secondary']);
    expect(fact?.evidence[0]).toMatchObject({ source: 'label_text', photo: 2, text: 'Shell: 100% wool' });
    expect(fibresOf('OUTER SHELL 80% COTTON 20% POLYESTER LINING 100% POLYESTER')).toEqual([
      { fibre: 'cotton', percent: 80 },
      { fibre: 'polyester', percent: 20 },
    ]);
    expect(fibresOf('Futter: 100% Polyester\nObermaterial: 100% Leder')).toEqual([
      { fibre: 'leather', percent: 100 },
    ]);
  });

  it('reads one composition repeated in several languages once', () => {
    const label =
      '80% cotton 20% polyester\n80% coton 20% polyester\n80% Baumwolle 20% Polyester\n80% bawełna 20% poliester';
    expect(fibresOf(label)).toEqual([
      { fibre: 'cotton', percent: 80 },
      { fibre: 'polyester', percent: 20 },
    ]);
  });

  it('reads EU fibre codes', () => {
    expect(fibresOf('80 % CO 20 % PES')).toEqual([
      { fibre: 'cotton', percent: 80 },
      { fibre: 'polyester', percent: 20 },
    ]);
    expect(fibresOf('50% WO 45% PA 5% EA')).toEqual([
      { fibre: 'wool', percent: 50 },
      { fibre: 'nylon', percent: 45 },
      { fibre: 'elastane', percent: 5 },
    ]);
  });

  it('fixes OCR slips in the numbers', () => {
    expect(fibresOf('1OO% COTTON')).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(fibresOf('8O % viscose 2O % nylon')).toEqual([
      { fibre: 'viscose', percent: 80 },
      { fibre: 'nylon', percent: 20 },
    ]);
  });

  it('rejects shares that do not add up to 100', () => {
    expect(fibresOf('80% cotton 15% polyester')).toBeNull();
    expect(fibresOf('Made in Portugal\nMachine wash 30°')).toBeNull();
    expect(parseComposition([])).toBeNull();
  });
});
