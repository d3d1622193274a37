// The start-up warning about the configured Shopify API version: twelve months of support from each quarterly
// release, and nothing older than what the adapter's operations need.
import { describe, expect, it } from 'vitest';
import { apiVersionWarning, supportEndsAt } from './shopify-api-version';

describe('Shopify API version support', () => {
  it('supports a quarterly release for twelve months from its release', () => {
    expect(supportEndsAt('2026-10')?.toISOString()).toBe('2027-10-01T00:00:00.000Z');
    expect(supportEndsAt('2025-07')?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('says nothing about a supported version', () => {
    expect(apiVersionWarning('2026-10', new Date('2026-11-28T00:00:00Z'))).toBeNull();
    expect(apiVersionWarning('2026-04', new Date('2027-03-31T23:59:59Z'))).toBeNull();
  });

  it('warns once a version is out of support', () => {
    expect(apiVersionWarning('2026-04', new Date('2027-04-01T00:00:00Z'))).toContain(
      "out of Shopify's support since 2027-04-01",
    );
  });

  it('warns about a version older than the adapter speaks, even the day it was released', () => {
    expect(apiVersionWarning('2025-07', new Date('2025-07-02T00:00:00Z'))).toContain('older than 2026-01');
  });

  it('warns about what is no stable release', () => {
    expect(supportEndsAt('2026-05')).toBeNull();
    expect(apiVersionWarning('unstable', new Date('2026-11-28T00:00:00Z'))).toContain('not a stable');
  });
});
