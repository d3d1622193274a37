import { describe, expect, it } from 'vitest';
import type { PhotoText } from '../facts';
import { parseComposition } from './composition';
import { photoText } from './testing';

function photo(text: string, number = 1): PhotoText {
  return photoText(text, { photo: number, confidence: 0.9 });
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

  it('reads fibres under their canonical names, whatever the label prints', () => {
    expect(fibresOf('62% RAYON\n33% POLYESTER\n5% SPANDEX')).toEqual([
      { fibre: 'viscose', percent: 62 },
      { fibre: 'polyester', percent: 33 },
      { fibre: 'elastane', percent: 5 },
    ]);
    expect(fibresOf('100% polyamide')).toEqual([{ fibre: 'nylon', percent: 100 }]);
  });

  it('reads fibres with modifiers in the label languages', () => {
    expect(fibresOf('72% RECYCLED POLYESTER / 28% ORGANIC COTTON')).toEqual([
      { fibre: 'polyester', percent: 72 },
      { fibre: 'cotton', percent: 28 },
    ]);
    expect(fibresOf('100% coton biologique')).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(fibresOf('85% recyceltes Polyamid 15% Elasthan')).toEqual([
      { fibre: 'nylon', percent: 85 },
      { fibre: 'elastane', percent: 15 },
    ]);
    expect(fibresOf('100% lana vergine')).toEqual([{ fibre: 'wool', percent: 100 }]);
    expect(fibresOf('100% poliéster reciclado')).toEqual([{ fibre: 'polyester', percent: 100 }]);
    expect(fibresOf('100% poliester z recyklingu')).toEqual([{ fibre: 'polyester', percent: 100 }]);
    expect(fibresOf('100% gerecycled polyester')).toEqual([{ fibre: 'polyester', percent: 100 }]);
    expect(fibresOf('100% mulesing-free merino wool')).toEqual([{ fibre: 'wool', percent: 100 }]);
    expect(fibresOf('100% Schurwolle')).toEqual([{ fibre: 'wool', percent: 100 }]);
  });

  it('reads a share whose fibre wraps onto the next line, or whose word is cut in two', () => {
    expect(
      parseComposition([photo('88% RECYCLED\nNYLON\n12% ELASTANE\nMADE IN ITALY')])?.evidence[0]?.text,
    ).toBe('88% RECYCLED / NYLON / 12% ELASTANE');
    expect(fibresOf('88% RECYCLED\nNYLON\n12% ELASTANE')).toEqual([
      { fibre: 'nylon', percent: 88 },
      { fibre: 'elastane', percent: 12 },
    ]);
    expect(fibresOf('70%\nCOTTON\n30%\nLINEN')).toEqual([
      { fibre: 'cotton', percent: 70 },
      { fibre: 'linen', percent: 30 },
    ]);
    expect(fibresOf('64% RECYCLED VISC\nOSE / 36% WOOL')).toEqual([
      { fibre: 'viscose', percent: 64 },
      { fibre: 'wool', percent: 36 },
    ]);
  });

  it('pairs a list of fibres with the list of percentages beside it, in either order', () => {
    expect(fibresOf('COTTON\nPOLYESTER\nELASTANE\n65%\n32%\n3%')).toEqual([
      { fibre: 'cotton', percent: 65 },
      { fibre: 'polyester', percent: 32 },
      { fibre: 'elastane', percent: 3 },
    ]);
    expect(fibresOf('55%\n40%\n5%\nVISCOSE\nNYLON\nELASTANE')).toEqual([
      { fibre: 'viscose', percent: 55 },
      { fibre: 'nylon', percent: 40 },
      { fibre: 'elastane', percent: 5 },
    ]);
    expect(fibresOf('Wool 70% Cashmere 30%')).toEqual([
      { fibre: 'wool', percent: 70 },
      { fibre: 'cashmere', percent: 30 },
    ]);
  });

  it('reads one share named in several languages on one line once', () => {
    expect(fibresOf('75% Wool / Wol / Wolle / Laine, 25% Polyamide / Polyamid / Nylon')).toEqual([
      { fibre: 'wool', percent: 75 },
      { fibre: 'nylon', percent: 25 },
    ]);
    expect(fibresOf('94% POLYAMIDE/POLIAMIDA\nRECICLADA\n6% SPANDEX/ELASTANO')).toEqual([
      { fibre: 'nylon', percent: 94 },
      { fibre: 'elastane', percent: 6 },
    ]);
  });

  it('keeps a bracketed breakdown inside its share', () => {
    expect(fibresOf('100% POLYESTER\n(40% RECYCLED POLYESTER)')).toEqual([
      { fibre: 'polyester', percent: 100 },
    ]);
    expect(fibresOf('LINING (100% VISCOSE)\nSHELL 100% WOOL')).toEqual([{ fibre: 'wool', percent: 100 }]);
  });

  it('keeps shell, lining and filling apart and states the shell', () => {
    const fact = parseComposition([
      photo('SHELL: 100% POLYAMIDE\nLINING: 100% RECYCLED POLYESTER\nFILLING: 80% DOWN 20% FEATHER'),
    ]);
    expect(fact?.value).toEqual([{ fibre: 'nylon', percent: 100 }]);
    expect(fact?.evidence.map((item) => [item.rule, item.text])).toEqual([
      ['composition.main', 'SHELL: 100% POLYAMIDE'],
      ['composition.secondary', 'LINING: 100% RECYCLED POLYESTER'],
      ['composition.secondary', 'FILLING: 80% DOWN 20% FEATHER'],
    ]);
  });

  it('keeps two parts of the same fibre as two, and a part repeated in another language as one', () => {
    const fact = parseComposition([
      photo('OUTER: 100% COTTON\nLINING: 100% VISCOSE\nPADDING: 100% VISCOSE\nDOUBLURE: 100% VISCOSE'),
    ]);
    expect(fact?.value).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(fact?.evidence.map((item) => item.text)).toEqual([
      'OUTER: 100% COTTON',
      'LINING: 100% VISCOSE',
      'PADDING: 100% VISCOSE',
    ]);
  });

  it('reconciles two readings of one composition that each fail to add up', () => {
    // One pass read 18% as 48%, the other 82% as 32%: only 18 + 82 makes 100.
    const fact = parseComposition([photo('48% WOOL 82% COTTON\n18% WOOL 32% COTTON')]);
    expect(fact?.value).toEqual([
      { fibre: 'cotton', percent: 82 },
      { fibre: 'wool', percent: 18 },
    ]);
    expect(fact?.evidence[0]?.rule).toBe('composition.main_reconciled');
    // A reading that adds up beats one that does not.
    expect(fibresOf('85% MODAL / 25% SILK\n75% MODAL / 25% SILK')).toEqual([
      { fibre: 'modal', percent: 75 },
      { fibre: 'silk', percent: 25 },
    ]);
    // A reconciled main fabric still comes before the lining listed after it.
    expect(fibresOf('48% WOOL 82% COTTON\n18% WOOL 32% COTTON\nLINING 100% VISCOSE')).toEqual([
      { fibre: 'cotton', percent: 82 },
      { fibre: 'wool', percent: 18 },
    ]);
    expect(fibresOf('48% WOOL 82% COTTON\n18% WOOL 32% COTTON\n100% VISCOSE')).toEqual([
      { fibre: 'cotton', percent: 82 },
      { fibre: 'wool', percent: 18 },
    ]);
    // Two ways to make 100 is no answer.
    expect(fibresOf('40% WOOL 50% COTTON\n50% WOOL 60% COTTON')).toBeNull();
  });

  it('forgives OCR slips in fibre names and a percent sign read as digits', () => {
    expect(fibresOf('80% POLYESTFR 20% ELASTANE')).toEqual([
      { fibre: 'polyester', percent: 80 },
      { fibre: 'elastane', percent: 20 },
    ]);
    expect(fibresOf('60% Baumwolle\n40% Polyam!')).toEqual([
      { fibre: 'cotton', percent: 60 },
      { fibre: 'nylon', percent: 40 },
    ]);
    expect(fibresOf('100976 SILK')).toEqual([{ fibre: 'silk', percent: 100 }]);
    expect(fibresOf('70 % B aumw olle 30% Lei nen')).toEqual([
      { fibre: 'cotton', percent: 70 },
      { fibre: 'linen', percent: 30 },
    ]);
    expect(fibresOf('1009 WASH COLD')).toBeNull();
    expect(fibresOf('RN 100234 COTTON')).toBeNull();
  });

  it('reads a share whose "%" OCR lost, only when the composition adds up', () => {
    expect(fibresOf('65 COTTON 35 LINEN')).toEqual([
      { fibre: 'cotton', percent: 65 },
      { fibre: 'linen', percent: 35 },
    ]);
    expect(fibresOf('HAND WASH 30 WOOL CYCLE')).toBeNull();
    // A number after another word is that word's: a style, a size, a temperature.
    expect(fibresOf('STYLE 40 COTTON\nSIZE 60 COTTON')).toBeNull();
    // A misread first pass ("75" for "100%") does not spoil the second.
    expect(fibresOf('75 SILK\n100% SILK')).toEqual([{ fibre: 'silk', percent: 100 }]);
  });
});

