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

/** The composition written 'fibre percent, fibre percent', in the order the label states the shares. */
function compositionOf(shares: string | null) {
  return (
    shares?.split(', ').map((share) => {
      const [fibre = '', percent = ''] = share.split(' ');
      return { fibre, percent: Number(percent) };
    }) ?? null
  );
}

describe('parseComposition', () => {
  it.each<[text: string, shares: string | null]>([
    // Reads percentages and fibre names in the six label languages.
    ['80% cotton\n20% polyester', 'cotton 80, polyester 20'],
    ['95% Baumwolle 5% Elasthan', 'cotton 95, elastane 5'],
    ['60% bawełna 40% poliester', 'cotton 60, polyester 40'],
    ['70% laine 30% polyamide', 'wool 70, nylon 30'],
    ['100% algodón', 'cotton 100'],
    ['100% seta', 'silk 100'],
    ['100% wełna', 'wool 100'],
    ['Cotton 100%', 'cotton 100'],
    // Keeps the shell and leaves the lining to the evidence.
    ['OUTER SHELL 80% COTTON 20% POLYESTER LINING 100% POLYESTER', 'cotton 80, polyester 20'],
    ['Futter: 100% Polyester\nObermaterial: 100% Leder', 'leather 100'],
    // Reads EU fibre codes.
    ['80 % CO 20 % PES', 'cotton 80, polyester 20'],
    ['50% WO 45% PA 5% EA', 'wool 50, nylon 45, elastane 5'],
    // Fixes OCR slips in the numbers.
    ['1OO% COTTON', 'cotton 100'],
    ['8O % viscose 2O % nylon', 'viscose 80, nylon 20'],
    // Rejects shares that do not add up to 100.
    ['80% cotton 15% polyester', null],
    ['Made in Portugal\nMachine wash 30°', null],
    // Reads fibres under their canonical names, whatever the label prints.
    ['62% RAYON\n33% POLYESTER\n5% SPANDEX', 'viscose 62, polyester 33, elastane 5'],
    ['100% polyamide', 'nylon 100'],
    // Reads fibres with modifiers in the label languages.
    ['72% RECYCLED POLYESTER / 28% ORGANIC COTTON', 'polyester 72, cotton 28'],
    ['100% coton biologique', 'cotton 100'],
    ['85% recyceltes Polyamid 15% Elasthan', 'nylon 85, elastane 15'],
    ['100% lana vergine', 'wool 100'],
    ['100% poliéster reciclado', 'polyester 100'],
    ['100% poliester z recyklingu', 'polyester 100'],
    ['100% gerecycled polyester', 'polyester 100'],
    ['100% mulesing-free merino wool', 'wool 100'],
    ['100% Schurwolle', 'wool 100'],
    // Reads a share whose fibre wraps onto the next line, or whose word is cut in two.
    ['88% RECYCLED\nNYLON\n12% ELASTANE', 'nylon 88, elastane 12'],
    ['70%\nCOTTON\n30%\nLINEN', 'cotton 70, linen 30'],
    ['64% RECYCLED VISC\nOSE / 36% WOOL', 'viscose 64, wool 36'],
    // Pairs a list of fibres with the list of percentages beside it, in either order.
    ['COTTON\nPOLYESTER\nELASTANE\n65%\n32%\n3%', 'cotton 65, polyester 32, elastane 3'],
    ['55%\n40%\n5%\nVISCOSE\nNYLON\nELASTANE', 'viscose 55, nylon 40, elastane 5'],
    ['Wool 70% Cashmere 30%', 'wool 70, cashmere 30'],
    // Reads one share named in several languages on one line once.
    ['75% Wool / Wol / Wolle / Laine, 25% Polyamide / Polyamid / Nylon', 'wool 75, nylon 25'],
    ['94% POLYAMIDE/POLIAMIDA\nRECICLADA\n6% SPANDEX/ELASTANO', 'nylon 94, elastane 6'],
    // Keeps a bracketed breakdown inside its share.
    ['100% POLYESTER\n(40% RECYCLED POLYESTER)', 'polyester 100'],
    ['LINING (100% VISCOSE)\nSHELL 100% WOOL', 'wool 100'],
    // Reconciles two readings of one composition that each fail to add up.
    // A reading that adds up beats one that does not.
    ['85% MODAL / 25% SILK\n75% MODAL / 25% SILK', 'modal 75, silk 25'],
    // A reconciled main fabric still comes before the lining listed after it.
    ['48% WOOL 82% COTTON\n18% WOOL 32% COTTON\nLINING 100% VISCOSE', 'cotton 82, wool 18'],
    ['48% WOOL 82% COTTON\n18% WOOL 32% COTTON\n100% VISCOSE', 'cotton 82, wool 18'],
    // Two ways to make 100 is no answer.
    ['40% WOOL 50% COTTON\n50% WOOL 60% COTTON', null],
    // Forgives OCR slips in fibre names and a percent sign read as digits.
    ['80% POLYESTFR 20% ELASTANE', 'polyester 80, elastane 20'],
    ['60% Baumwolle\n40% Polyam!', 'cotton 60, nylon 40'],
    ['100976 SILK', 'silk 100'],
    ['70 % B aumw olle 30% Lei nen', 'cotton 70, linen 30'],
    ['1009 WASH COLD', null],
    ['RN 100234 COTTON', null],
    // Reads a share whose "%" OCR lost, only when the composition adds up.
    ['65 COTTON 35 LINEN', 'cotton 65, linen 35'],
    ['HAND WASH 30 WOOL CYCLE', null],
    // A number after another word is that word's: a style, a size, a temperature.
    ['STYLE 40 COTTON\nSIZE 60 COTTON', null],
    // A misread first pass ("75" for "100%") does not spoil the second.
    ['75 SILK\n100% SILK', 'silk 100'],
    // Splits fibre, modifier and section words the reader ran together.
    ['92%ORGANICCOTTON,6%\nRECYCLEDPOLYESTER,2%\nELASTANE', 'cotton 92, polyester 6, elastane 2'],
    ['91%RECYCLED\nPOLYESTER\n8%WOOLLANA\n1%SPANDEX', 'polyester 91, wool 8, elastane 1'],
    // Reads digits and percent signs the reader took for other marks.
    // "g" for 9, "96" and "3" for "%", "O" for 0, a zero inside a word for O.
    ['BODY:g6%BAMBOOVISCOSE\n4%ELASTANE', 'viscose 96, elastane 4'],
    ['6196 RAYON\n3996POLYESTER', 'viscose 61, polyester 39'],
    ['1003COTTON/ALGODON', 'cotton 100'],
    ['10OCASHMERE', 'cashmere 100'],
    ['60%WO0L,40%\nPOLYESTER', 'wool 60, polyester 40'],
    ['1996 COLLECTION', null],
    // Reads a "%" taken for a 4 only where the block then adds up.
    ['55%COTTON\n38%NYLON\n74 WSCOSE', 'cotton 55, nylon 38, viscose 7'],
    ['56%COTTON\n44 NYLON', 'cotton 56, nylon 44'],
    ['55%COTTON\n38%NYLON\n64 WSCOSE', null],
    // Reads misspelt and Turkish fibre names after a share.
    ['90%VISCON\n10%LYCRA', 'viscose 90, elastane 10'],
    ['100%PAMUK-COTTON', 'cotton 100'],
    // Takes the block the label calls the main fabric, wherever the reader put it.
    ['VENT:88%POLYAMIDE\n12%SPANDEX\nBODY: 96% VISCOSE 4% ELASTANE', 'viscose 96, elastane 4'],
    // Reads full-width punctuation from the reader's Chinese dictionary.
    ['70%LANA，30%POLIAMMIDE', 'wool 70, nylon 30'],
    // Corrects a garbled share only when that alone makes the block add up to 100.
    // "N8ON" is two edits from "nylon" and nearer no other fibre; 51 + 28 + 21 is 100.
    ['5196 RAYON\n2896POLYESER\n2196N8ON\nCUT:3006281', 'viscose 51, polyester 28, nylon 21'],
    // Keeps silent when no correction, or more than one, makes a block add up.
    // 8 or 5 for "S": neither 83 nor 53 with 12 and 9 makes 100.
    ['S3P%POLYESTER\n12%RAYON\n9%SPANDEX', null],
    // 18 + 25 + 57 and 15 + 28 + 57 both make 100: which "S" is 8 the label does not say.
    ['1S%COTTON\n2S%LINEN\n57%WOOL', null],
    // A word far from every fibre stays unread, so its share is never guessed.
    ['60%COTTON\n40%XQZW', null],
  ])('reads %j as %j', (text, shares) => {
    expect(fibresOf(text)).toEqual(compositionOf(shares));
  });

  it('reads nothing from no text', () => {
    expect(parseComposition([])).toBeNull();
  });

  it('keeps the shell and leaves the lining to the evidence', () => {
    const fact = parseComposition([photo('Shell: 100% wool\nLining: 100% polyester', 2)]);
    expect(fact?.value).toEqual([{ fibre: 'wool', percent: 100 }]);
    expect(fact?.evidence.map((item) => item.rule)).toEqual(['composition.main', 'composition.secondary']);
    expect(fact?.evidence[0]).toMatchObject({ source: 'label_text', photo: 2, text: 'Shell: 100% wool' });
  });

  it('reads one composition repeated in several languages once', () => {
    const label =
      '80% cotton 20% polyester\n80% coton 20% polyester\n80% Baumwolle 20% Polyester\n80% bawełna 20% poliester';
    expect(fibresOf(label)).toEqual(compositionOf('cotton 80, polyester 20'));
  });

  it('cites every line of a share whose fibre wraps onto the next line', () => {
    expect(
      parseComposition([photo('88% RECYCLED\nNYLON\n12% ELASTANE\nMADE IN ITALY')])?.evidence[0]?.text,
    ).toBe('88% RECYCLED / NYLON / 12% ELASTANE');
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
    expect(fact?.value).toEqual(compositionOf('cotton 82, wool 18'));
    expect(fact?.evidence[0]?.rule).toBe('composition.main_reconciled');
  });

  it('corrects a garbled share only when that alone makes the block add up to 100', () => {
    // "S" may be 8 or 5 and "P" is a stray letter: only 83 makes 83 + 12 + 5.
    const garbledShare = parseComposition([photo('S3P%POLYESTER\n12%RAYON\n5%SPANDEX')]);
    expect(garbledShare?.value).toEqual(compositionOf('polyester 83, viscose 12, elastane 5'));
    expect(garbledShare?.evidence[0]).toMatchObject({
      rule: 'composition.main_corrected',
      text: 'S3P%POLYESTER / 12%RAYON / 5%SPANDEX',
    });
  });
});
