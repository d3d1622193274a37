// Test data factories shared by the web tests: a valid object by default, overrides for what a test is about.
import {
  EXTENSION_MESSAGE_SOURCES,
  type ExtensionToWebMessage,
  type Listing,
  type ListingSummary,
  type User,
} from '@snaplist/contract';

export function createUser(overrides: Partial<User> = {}): User {
  return {
    email: 'seller@example.com',
    emailVerified: true,
    hasPassword: true,
    linkedProviders: [],
    isNewUser: false,
    hasSeenOnboarding: true,
    planData: { plan: null, status: null },
    canGenerate: true,
    freeAccess: false,
    usage: createUsage(),
    ...overrides,
  };
}

/** A seller on the Pro plan, with these AI listing counts. */
export function createProUser(usage: Partial<User['usage']>): User {
  return createUser({ planData: { plan: 'pro_monthly', status: 'active' }, usage: createUsage(usage) });
}

export function createUsage(overrides: Partial<User['usage']> = {}): User['usage'] {
  return { month: '2025-01', aiListingsUsed: 0, aiListingsLimit: null, freeAiListingsLeft: 3, ...overrides };
}

/** The extension's answer to the web app: installed, signed in as the seller. */
export function createExtensionStatus(overrides: Partial<ExtensionToWebMessage> = {}): ExtensionToWebMessage {
  return {
    source: EXTENSION_MESSAGE_SOURCES.extension,
    type: 'status',
    version: '1.2.0',
    signedIn: true,
    email: 'seller@example.com',
    ...overrides,
  };
}

export function createGeneratedListing(overrides: Partial<Listing> = {}): Listing {
  return {
    listingId: 'listing-1',
    source: 'generated',
    sourceListingId: null,
    title: 'Levi’s 501 straight jeans, W32 L30, blue',
    description: 'Classic Levi’s 501 jeans in mid-blue denim. Straight leg, button fly. Size W32 L30.',
    tags: ['levis', '501', 'denim', 'jeans', 'straight leg'],
    suggestedPriceRange: { currency: 'GBP', min: 1200, max: 1800 },
    price: null,
    currency: 'GBP',
    photos: [
      { id: 'photo-1', url: '/photos/1.png', thumbnailUrl: '/photos/1-thumb.png', width: 800, height: 1000 },
      { id: 'photo-2', url: '/photos/2.png', thumbnailUrl: '/photos/2-thumb.png', width: 800, height: 1000 },
    ],
    brand: 'Levi’s',
    size: 'W32 L30',
    colours: ['Blue'],
    category: 'Bottoms',
    condition: 'Very good',
    composition: [
      { fibre: 'cotton', percent: 99 },
      { fibre: 'elastane', percent: 1 },
    ],
    sku: null,
    cogs: null,
    barcode: null,
    quantity: 1,
    stockStatus: 'inStock',
    listedOn: {},
    evidence: {
      brand: [{ source: 'label_text', photo: 2, text: 'LEVI STRAUSS & CO', rule: 'brand.fuzzy_match' }],
      size: [{ source: 'seller_hint', text: 'W32 L30', rule: 'size.hint' }],
      colours: [{ source: 'colour_analysis', photo: 1, rule: 'colour.dominant' }],
      price: [{ source: 'price_table', rule: 'price.category_brand' }],
    },
    suggestions: [],
    variants: {
      ebay: {
        title: 'Levi’s 501 Jeans W32 L30 Blue',
        description: 'Levi’s 501 jeans.',
        tags: ['levis', 'jeans'],
      },
      depop: { title: 'Levi’s 501 jeans', description: 'Straight leg 501s.', tags: ['levis', 'y2k'] },
    },
    language: 'en',
    engine: 'local',
    engineModel: null,
    engineFallback: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function createListingSummary(overrides: Partial<ListingSummary> = {}): ListingSummary {
  return {
    listingId: 'listing-1',
    source: 'generated',
    title: 'Levi’s 501 straight jeans, W32 L30, blue',
    brand: 'Levi’s',
    size: 'W32 L30',
    sku: null,
    price: null,
    suggestedPriceRange: { currency: 'GBP', min: 1200, max: 1800 },
    currency: 'GBP',
    quantity: 1,
    stockStatus: 'inStock',
    listedOn: {},
    thumbnailUrl: '/photos/1-thumb.png',
    photoCount: 2,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
