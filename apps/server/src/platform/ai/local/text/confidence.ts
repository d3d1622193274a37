// Where a reading's confidence decides what the listing does with it (decision 015). A brand or size read
// at STATE_CONFIDENCE or above is stated; between SUGGEST_CONFIDENCE and that line it is only offered to the
// seller as a question ("Is this Zara?"), never written into the title, tags or description; below, dropped.

/**
 * Stated from here. Set so an exact long brand name or a size with its own size word or system, read from
 * any legible label, is stated, while a short or ordinary-word name, a near-miss or a bare size letter is
 * stated only from a clean, confidently read label.
 */
export const STATE_CONFIDENCE = 0.75;
/** Offered to the seller from here; weaker readings are mostly texture and would only be noise to them. */
export const SUGGEST_CONFIDENCE = 0.5;
