// A valid reply from the vision model, as the engine's tests start from: a label-read brand, no size.
import type { ModelListing } from '../platform/ai/openai/reply-schema';

export function modelReply(overrides: Partial<ModelListing> = {}): ModelListing {
  return {
    title: 'Zara Straight Leg Jeans',
    description: 'Blue straight leg jeans from Zara. Five pockets.',
    tags: ['zara', 'jeans'],
    price: { min: 12, max: 18.5 },
    brand: 'Zara',
    brandReading: { photo: 2, text: 'ZARA' },
    size: null,
    sizeReading: null,
    colours: ['Blue'],
    category: 'Bottoms',
    condition: 'Very good',
    ...overrides,
  };
}
