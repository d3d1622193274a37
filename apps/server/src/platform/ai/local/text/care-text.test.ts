import { describe, expect, it } from 'vitest';
import { readCare } from './care-text';
import { photoText } from './testing';

function careOf(text: string): string[] | null {
  return readCare([photoText(text)])?.value ?? null;
}

describe('readCare', () => {
  it.each<[text: string, care: string[] | null]>([
    // The instructions an English care label gives, in its order.
    [
      'MACHINE WASH COLD\nDO NOT BLEACH\nTUMBLE DRY LOW\nCOOL IRON\nDO NOT DRY CLEAN',
      ['machine wash cold', 'do not bleach', 'tumble dry low', 'iron low', 'do not dry clean'],
    ],
    ['HAND WASH COLD\nLAY FLAT TO DRY\nOR DRY CLEAN', ['hand wash', 'dry flat', 'dry clean']],
    ['ONLY NON-CHLORINE BLEACH IF NEEDED\nWARM IRON IF NEEDED', ['non-chlorine bleach only', 'iron medium']],
    // Phrases the reader ran together or wrapped onto the next line.
    ['DONOT TUMBLEDRY\nMACHINEWASHWARM', ['do not tumble dry', 'machine wash warm']],
    [
      'HAND WASH COLD,DO NOT\nBLEACH,RESHAPEWHILEDAMP\nDRYFLAT,COOLIRON ONLYF',
      ['hand wash', 'do not bleach', 'dry flat', 'iron low'],
    ],
    // A wash temperature comes from the text beside the wash word.
    ['GENTLEWASHAT30°C', ['machine wash 30']],
    ['MACHINE WASH COLD 30°C\nDO NOT BLEACH', ['machine wash 30', 'do not bleach']],
    ["MACHINE WASH 40'C", ['machine wash 40']],
    // A hand wash stays one, and a temperature belongs to the instruction it is printed in.
    ['NEXT TO SKIN:WASH BEFORE WEAR\nHAND WASH 40°C', ['hand wash']],
    // Two temperatures contradict each other: neither is stated, only the machine wash both agree on.
    ['MACHINE WASH 30°C\nMACHINE WASH 40°C', ['machine wash']],
    ['WASH AT 30°C\nWASH AT 40°C', null],
    // Care in French, German, Polish, Spanish and Italian.
    [
      'Lavage en machine à 30°C\nNe pas sécher en tambour\nRepassage doux',
      ['machine wash 30', 'do not tumble dry', 'iron low'],
    ],
    [
      'Maschinenwäsche 30°\nNicht bleichen\nNicht im Trockner trocknen',
      ['machine wash 30', 'do not bleach', 'do not tumble dry'],
    ],
    [
      'Prać w temp. 40°C\nNie wybielać\nNie suszyć w suszarce\nNie prasować',
      ['machine wash 40', 'do not bleach', 'do not tumble dry', 'do not iron'],
    ],
    ['Lavar a mano\nNo usar lejía\nSecar en plano', ['hand wash', 'do not bleach', 'dry flat']],
    [
      'Lavare in lavatrice a 30°C\nNon candeggiare\nNon lavare a secco',
      ['machine wash 30', 'do not bleach', 'do not dry clean'],
    ],
    // Never an instruction the words do not give. "chlonno bleach" is a misread "chlorine bleach", not "no bleach".
    ['Non-chlonno bleach only', null],
    // Ironing the print is not ironing the garment.
    ['DO NOT IRON ON PRINT', null],
    // "do not" owns what follows: no "tumble dry" or "dry clean" out of the negations.
    ['DO NOT TUMBLE DRY\nDO NOT DRY CLEAN', ['do not tumble dry', 'do not dry clean']],
    // Care is never taken from the fibre.
    ['100% WOOL\nMADE IN PORTUGAL', null],
    // A setting and its verb on two lines may be two phrases: "COOL" / "IRON" is no iron setting.
    ['DRY CLEAN ONLY\nCOOL\nIRON', ['dry clean']],
  ])('reads %j as %j', (text, care) => {
    expect(careOf(text)).toEqual(care);
  });

  it('cites the photo and the lines of each instruction', () => {
    const fact = readCare([photoText('100% COTTON\nDO NOT\nBLEACH', { photo: 3 })]);
    expect(fact?.evidence).toEqual([
      { source: 'label_text', photo: 3, text: 'DO NOT / BLEACH', rule: 'care.label_words', confidence: 0.82 },
    ]);
  });
});