describe("the PP-OCR reader's spacing and spelling", () => {
  it('splits fibre, modifier and section words the reader ran together', () => {
    expect(fibresOf('92%ORGANICCOTTON,6%\nRECYCLEDPOLYESTER,2%\nELASTANE')).toEqual([
      { fibre: 'cotton', percent: 92 },
      { fibre: 'polyester', percent: 6 },
      { fibre: 'elastane', percent: 2 },
    ]);
    expect(fibresOf('91%RECYCLED\nPOLYESTER\n8%WOOLLANA\n1%SPANDEX')).toEqual([
      { fibre: 'polyester', percent: 91 },
      { fibre: 'wool', percent: 8 },
      { fibre: 'elastane', percent: 1 },
    ]);
  });

  it('reads digits and percent signs the reader took for other marks', () => {
    // "g" for 9, "96" and "3" for "%", "O" for 0, a zero inside a word for O.
    expect(fibresOf('BODY:g6%BAMBOOVISCOSE\n4%ELASTANE')).toEqual([
      { fibre: 'viscose', percent: 96 },
      { fibre: 'elastane', percent: 4 },
    ]);
    expect(fibresOf('6196 RAYON\n3996POLYESTER')).toEqual([
      { fibre: 'viscose', percent: 61 },
      { fibre: 'polyester', percent: 39 },
    ]);
    expect(fibresOf('1003COTTON/ALGODON')).toEqual([{ fibre: 'cotton', percent: 100 }]);
    expect(fibresOf('10OCASHMERE')).toEqual([{ fibre: 'cashmere', percent: 100 }]);
    expect(fibresOf('60%WO0L,40%\nPOLYESTER')).toEqual([
      { fibre: 'wool', percent: 60 },
      { fibre: 'polyester', percent: 40 },
    ]);
    expect(fibresOf('1996 COLLECTION')).toBeNull();
  });

  it('reads a "%" taken for a 4 only where the block then adds up', () => {
    expect(fibresOf('55%COTTON\n38%NYLON\n74 WSCOSE')).toEqual([
      { fibre: 'cotton', percent: 55 },
      { fibre: 'nylon', percent: 38 },
      { fibre: 'viscose', percent: 7 },
    ]);
    expect(fibresOf('56%COTTON\n44 NYLON')).toEqual([
      { fibre: 'cotton', percent: 56 },
      { fibre: 'nylon', percent: 44 },
    ]);
    expect(fibresOf('55%COTTON\n38%NYLON\n64 WSCOSE')).toBeNull();
  });

  it('reads misspelt and Turkish fibre names after a share', () => {
    expect(fibresOf('90%VISCON\n10%LYCRA')).toEqual([
      { fibre: 'viscose', percent: 90 },
      { fibre: 'elastane', percent: 10 },
    ]);
    expect(fibresOf('100%PAMUK-COTTON')).toEqual([{ fibre: 'cotton', percent: 100 }]);
  });

  it('takes the block the label calls the main fabric, wherever the reader put it', () => {
    expect(fibresOf('VENT:88%POLYAMIDE\n12%SPANDEX\nBODY: 96% VISCOSE 4% ELASTANE')).toEqual([
      { fibre: 'viscose', percent: 96 },
      { fibre: 'elastane', percent: 4 },
    ]);
  });

  it("reads full-width punctuation from the reader's Chinese dictionary", () => {
    expect(fibresOf('70%LANA，30%POLIAMMIDE')).toEqual([
      { fibre: 'wool', percent: 70 },
      { fibre: 'nylon', percent: 30 },
    ]);
  });

  it('corrects a garbled share only when that alone makes the block add up to 100', () => {
    // "S" may be 8 or 5 and "P" is a stray letter: only 83 makes 83 + 12 + 5.
    const garbledShare = parseComposition([photo('S3P%POLYESTER\n12%RAYON\n5%SPANDEX')]);
    expect(garbledShare?.value).toEqual([
      { fibre: 'polyester', percent: 83 },
      { fibre: 'viscose', percent: 12 },
      { fibre: 'elastane', percent: 5 },
    ]);
    expect(garbledShare?.evidence[0]).toMatchObject({
      rule: 'composition.main_corrected',
      text: 'S3P%POLYESTER / 12%RAYON / 5%SPANDEX',
    });
    // "N8ON" is two edits from "nylon" and nearer no other fibre; 51 + 28 + 21 is 100.
    expect(fibresOf('5196 RAYON\n2896POLYESER\n2196N8ON\nCUT:3006281')).toEqual([
      { fibre: 'viscose', percent: 51 },
      { fibre: 'polyester', percent: 28 },
      { fibre: 'nylon', percent: 21 },
    ]);
  });

  it('keeps silent when no correction, or more than one, makes a block add up', () => {
    // 8 or 5 for "S": neither 83 nor 53 with 12 and 9 makes 100.
    expect(fibresOf('S3P%POLYESTER\n12%RAYON\n9%SPANDEX')).toBeNull();
    // 18 + 25 + 57 and 15 + 28 + 57 both make 100: which "S" is 8 the label does not say.
    expect(fibresOf('1S%COTTON\n2S%LINEN\n57%WOOL')).toBeNull();
    // A word far from every fibre stays unread, so its share is never guessed.
    expect(fibresOf('60%COTTON\n40%XQZW')).toBeNull();
  });
});
