// The CSV a seller opens in a spreadsheet: UTF-8 with a byte-order mark (so Excel keeps accents), CRLF line
// ends, one row per listing, money as plain decimals, and formula-looking cells defused (docs/decisions/010).
import {
  type Colour,
  formatMoneyInput,
  type ListedOn,
  type ListingType,
  MARKETPLACE_NAMES,
  MARKETPLACES,
} from '@snaplist/contract';
import { stringify } from 'csv-stringify/sync';
import type { ListingExportRow } from './listings.repository';

export interface ExportedListing {
  row: ListingExportRow;
  photoCount: number;
  listedOn: ListedOn;
}

type Cell = string | number;

const COLUMNS: ReadonlyArray<{ header: string; cell: (listing: ExportedListing) => Cell }> = [
  { header: 'ID', cell: ({ row }) => row.id },
  { header: 'Title', cell: ({ row }) => row.title },
  { header: 'Description', cell: ({ row }) => row.description },
  { header: 'Price', cell: ({ row }) => money(row.price) },
  { header: 'Currency', cell: ({ row }) => row.currency },
  { header: 'Category', cell: ({ row }) => row.category ?? '' },
  { header: 'Size', cell: ({ row }) => row.size ?? '' },
  { header: 'Colours', cell: ({ row }) => (JSON.parse(row.colours) as Colour[]).join(', ') },
  { header: 'Brand', cell: ({ row }) => row.brand ?? '' },
  { header: 'Condition', cell: ({ row }) => row.condition ?? '' },
  { header: 'SKU', cell: ({ row }) => row.sku ?? '' },
  { header: 'Cost of goods', cell: ({ row }) => money(row.cogs) },
  { header: 'Barcode', cell: ({ row }) => row.barcode ?? '' },
  { header: 'Quantity', cell: ({ row }) => row.quantity },
  { header: 'Tags', cell: ({ row }) => (JSON.parse(row.tags) as string[]).join(', ') },
  {
    header: 'Stock status',
    cell: ({ row }) => (row.stock_status === 'ooStock' ? 'Out of stock' : 'In stock'),
  },
  ...MARKETPLACES.map((marketplace) => ({
    header: `${MARKETPLACE_NAMES[marketplace]} URL`,
    cell: ({ listedOn }: ExportedListing) => listedOn[marketplace]?.url ?? '',
  })),
  { header: 'Photos', cell: ({ photoCount }) => photoCount },
  { header: 'Created (UTC)', cell: ({ row }) => spreadsheetTime(row.created_at) },
  { header: 'Updated (UTC)', cell: ({ row }) => spreadsheetTime(row.updated_at) },
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
