// Why a field says what it says (ARCHITECTURE "Listing generation": every field keeps its evidence), put in
// the seller's words and the page's language: 'Read from the label in photo 2: “ZARA”', 'Your setting: open
// to offers', 'From our price table: Dresses, brand not on our list, pre-owned, cashmere (raises the price)'.
import type { FieldEvidence, Listing } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import { enumKey } from '@/lib/i18n';

/** Below this the engine was unsure, and the caption asks the seller to check. */
export const LOW_CONFIDENCE = 0.6;

const WITH_PHOTO: Record<FieldEvidence['source'], string | null> = {
  label_text: 'evidence.label_text_photo',
  seller_hint: null,
  colour_analysis: 'evidence.colour_analysis_photo',
  item_shape: 'evidence.item_shape_photo',
  price_table: null,
  template: null,
  vision_model: 'evidence.vision_model_photo',
};

const WITHOUT_PHOTO: Record<FieldEvidence['source'], string> = {
  label_text: 'evidence.label_text',
  seller_hint: 'evidence.seller_hint',
  colour_analysis: 'evidence.colour_analysis',
  item_shape: 'evidence.item_shape',
  price_table: 'evidence.price_table',
  template: 'evidence.template',
  vision_model: 'evidence.vision_model',
};

const PRICE_TIERS = ['luxury', 'premium', 'mid', 'value', 'unknown'] as const;
const PRICE_CONDITIONS = [
  'new_with_tags',
  'new_without_tags',
  'like_new',
  'very_good',
  'good',
  'fair',
  'poor',
  'used',
  'unknown',
] as const;
const PRICE_CATEGORIES = [
  'tops',
  'bottoms',
  'dresses',
  'outerwear',
  'shoes',
  'accessories',
  'bags',
  'jewelry',
  'activewear',
  'swimwear',
  'vintage',
  'designer',
  'streetwear',
  'formal_wear',
  'casual_wear',
  'unknown',
] as const;
/** The price table's rule (decision 008): `price.<category>.<brand tier>.<condition>[.<fibre>]`. */
const PRICE_RULE = new RegExp(
  `^price\\.(${PRICE_CATEGORIES.join('|')})\\.(${PRICE_TIERS.join('|')})\\.(${PRICE_CONDITIONS.join('|')})(?:\\.([a-z]+))?$`,
);

/** Why the price table gave this range, in the seller's words; the plain source when the rule is not ours. */
function priceCaption(rule: string, t: TFunction): string {
  const match = PRICE_RULE.exec(rule);
  if (match === null) return t('evidence.price_table');
  const [, category = 'unknown', tier = 'unknown', condition = 'unknown', fibre] = match;
  const reason = {
    category: category === 'unknown' ? t('evidence.price_category_unknown') : t(`category.${category}`),
    brand: t(`evidence.price_brand_${tier}`),
    condition: t(`evidence.price_condition_${condition}`),
  };
  if (fibre === undefined) return t('evidence.price_reason', reason);
  return t('evidence.price_reason_material', {
    ...reason,
    material: t(`fibre.${fibre}`, { defaultValue: fibre }),
  });
}

const SETTING_KEYS: Record<string, string> = {
  'condition.new_with_tags': 'evidence.setting_condition_new_with_tags',
  'condition.new_without_tags': 'evidence.setting_condition_new_without_tags',
  'condition.used': 'evidence.setting_condition_used',
  'description.open_to_offers': 'evidence.setting_offers',
};
const FIT_KEYS: Record<string, string> = {
  'true to size': 'evidence.setting_fit_true_to_size',
  oversized: 'evidence.setting_fit_oversized',
  undersized: 'evidence.setting_fit_undersized',
};

/**
 * The seller's own settings as they chose them, in the page's language; null for a hint whose text is the
 * seller's own words (a brand or a size), which is quoted as given.
 */
