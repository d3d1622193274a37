// What the photos of the item show: its colours and, from a flat-lay outline, its category. Each photo is
// analysed on a small copy (segment the item from the surface, cluster its colours, read its outline);
// the photos then vote, and the most credible photo that agrees with the vote gives the evidence.
import type { Category, Colour, FieldEvidence } from '@snaplist/contract';
import type { Fact, ImageFacts } from '../facts';
import { dominantColours, type ItemColours } from './dominant-colours';
import { readItemShape, type ShapeReading } from './item-shape';
import { loadLabImage } from './lab-image';
import { erode, segmentItem } from './segment-item';

export interface ItemPhoto {
  /** 1-based, in the seller's order. */
  number: number;
  /** Normalised JPEG (orientation applied, long side at most 2048). */
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface AnalyseOptions {
  /** Photos in which OCR found label text: they show a label, not the item, unless nothing else does. */
  labelPhotos: Set<number>;
}

/** The first photos are the seller's main shots; more add time, not accuracy. */
const MAX_ANALYSED_PHOTOS = 6;
/** Confidence is scaled by this when the item could not be segmented and the frame's centre stood in. */
const UNSEGMENTED_FACTOR = 0.5;

interface PhotoReading {
  photo: number;
  colours: ItemColours;
  colourConfidence: number;
  shape: ShapeReading | null;
}

export async function analyseItemPhotos(photos: ItemPhoto[], options: AnalyseOptions): Promise<ImageFacts> {
  // A label photo shows the label, not the garment: its colours would be the label's, so a listing made of
  // label photos alone states no colour and no shape rather than a guess.
  const itemPhotos = photos
    .filter((photo) => !options.labelPhotos.has(photo.number))
    .slice(0, MAX_ANALYSED_PHOTOS);
  const readings: PhotoReading[] = [];
  for (const photo of itemPhotos) readings.push(await readPhoto(photo));
  return { colours: colourFact(readings), ...shapeFacts(readings) };
}

async function readPhoto(photo: ItemPhoto): Promise<PhotoReading> {
  const image = await loadLabImage(photo.jpeg);
  const mask = segmentItem(image);
  // The item's rim mixes with the surface and its shadow: sample colours a pixel inside it.
  const inner = erode(mask.colour, image.width, image.height);
  const colours = dominantColours(image, countOn(inner) > 200 ? inner : mask.colour);
  const primaryShare = colours.groups[0]?.share ?? 0;
  const colourConfidence = (mask.segmented ? 0.9 : 0.9 * UNSEGMENTED_FACTOR) * (0.6 + 0.4 * primaryShare);
  return {
    photo: photo.number,
    colours,
    colourConfidence,
    shape: readItemShape(mask, image.width, image.height),
  };
}

function colourFact(readings: PhotoReading[]): Fact<Colour[]> {
  const votes = new Map<Colour, number>();
  for (const reading of readings) {
    const [primary] = reading.colours.colours;
    if (primary) votes.set(primary, (votes.get(primary) ?? 0) + reading.colourConfidence);
  }
  const winner = [...votes.entries()].sort((first, second) => second[1] - first[1])[0]?.[0];
  const best = readings
    .filter((reading) => reading.colours.colours[0] === winner)
    .sort((first, second) => second.colourConfidence - first.colourConfidence)[0];
  if (!best) return { value: [], evidence: [] };
  const agreeing = readings.filter((reading) => reading.colours.colours[0] === winner).length;
  // Agreement between photos raises confidence a little; one photo alone keeps its own figure.
  const confidence = round(Math.min(0.95, best.colourConfidence + 0.05 * (agreeing - 1)));
  const evidence: FieldEvidence[] = best.colours.groups.map((group) => ({
    source: 'colour_analysis',
    photo: best.photo,
    rule: best.colours.rule,
    text: `${group.name}: rgb(${group.rgb.map(Math.round).join(',')}) ${Math.round(group.share * 100)}%`,
    confidence,
  }));
  return { value: best.colours.colours, evidence };
}

function shapeFacts(readings: PhotoReading[]): Pick<ImageFacts, 'category' | 'itemType'> {
  const shaped = readings
    .filter((reading): reading is PhotoReading & { shape: ShapeReading } => reading.shape !== null)
    .sort((first, second) => second.shape.confidence - first.shape.confidence);
  const [best] = shaped;
  // Two photos that read different categories: say nothing rather than pick one.
  if (!best || shaped.some((reading) => reading.shape.category !== best.shape.category)) {
    return { category: null, itemType: null };
  }
  const evidence: FieldEvidence[] = [
    {
      source: 'item_shape',
      photo: best.photo,
      rule: best.shape.rule,
      text: best.shape.itemType,
      confidence: round(best.shape.confidence),
    },
  ];
  const category: Fact<Category> = { value: best.shape.category, evidence };
  return { category, itemType: { value: best.shape.itemType, evidence } };
}

function countOn(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) count += value;
  return count;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
