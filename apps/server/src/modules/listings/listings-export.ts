// The CSV a seller opens in a spreadsheet: UTF-8 with a byte-order mark (so Excel keeps accents), CRLF line
// ends, one row per listing, money as plain decimals, and formula-looking cells defused (docs/decisions/010).
import {
  formatMoneyInput,
  type ListedOn,
  type ListingType,
  MARKETPLACE_NAMES,
  MARKETPLACES,
} from '@snaplist/contract';
import { stringify } from 'csv-stringify/sync';
import type { ListingExportRecord } from './listings.repository';

export interface ExportedListing {
  listing: ListingExportRecord;
  photoCount: number;
  listedOn: ListedOn;
}

type Cell = string | number;

const COLUMNS: ReadonlyArray<{ header: string; cell: (listing: ExportedListing) => Cell }> = [
  { header: 'ID', cell: ({ listing }) => listing.id },
  { header: 'Title', cell: ({ listing }) => listing.title },
  { header: 'Description', cell: ({ listing }) => listing.description },
  { header: 'Price', cell: ({ listing }) => money(listing.price) },
  { header: 'Currency', cell: ({ listing }) => listing.currency },
  { header: 'Category', cell: ({ listing }) => listing.category ?? '' },
  { header: 'Size', cell: ({ listing }) => listing.size ?? '' },
  { header: 'Colours', cell: ({ listing }) => listing.colours.join(', ') },
  { header: 'Brand', cell: ({ listing }) => listing.brand ?? '' },
  { header: 'Condition', cell: ({ listing }) => listing.condition ?? '' },
  { header: 'SKU', cell: ({ listing }) => listing.sku ?? '' },
  { header: 'Cost of goods', cell: ({ listing }) => money(listing.cogs) },
  { header: 'Barcode', cell: ({ listing }) => listing.barcode ?? '' },
  { header: 'Quantity', cell: ({ listing }) => listing.quantity },
  { header: 'Tags', cell: ({ listing }) => listing.tags.join(', ') },
  {
    header: 'Stock status',
    cell: ({ listing }) => (listing.stockStatus === 'ooStock' ? 'Out of stock' : 'In stock'),
  },
  ...MARKETPLACES.map((marketplace) => ({
    header: `${MARKETPLACE_NAMES[marketplace]} URL`,
    cell: ({ listedOn }: ExportedListing) => listedOn[marketplace]?.url ?? '',
  })),
  { header: 'Photos', cell: ({ photoCount }) => photoCount },
  { header: 'Created (UTC)', cell: ({ listing }) => spreadsheetTime(listing.createdAt) },
  { header: 'Updated (UTC)', cell: ({ listing }) => spreadsheetTime(listing.updatedAt) },
];

const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // Cells starting with = + - @, a tab or a carriage return get a leading ' so no spreadsheet runs them.
  escape_formulas: true,
} as const;

export function exportFileName(type: ListingType, now: Date): string {
  return `snaplist-${type}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The CSV text, one chunk per batch of listings: a header (after the BOM) even when there are none. */
export async function* csvChunks(batches: AsyncIterable<ExportedListing[]>): AsyncGenerator<string> {
  yield stringify([COLUMNS.map((column) => column.header)], { ...CSV_OPTIONS, bom: true });
  for await (const batch of batches) {
    yield stringify(
      batch.map((listing) => COLUMNS.map((column) => column.cell(listing))),
      CSV_OPTIONS,
    );
  }
}

function money(minor: number | null): string {
  return minor === null ? '' : formatMoneyInput(minor);
}

/** "2025-03-01 14:05:09": the form spreadsheets read as a date and time, unlike ISO's T and Z. */
function spreadsheetTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}