function settingCaption(evidence: FieldEvidence, t: TFunction): string | null {
  const settingKey = SETTING_KEYS[evidence.rule];
  if (settingKey !== undefined) return t(settingKey);
  if (evidence.rule === 'description.fit') {
    const fitKey = FIT_KEYS[evidence.text ?? ''];
    return fitKey === undefined ? t('evidence.seller_hint') : t(fitKey);
  }
  if (evidence.rule === 'description.shipping_days') {
    const days = Number(evidence.text);
    if (!Number.isInteger(days) || days < 0) return t('evidence.seller_hint');
    return days === 0
      ? t('evidence.setting_shipping_same_day')
      : t('evidence.setting_shipping', { count: days });
  }
  return null;
}

/** Our colour measurement as the server words it: "Blue: rgb(84,113,155) 95%". */
const COLOUR_MEASURE = /^(\p{L}+): rgb\([^)]*\) (\d{1,3})%$/u;

/**
 * Our own measurements are not text that was read or given, so they are never quoted: a colour share is put in
 * the page's words ("Bleu, 95 % de la photo"), and an outline's English item word is left to the field itself.
 */
function measureCaption(evidence: FieldEvidence, caption: string, t: TFunction): string | null {
  if (evidence.source === 'item_shape') return caption;
  if (evidence.source !== 'colour_analysis') return null;
  const match = COLOUR_MEASURE.exec(evidence.text?.trim() ?? '');
  if (match === null) return caption;
  const [, colour = '', share = ''] = match;
  return t('evidence.colour_measure', { caption, colour: t(`colour.${enumKey(colour)}`), share });
}

/**
 * One reason, in the page's language. Only text that was read or given is quoted as it was (a label's
 * "ZARA", the seller's "W32"); our own rules (the price table's row, the seller's settings) are put in the
 * seller's words, never shown as rule names or English sentences.
 */
export function evidenceCaption(evidence: FieldEvidence, t: TFunction): string {
  if (evidence.source === 'price_table') return priceCaption(evidence.rule, t);
  if (evidence.source === 'template') return t('evidence.template');
  if (evidence.source === 'seller_hint') {
    const setting = settingCaption(evidence, t);
    if (setting !== null) return setting;
  }
  const photoKey = WITH_PHOTO[evidence.source];
  let caption =
    photoKey && evidence.photo !== undefined
      ? t(photoKey, { photo: evidence.photo })
      : evidence.source === 'seller_hint' && evidence.rule.endsWith('.confirmed')
        ? t('evidence.seller_confirmed')
        : t(WITHOUT_PHOTO[evidence.source]);
  const text = evidence.text?.trim();
  const measured = measureCaption(evidence, caption, t);
  if (measured !== null) caption = measured;
  else if (text) caption = t('evidence.with_text', { caption, text });
  if (evidence.confidence !== undefined && evidence.confidence < LOW_CONFIDENCE) {
    caption = t('evidence.low_confidence', { caption });
  }
  return caption;
}

/** Every reason once, in order: a listing's fields often share a fact (the brand backs title and tags). */
export function evidenceCaptions(evidence: readonly FieldEvidence[], t: TFunction): string[] {
  return [...new Set(evidence.map((item) => evidenceCaption(item, t)))];
}

/**
 * Which engine wrote the text: 'Written offline by Snaplist' for the local one, the model's name for a vision
 * model, and why the local engine stood in when the vision model's answer could not be used.
 */
export function engineCaption(
  { engine, engineModel, engineFallback }: Pick<Listing, 'engine' | 'engineModel' | 'engineFallback'>,
  t: TFunction,
): string {
  if (engineFallback) {
    return t(`listing_details.engine_fallback_${engineFallback}`, { model: engineModel ?? 'AI' });
  }
  if (engine === 'local') return t('listing_details.engine_local');
  if (engine === 'none') return t('listing_details.engine_none');
  if (engine === 'openai') {
    return engineModel
      ? t('listing_details.engine_ai_model', { model: engineModel })
      : t('listing_details.engine_ai');
  }
  return t('listing_details.engine_named', { engine });
}
