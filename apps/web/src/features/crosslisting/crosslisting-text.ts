// What the crosslisting screens say about a marketplace's settings, a publication's status and an activity
// event, in the seller's language. Each table is keyed by the contract's own list, so a status or event kind
// added there fails the type-check here until it has its words.
import {
  type Activity,
  type ActivityKind,
  ERROR_PARAMS,
  MARKETPLACE_NAMES,
  type Publication,
  type PublicationStatus,
} from '@snaplist/contract';
import type { TFunction } from 'i18next';

/** The settings the adapters ask for today; a name not here is shown as the marketplace sent it. */
const SETTING_LABEL_KEYS: Readonly<Record<string, string>> = {
  fulfillmentPolicyId: 'crosslisting.setting_shipping_policy',
  paymentPolicyId: 'crosslisting.setting_payment_policy',
  returnPolicyId: 'crosslisting.setting_returns_policy',
  merchantLocationKey: 'crosslisting.setting_item_location',
  shippingProfileId: 'crosslisting.setting_shipping_profile',
  readinessStateId: 'crosslisting.setting_processing_time',
  locationId: 'crosslisting.setting_location',
  manufacturerName: 'crosslisting.setting_manufacturer_name',
  manufacturerAddress: 'crosslisting.setting_manufacturer_address',
  manufacturerCity: 'crosslisting.setting_manufacturer_city',
  manufacturerPostalCode: 'crosslisting.setting_manufacturer_postal_code',
  manufacturerCountry: 'crosslisting.setting_manufacturer_country',
  manufacturerEmail: 'crosslisting.setting_manufacturer_email',
  responsiblePersonName: 'crosslisting.setting_responsible_name',
  responsiblePersonAddress: 'crosslisting.setting_responsible_address',
  responsiblePersonCity: 'crosslisting.setting_responsible_city',
  responsiblePersonPostalCode: 'crosslisting.setting_responsible_postal_code',
  responsiblePersonCountry: 'crosslisting.setting_responsible_country',
  responsiblePersonEmail: 'crosslisting.setting_responsible_email',
};

export function settingLabel(name: string, t: TFunction): string {
  const key = Object.hasOwn(SETTING_LABEL_KEYS, name) ? SETTING_LABEL_KEYS[name] : undefined;
  return key ? t(key) : name;
}

const STATUS_KEYS: Record<PublicationStatus, string> = {
  queued: 'crosslisting.status_queued',
  publishing: 'crosslisting.status_publishing',
  live: 'crosslisting.status_live',
  failed: 'crosslisting.status_failed',
  ending: 'crosslisting.status_ending',
  ended: 'crosslisting.status_ended',
  sold: 'crosslisting.status_sold',
};

export function statusText(status: PublicationStatus, t: TFunction): string {
  return t(STATUS_KEYS[status]);
}

/** Why a copy failed: our words for the code, then the marketplace's own, which may say more. */
export function publicationErrorText(publication: Publication, t: TFunction): string | null {
  if (!publication.error) return null;
  const { code, message } = publication.error;
  const ours = t(`errors.${code}`, ERROR_PARAMS[code]);
  if (message.trim() === '') return ours;
  const said = t('crosslisting.marketplace_said', {
    marketplace: MARKETPLACE_NAMES[publication.marketplace],
    message,
  });
  return `${ours} ${said}`;
}

const ACTIVITY_KEYS: Record<ActivityKind, string> = {
  publish_requested: 'crosslisting.activity_publish_requested',
  published: 'crosslisting.activity_published',
  publish_failed: 'crosslisting.activity_publish_failed',
  sold: 'crosslisting.activity_sold',
  ended: 'crosslisting.activity_ended',
  end_failed: 'crosslisting.activity_end_failed',
  updated: 'crosslisting.activity_updated',
  update_failed: 'crosslisting.activity_update_failed',
  listed: 'crosslisting.activity_listed',
  end_by_hand: 'crosslisting.activity_end_by_hand',
};

/** One event in words: 'Live on eBay', 'Sold elsewhere', 'Sold out: end it on Vinted yourself'. */
export function activityText(activity: Activity, t: TFunction): string {
  if (activity.kind === 'sold' && activity.marketplace === null)
    return t('crosslisting.activity_sold_elsewhere');
  const marketplace =
    activity.marketplace === null
      ? t('crosslisting.every_marketplace')
      : MARKETPLACE_NAMES[activity.marketplace];
  return t(ACTIVITY_KEYS[activity.kind], { marketplace });
}

/** When an event happened, as the seller's language writes a date and time. */
export function formatWhen(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
