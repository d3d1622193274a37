// Why a field says what it says (ARCHITECTURE "Listing generation": every field keeps its evidence), put in
// the seller's words: 'Read from the label in photo 2: “ZARA”', 'From your hint', 'From our price table'.
import type { FieldEvidence, Listing } from '@snaplist/contract';
import type { TFunction } from 'i18next';

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

export function evidenceCaption(evidence: FieldEvidence, t: TFunction): string {
  const photoKey = WITH_PHOTO[evidence.source];
  let caption =
    photoKey && evidence.photo !== undefined
      ? t(photoKey, { photo: evidence.photo })
      : t(WITHOUT_PHOTO[evidence.source]);
  const text = evidence.text?.trim();
  if (text) caption = t('evidence.with_text', { caption, text });
  if (evidence.confidence !== undefined && evidence.confidence < LOW_CONFIDENCE) {
    caption = t('evidence.low_confidence', { caption });
  }
  return caption;
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
