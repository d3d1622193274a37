// Why one field of a request was refused, as a closed list of codes (decision 024). A schema's refusal IS its
// code (`{ error: 'title_required' }`), so the server's validation and the browser's form resolver running
// the same schema both yield codes: the web app translates `issues.<code>`, never an English sentence. The
// English below is the `message` the API sends beside each code, for people reading the API.
import {
  MAX_BARCODE_LENGTH,
  MAX_BRAND_LENGTH,
  MAX_COLOURS,
  MAX_DESCRIPTION_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_QUANTITY,
  MAX_SIZE_LENGTH,
  MAX_SKU_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_QUANTITY,
} from '../constants';

/** Refusals any request can get. */
export const REQUEST_ISSUE_CODES = ['invalid_value', 'body_not_object', 'control_characters'] as const;
export const AUTH_ISSUE_CODES = [
  'email_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'email_unchanged',
] as const;
/** Photo upload and generation. */
export const GENERATION_ISSUE_CODES = [
  'no_photos',
  'too_many_images',
  'photo_type',
  'photo_too_large',
  'duplicate_photo_id',
  'duplicate_photo_position',
  'no_generation_option',
  'hint_markup',
  'photo_field_missing',
  'background_colour',
] as const;
/** The inventory form, the listing pages and search. */
export const LISTING_ISSUE_CODES = [
  'photos_required',
  'too_many_photos',
  'duplicate_photo',
  'photo_unavailable',
  'title_required',
  'title_too_long',
  'description_required',
  'description_too_long',
  'price_required',
  'price_invalid',
  'category_required',
  'size_required',
  'size_too_long',
  'colour_required',
  'too_many_colours',
  'colour_repeated',
  'condition_required',
  'brand_too_long',
  'sku_too_long',
  'cogs_invalid',
  'barcode_invalid',
  'currency_invalid',
  'quantity_invalid',
  'too_many_tags',
  'tag_invalid',
  'listing_url_invalid',
  'search_required',
  'cursor_invalid',
] as const;
export const PLAN_ISSUE_CODES = ['plan_unknown'] as const;
/** Connecting a marketplace and publishing to it: what the seller must do first. */
export const CROSSLISTING_ISSUE_CODES = [
  'marketplace_not_connected',
  'marketplace_setting_required',
  'marketplace_setting_invalid',
  'shop_invalid',
  'price_required_to_publish',
  'photo_required_to_publish',
  'category_required_to_publish',
  'condition_required_to_publish',
  'marketplace_title_too_long',
  'etsy_vintage_only',
  'marketplace_aspect_required',
  'marketplace_condition_not_allowed',
  'marketplace_category_not_found',
  'marketplace_currency_mismatch',
  'already_published',
] as const;

export const IssueCodes = [
  ...REQUEST_ISSUE_CODES,
  ...AUTH_ISSUE_CODES,
  ...GENERATION_ISSUE_CODES,
  ...LISTING_ISSUE_CODES,
  ...PLAN_ISSUE_CODES,
  ...CROSSLISTING_ISSUE_CODES,
] as const;
export type IssueCode = (typeof IssueCodes)[number];

export function isIssueCode(value: unknown): value is IssueCode {
  return typeof value === 'string' && (IssueCodes as readonly string[]).includes(value);
}

/** Zod's option for a refusal: its message is the code. `.min(1, refusal('title_required'))`. */
export function refusal(code: IssueCode): { error: IssueCode } {
  return { error: code };
}

