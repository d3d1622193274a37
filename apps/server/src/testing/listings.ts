// Listings for tests, journeys and benchmarks. createInventoryListing goes through the public API, as a
// seller would; seedListings writes rows straight into the database through the listings repository, for
// the hundreds of thousands a paging test or a benchmark needs.
import crypto from 'node:crypto';
import {
  type Currency,
  type Evidence,
  type FieldSuggestion,
  GenerationSettingsSchema,
  type Language,
  type Listing,
  type ListingCondition,
  type ListingInput,
  ListingInputSchema,
  type ListingSource,
  marketplaceVariants,
  type ValidListingInput,
} from '@snaplist/contract';
import type { Db } from '../db/database';
import { openDatabase } from '../db/open-database';
import { inventoryListingRecord } from '../modules/listings/listing-records';
import { type ListingRecord, ListingsRepository } from '../modules/listings/listings.repository';
import { type PhotoRow, PhotosRepository } from '../modules/photos/photos.repository';
import { UsersRepository } from '../modules/users/users.repository';
import { type ItemFacts, listingFieldsOf } from '../platform/ai/local/facts';
import { type WrittenParts, writeListing } from '../platform/ai/local/text/writer/write-listing';
import { writerInputOf } from '../platform/ai/local/text/writer/writer-input';
import type { TestUser } from './factories';
import { uploadTestPhoto } from './photos';

/** A complete, valid listing form; photos must still be given (ids of uploaded photos). */
export function listingInput(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    photos: [],
    title: "Levi's 501 blue denim jeans",
    description: 'Straight leg, button fly. Worn a few times.',
    price: 2450,
    category: 'Bottoms',
    size: 'W32 L34',
    colours: ['Blue'],
    brand: "Levi's",
    condition: 'Very good',
    sku: null,
    cogs: null,
    barcode: null,
    currency: 'GBP',
    quantity: 1,
    tags: ['denim', 'jeans'],
    stockStatus: 'inStock',
    listedOn: {},
    ...overrides,
  };
}

/**
 * An inventory listing made through POST /api/photos/upload and POST /api/listings. Without `photos` in
 * the overrides, one freshly generated photo is uploaded for it. Creating listings needs an active plan, and
 * this does not buy one behind the test's back: make the seller with `createUser(baseUrl, { plan })`.
 */
