// A Snaplist listing as a Shopify product: the seller's text as HTML, the size as the product's one option (so the
// storefront shows it where buyers look), brand as vendor, the price as Shopify's decimal Money string, and a handle
// fixed by the listing's SKU, so a retry that lost the answer to productSet can look the product up by handle
// (direct, unlike search, which Shopify indexes later). The category is chosen in shopify-taxonomy.ts.
import crypto from 'node:crypto';
import { formatMoneyInput, type Language, TITLE_LIMITS } from '@snaplist/contract';
import type { PublishableListing } from '../marketplace-adapter';

export const SHOPIFY_TITLE_LIMIT = TITLE_LIMITS.shopify;

/** The option buyers choose by, named in the listing's language; "Title" is Shopify's name when there is none. */
const SIZE_OPTION: Record<Language, string> = { en: 'Size', fr: 'Taille', de: 'Größe', pl: 'Rozmiar' };
const NO_OPTION = { name: 'Title', value: 'Default Title' };

export function productOption(listing: PublishableListing): { name: string; value: string } {
  const size = listing.size?.trim();
  if (!size) return NO_OPTION;
  return { name: SIZE_OPTION[listing.language], value: size };
}

const HANDLE_WORDS_LENGTH = 60;

/** `levis-501-jeans-w32-1a2b3c4d`: readable words from the title, then 8 hex characters of the SKU's hash. */
export function productHandle(listing: PublishableListing): string {
  const suffix = crypto.createHash('sha256').update(listing.sku).digest('hex').slice(0, 8);
  const words = handleWords(listing.title);
  return words ? `${words}-${suffix}` : `item-${suffix}`;
}

/** The title's words, cut at a word boundary to keep the address short. */
function handleWords(title: string): string {
  const words = slug(title);
  if (words.length <= HANDLE_WORDS_LENGTH) return words;
  const cut = words.slice(0, HANDLE_WORDS_LENGTH + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : words.slice(0, HANDLE_WORDS_LENGTH)).replace(/-+$/, '');
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The seller's plain text as HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function descriptionHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Minor units to Shopify's Money: 1250 → "12.50". */
export function shopifyMoney(minor: number): string {
  return formatMoneyInput(minor);
}

/** Shopify keeps tags of at most 255 characters; duplicates (any case) are one tag. */
export function productTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((tag) => tag.trim().slice(0, 255))
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (tag === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function photoFilename(listing: PublishableListing, index: number, mimeType: string): string {
  const extension = mimeType === 'image/png' ? 'png' : mimeType === 'image/webp' ? 'webp' : 'jpg';
  return `${productHandle(listing)}-${index + 1}.${extension}`;
}