/** The English sentence of each code; `{{name}}` is filled from the issue's params. */
export const ISSUE_MESSAGES: Record<IssueCode, string> = {
  invalid_value: 'This value is not valid.',
  body_not_object: 'The request body must be a JSON object.',
  control_characters: "Text can't contain control characters.",
  email_invalid: 'Invalid email address',
  password_required: 'You need to enter a password',
  password_too_short: 'Password must be at least {{min}} characters',
  password_too_long: 'Password must be at most {{max}} characters',
  password_too_common: 'This password is too common and easy to guess: choose a less common one.',
  email_unchanged: 'This is already your email address: enter the new one.',
  no_photos: 'Add at least one photo of the item.',
  too_many_images: 'Maximum {{max}} images allowed',
  photo_type: 'Photos must be JPG, PNG or WebP images.',
  photo_too_large: 'Each photo must be at most {{megabytes}} MB.',
  duplicate_photo_id: 'Each photo needs its own id.',
  duplicate_photo_position: 'Each photo needs its own position.',
  no_generation_option:
    'Please enable at least one generation option (description, tags, title, or suggested price)',
  hint_markup: 'Leave out < and > in the brand and size: they are written into the title as typed.',
  photo_field_missing: 'Send the photo in a form field named "photo".',
  background_colour: 'The background colour must be written #rrggbb, like #ffffff.',
  photos_required: 'Add at least one photo.',
  too_many_photos: 'Maximum {{max}} photos allowed',
  duplicate_photo: 'Each photo can only be added once.',
  photo_unavailable: 'A photo is no longer available. Remove it and add it again.',
  title_required: 'Enter a title.',
  title_too_long: 'Keep the title to {{max}} characters or fewer.',
  description_required: 'Enter a description.',
  description_too_long: 'Keep the description to {{max}} characters or fewer.',
  price_required: 'Enter a price, like 12.50.',
  price_invalid: 'Enter a price between 0.01 and 1000000.',
  category_required: 'Choose a category.',
  size_required: 'Enter a size.',
  size_too_long: 'Keep the size to {{max}} characters or fewer.',
  colour_required: 'Choose a primary colour.',
  too_many_colours: 'Choose at most {{max}} colours.',
  colour_repeated: 'Choose two different colours.',
  condition_required: 'Choose a condition.',
  brand_too_long: 'Keep the brand to {{max}} characters or fewer.',
  sku_too_long: 'Keep the SKU to {{max}} characters or fewer.',
  cogs_invalid: 'Enter a cost of goods of 0 or more, like 4.00.',
  barcode_invalid: 'Use only letters, digits and hyphens in the barcode (at most {{max}}).',
  currency_invalid: 'Choose GBP, USD or EUR.',
  quantity_invalid: 'Enter a quantity from {{min}} to {{max}}.',
  too_many_tags: 'Add at most {{max}} tags.',
  tag_invalid: 'Keep each tag between 1 and {{max}} characters.',
  listing_url_invalid: "Enter the address of this listing on the marketplace's own site.",
  search_required: 'Enter something to search for.',
  cursor_invalid: 'This list has changed since it was loaded. Reload the page.',
  marketplace_not_connected: 'Connect this marketplace in Settings first.',
  marketplace_setting_required: 'Choose this in Settings, under the marketplace, before publishing.',
  marketplace_setting_invalid: 'This choice is no longer offered by the marketplace. Choose again.',
  shop_invalid: 'Enter your shop as name.myshopify.com.',
  price_required_to_publish: 'Set a price before publishing.',
  photo_required_to_publish: 'Add at least one photo before publishing.',
  category_required_to_publish: 'Choose a category before publishing.',
  condition_required_to_publish: 'Choose a condition before publishing.',
  marketplace_title_too_long: 'Keep the title to {{max}} characters for this marketplace.',
  marketplace_aspect_required:
    'This category on {{marketplace}} needs “{{name}}”, which the listing does not say: add it to the listing before publishing.',
  marketplace_condition_not_allowed:
    '{{marketplace}} does not take this condition in this category: choose one of {{allowed}}.',
  marketplace_category_not_found:
    '{{marketplace}} found no category for this item from its title and category: make the title say what the item is.',
  etsy_vintage_only:
    'Etsy takes items made by someone else only when they are vintage (20 years or older): choose the Vintage category.',
  marketplace_currency_mismatch:
    'This marketplace sells in {{currency}}: price the listing in {{currency}} to publish there.',
  already_published: 'This listing is already live there.',
  plan_unknown: 'That plan is not on sale. Choose Standard or Pro.',
};

export type IssueParams = Record<string, number | string>;

/** The fixed limits a code's sentence names, so every language states the same numbers. */
export const ISSUE_PARAMS: Partial<Record<IssueCode, IssueParams>> = {
  password_too_short: { min: MIN_PASSWORD_LENGTH },
  password_too_long: { max: MAX_PASSWORD_LENGTH },
  too_many_images: { max: MAX_PHOTOS },
  photo_too_large: { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
  too_many_photos: { max: MAX_PHOTOS },
  title_too_long: { max: MAX_TITLE_LENGTH },
  description_too_long: { max: MAX_DESCRIPTION_LENGTH },
  size_too_long: { max: MAX_SIZE_LENGTH },
  too_many_colours: { max: MAX_COLOURS },
  brand_too_long: { max: MAX_BRAND_LENGTH },
  sku_too_long: { max: MAX_SKU_LENGTH },
  barcode_invalid: { max: MAX_BARCODE_LENGTH },
  quantity_invalid: { min: MIN_QUANTITY, max: MAX_QUANTITY },
  too_many_tags: { max: MAX_TAGS },
  tag_invalid: { max: MAX_TAG_LENGTH },
};

/** Codes whose values differ per issue (the marketplace's own limit or currency): each issue must bring them. */
export const ISSUE_PARAMS_GIVEN_PER_ISSUE: Partial<Record<IssueCode, readonly string[]>> = {
  marketplace_title_too_long: ['max'],
  marketplace_currency_mismatch: ['currency'],
  marketplace_aspect_required: ['marketplace', 'name'],
  marketplace_condition_not_allowed: ['marketplace', 'allowed'],
  marketplace_category_not_found: ['marketplace'],
};

/** The English sentence of a code with its fixed limits and `params` filled in. */
export function issueMessage(code: IssueCode, params: IssueParams = {}): string {
  const values: IssueParams = { ...ISSUE_PARAMS[code], ...params };
  return ISSUE_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    String(values[name] ?? placeholder),
  );
}