export async function createInventoryListing(
  baseUrl: string,
  user: TestUser,
  overrides: Partial<ListingInput> = {},
): Promise<Listing> {
  const photos = overrides.photos ?? [(await uploadTestPhoto(baseUrl, user)).id];
  const response = await fetch(`${baseUrl}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify(listingInput({ ...overrides, photos })),
  });
  if (response.status !== 201) {
    throw new Error(`createInventoryListing: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Listing;
}

export interface SeedListingsOptions {
  count: number;
  source?: ListingSource;
  /** When each listing was made; by default one second apart, the first the newest. */
  createdAt?: (index: number) => Date;
  /** The form values of each listing; by default a varied title, brand, colour and SKU. */
  input?: (index: number) => Partial<ValidListingInput>;
  /**
   * Give each listing a photo row (rows only, no stored file: the URLs are signed but lead nowhere), so lists
   * and exports do their real photo queries.
   */
  withPhoto?: boolean;
}

/** Rows per transaction while seeding: large enough to be fast, small enough to keep memory flat. */
const SEED_BATCH = 5000;

const BRANDS = ["Levi's", 'Zara', 'Nike', 'H&M', 'Mango', 'Reserved', 'Adidas', 'Łódź Vintage'];
const NOUNS = ['jeans', 'coat', 'dress', 'shirt', 'boots', 'jumper', 'skirt', 'jacket', 'trainers', 'bag'];
const COLOURS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey', 'Navy', 'Beige'] as const;

/** Inserts `count` listings for an owner straight into the database; answers their ids by index. */
export async function seedListings(db: Db, ownerId: string, options: SeedListingsOptions): Promise<string[]> {
  const base = ListingInputSchema.parse(listingInput({ photos: ['seed'] }));
  const started = Date.now();
  const createdAt = options.createdAt ?? ((index: number) => new Date(started - index * 1000));
  const ids: string[] = [];
  for (let start = 0; start < options.count; start += SEED_BATCH) {
    const listings: ListingRecord[] = [];
    const photos: PhotoRow[] = [];
    for (let index = start; index < Math.min(options.count, start + SEED_BATCH); index++) {
      const id = crypto.randomUUID();
      const at = createdAt(index).toISOString();
      const input: ValidListingInput = { ...base, ...variedInput(index), ...options.input?.(index) };
      listings.push(seedRecord(id, ownerId, input, options.source ?? 'inventory', at));
      if (options.withPhoto) photos.push(seedPhotoRow(id, ownerId, at));
      ids.push(id);
    }
    await db.transaction().execute(async (trx) => {
      await new ListingsRepository(trx).insertMany(listings);
      const photoRows = new PhotosRepository(trx);
      for (let chunk = 0; chunk < photos.length; chunk += 500) {
        await photoRows.insert(photos.slice(chunk, chunk + 500));
      }
    });
  }
  return ids;
}

/**
 * seedListings for a server running in another process (the benchmark): opens its database (the SQLite file
 * in its DATA_DIR, or its DATABASE_URL when it runs on PostgreSQL), finds the seller by e-mail, seeds, and
 * closes it again.
 */
export async function seedListingsInDataDir(
  dataDir: string,
  email: string,
  options: SeedListingsOptions,
  databaseUrl?: string,
): Promise<string[]> {
  const { db } = await openDatabase({ dataDir, databaseUrl });
  try {
    const owner = await new UsersRepository(db).findByEmail(email);
    if (!owner) throw new Error(`seedListingsInDataDir: no user ${email}`);
    return await seedListings(db, owner.id, options);
  } finally {
    await db.destroy();
  }
}

/** What the engine writes that a listing form never sets: the questions for the seller above all. */
export interface EngineWrittenFields {
  title?: string;
  brand?: string | null;
  size?: string | null;
  condition?: ListingCondition | null;
  evidence?: Evidence;
  suggestions?: FieldSuggestion[];
  language?: Language;
}

/** Who owns a listing: the repository reads and writes a listing only on its owner's behalf. */
async function ownerOf(db: Db, listingId: string): Promise<string> {
  const { owner_id: ownerId } = await db
    .selectFrom('listings')
    .select('owner_id')
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  return ownerId;
}

/**
 * Makes a listing (one made through the API, with real photos) into a generated listing as the local engine
 * would have written it, with the given fields: journeys and route tests get a pending suggestion or a
 * seller's "Used" without depending on what OCR happens to read. Marketplace variants and search text follow.
 */
export async function writeAsGenerated(
  db: Db,
  listingId: string,
  fields: EngineWrittenFields,
): Promise<void> {
  const ownerId = await ownerOf(db, listingId);
  const listings = new ListingsRepository(db);
  const current = await listings.findOwned(listingId, ownerId);
  if (!current) throw new Error(`writeAsGenerated: no listing ${listingId}`);
  const title = fields.title ?? current.title;
  const { description, tags } = current;
  await listings.updateOwned(listingId, ownerId, {
    source: 'generated',
    title,
    description,
    tags,
    brand: fields.brand === undefined ? current.brand : fields.brand,
    size: fields.size === undefined ? current.size : fields.size,
    condition: fields.condition === undefined ? current.condition : fields.condition,
    evidence: fields.evidence ?? {},
    suggestions: fields.suggestions ?? [],
    language: fields.language ?? current.language,
    engine: 'local',
    price: null,
    priceMin: current.price,
    priceMax: current.price === null ? null : current.price * 2,
    sku: null,
    cogs: null,
    barcode: null,
    variants: marketplaceVariants({ title, description, tags }),
  });
}

/** The facts a local writer's listing is written from, with the questions it leaves for the seller. */
export interface LocallyWritten {
  facts: ItemFacts;
  language?: Language;
  currency?: Currency;
  parts?: WrittenParts;
}

/**
 * Makes a listing (one made through the API, with real photos) into one the local engine wrote from `facts`, as
 * a generation leaves it: the writer's own title, description, tags, price range and marketplace versions, the
 * facts' values and evidence, the open questions (`facts.suggestions`), and the writer's input kept with it.
 * Route tests get text that follows from known facts without depending on what OCR happens to read.
 */
export async function writeAsLocallyWritten(
  db: Db,
  listingId: string,
  { facts, language = 'en', currency = 'GBP', parts = GenerationSettingsSchema.parse({}) }: LocallyWritten,
): Promise<void> {
  const ownerId = await ownerOf(db, listingId);
  const written = writeListing(facts, parts, language, currency);
  await new ListingsRepository(db).updateOwned(listingId, ownerId, {
    source: 'generated',
    title: written.title,
    description: written.description,
    tags: written.tags,
    ...listingFieldsOf(facts),
    evidence: {
      ...written.evidence,
      ...(facts.brand === null ? {} : { brand: facts.brand.evidence }),
      ...(facts.size === null ? {} : { size: facts.size.evidence }),
      colours: facts.colours.evidence,
    },
    suggestions: facts.suggestions,
    variants: written.variants,
    writerInput: writerInputOf(facts, parts),
    language,
    currency,
    engine: 'local',
    price: null,
    priceMin: written.suggestedPriceRange?.min ?? null,
    priceMax: written.suggestedPriceRange?.max ?? null,
    sku: null,
    cogs: null,
    barcode: null,
  });
}

/** writeAsGenerated for a server running in another process (a journey): opens its database and closes it. */
export async function writeAsGeneratedInDataDir(
  dataDir: string,
  listingId: string,
  fields: EngineWrittenFields,
  databaseUrl?: string,
): Promise<void> {
  const { db } = await openDatabase({ dataDir, databaseUrl });
  try {
    await writeAsGenerated(db, listingId, fields);
  } finally {
    await db.destroy();
  }
}

function variedInput(index: number): Partial<ValidListingInput> {
  const brand = BRANDS[index % BRANDS.length] as string;
  const noun = NOUNS[Math.floor(index / BRANDS.length) % NOUNS.length] as string;
  const colour = COLOURS[index % COLOURS.length] as (typeof COLOURS)[number];
  return {
    title: `${brand} ${colour.toLowerCase()} ${noun} no. ${index}`,
    brand,
    colours: [colour],
    sku: `SKU-${String(index).padStart(6, '0')}`,
    price: 500 + (index % 200) * 25,
    tags: [noun, colour.toLowerCase()],
  };
}

function seedRecord(
  id: string,
  ownerId: string,
  input: ValidListingInput,
  source: ListingSource,
  at: string,
): ListingRecord {
  const record = inventoryListingRecord(id, ownerId, input, null, at);
  if (source === 'inventory') return record;
  // A generated listing: the engine's text with a suggested range, no price, SKU or stock figures of its own.
  return {
    ...record,
    source: 'generated',
    price: null,
    priceMin: input.price,
    priceMax: input.price * 2,
    sku: null,
    cogs: null,
    barcode: null,
    quantity: 1,
    engine: 'local',
  };
}

function seedPhotoRow(listingId: string, ownerId: string, at: string): PhotoRow {
  const id = crypto.randomUUID();
  return {
    id,
    owner_id: ownerId,
    generation_id: null,
    listing_id: listingId,
    client_id: null,
    position: 0,
    declared_type: null,
    declared_bytes: null,
    upload_key: null,
    storage_key: `photos/${id}.jpg`,
    thumbnail_key: `photos/${id}.thumb.webp`,
    mime: 'image/jpeg',
    bytes: null,
    width: 320,
    height: 240,
    sha256: null,
    status: 'ready',
    created_at: at,
  };
}
