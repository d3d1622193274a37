import { describe, expect, it } from 'vitest';
import { readCare } from './care-text';
import { photoText } from './testing';

function careOf(text: string): string[] | null {
  return readCare([photoText(text)])?.value ?? null;
}

describe('readCare', () => {
  it('reads the instructions an English care label gives, in its order', () => {
    expect(careOf('MACHINE WASH COLD\nDO NOT BLEACH\nTUMBLE DRY LOW\nCOOL IRON\nDO NOT DRY CLEAN')).toEqual([
      'machine wash cold',
      'do not bleach',
      'tumble dry low',
      'iron low',
      'do not dry clean',
    ]);
    expect(careOf('HAND WASH COLD\nLAY FLAT TO DRY\nOR DRY CLEAN')).toEqual([
      'hand wash',
      'dry flat',
      'dry clean',
    ]);
    expect(careOf('ONLY NON-CHLORINE BLEACH IF NEEDED\nWARM IRON IF NEEDED')).toEqual([
      'non-chlorine bleach only',
      'iron medium',
    ]);
  });

  it('reads phrases the reader ran together or wrapped onto the next line', () => {
    expect(careOf('DONOT TUMBLEDRY\nMACHINEWASHWARM')).toEqual(['do not tumble dry', 'machine wash warm']);
    expect(careOf('HAND WASH COLD,DO NOT\nBLEACH,RESHAPEWHILEDAMP\nDRYFLAT,COOLIRON ONLYF')).toEqual([
      'hand wash',
      'do not bleach',
      'dry flat',
      'iron low',
    ]);
  });

  it('takes a wash temperature from the text beside the wash word', () => {
    expect(careOf('GENTLEWASHAT30°C')).toEqual(['machine wash 30']);
    expect(careOf('MACHINE WASH COLD 30°C\nDO NOT BLEACH')).toEqual(['machine wash 30', 'do not bleach']);
    expect(careOf("MACHINE WASH 40'C")).toEqual(['machine wash 40']);
    // A hand wash stays one, and a temperature belongs to the instruction it is printed in.
    expect(careOf('NEXT TO SKIN:WASH BEFORE WEAR\nHAND WASH 40°C')).toEqual(['hand wash']);
    // Two temperatures contradict each other: neither is stated, only the machine wash both agree on.
    expect(careOf('MACHINE WASH 30°C\nMACHINE WASH 40°C')).toEqual(['machine wash']);
    expect(careOf('WASH AT 30°C\nWASH AT 40°C')).toBeNull();
  });

  it('reads care in French, German, Polish, Spanish and Italian', () => {
    expect(careOf('Lavage en machine à 30°C\nNe pas sécher en tambour\nRepassage doux')).toEqual([
      'machine wash 30',
      'do not tumble dry',
      'iron low',
    ]);
    expect(careOf('Maschinenwäsche 30°\nNicht bleichen\nNicht im Trockner trocknen')).toEqual([
      'machine wash 30',
      'do not bleach',
      'do not tumble dry',
    ]);
    expect(careOf('Prać w temp. 40°C\nNie wybielać\nNie suszyć w suszarce\nNie prasować')).toEqual([
      'machine wash 40',
      'do not bleach',
      'do not tumble dry',
      'do not iron',
    ]);
    expect(careOf('Lavar a mano\nNo usar lejía\nSecar en plano')).toEqual([
      'hand wash',
      'do not bleach',
      'dry flat',
    ]);
    expect(careOf('Lavare in lavatrice a 30°C\nNon candeggiare\nNon lavare a secco')).toEqual([
      'machine wash 30',
      'do not bleach',
      'do not dry clean',
    ]);
  });

  it('never reads an instruction the words do not give', () => {
    // "chlonno bleach" is a misread "chlorine bleach", not "no bleach".
    expect(careOf('Non-chlonno bleach only')).toBeNull();
    // Ironing the print is not ironing the garment.
    expect(careOf('DO NOT IRON ON PRINT')).toBeNull();
    // "do not" owns what follows: no "tumble dry" or "dry clean" out of the negations.
    expect(careOf('DO NOT TUMBLE DRY\nDO NOT DRY CLEAN')).toEqual(['do not tumble dry', 'do not dry clean']);
    // Care is never taken from the fibre.
    expect(careOf('100% WOOL\nMADE IN PORTUGAL')).toBeNull();
    // A setting and its verb on two lines may be two phrases: "COOL" / "IRON" is no iron setting.
    expect(careOf('DRY CLEAN ONLY\nCOOL\nIRON')).toEqual(['dry clean']);
  });

  it('cites the photo and the lines of each instruction', () => {
    const fact = readCare([photoText('100% COTTON\nDO NOT\nBLEACH', { photo: 3 })]);
    expect(fact?.evidence).toEqual([
      { source: 'label_text', photo: 3, text: 'DO NOT / BLEACH', rule: 'care.label_words', confidence: 0.82 },
    ]);
  });
});
