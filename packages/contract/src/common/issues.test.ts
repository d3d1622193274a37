import { describe, expect, it } from 'vitest';
import { SignupRequestSchema } from '../auth';
import { MAX_TITLE_LENGTH, MIN_PASSWORD_LENGTH } from '../constants';
import { CreateGenerationRequestSchema } from '../generation';
import { ListingInputSchema } from '../listings';
import { fieldIssue } from './errors';
import { ISSUE_PARAMS_GIVEN_PER_ISSUE, IssueCodes, isIssueCode, issueMessage } from './issues';

const codesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('issue codes', () => {
  it.each(IssueCodes)('%s has an English sentence with every placeholder filled', (code) => {
    const given = Object.fromEntries((ISSUE_PARAMS_GIVEN_PER_ISSUE[code] ?? []).map((name) => [name, 'x']));
    expect(issueMessage(code, given)).not.toMatch(/\{\{|\}\}/);
  });

  it('names the limits in the sentence and in the params', () => {
    expect(fieldIssue('title', 'title_too_long')).toEqual({
      field: 'title',
      code: 'title_too_long',
      message: `Keep the title to ${MAX_TITLE_LENGTH} characters or fewer.`,
      params: { max: MAX_TITLE_LENGTH },
    });
    expect(fieldIssue('title', 'title_required')).toEqual({
      field: 'title',
      code: 'title_required',
      message: 'Enter a title.',
    });
  });

  it("are the contract schemas' refusals, so a browser running them gets codes too", () => {
    const signup = SignupRequestSchema.safeParse({ email: 'nope', password: 'short' });
    expect(codesOf(signup)).toEqual(['email_invalid', 'password_too_short']);
    expect(issueMessage('password_too_short')).toBe(
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    );

    const listing = ListingInputSchema.safeParse({
      photos: [],
      title: 'x'.repeat(MAX_TITLE_LENGTH + 1),
      listedOn: { vinted: { url: 'https://www.ebay.com/itm/1' } },
    });
    const listingCodes = codesOf(listing);
    expect(listingCodes).toEqual(
      expect.arrayContaining(['photos_required', 'title_too_long', 'listing_url_invalid', 'price_required']),
    );
    expect(listingCodes.every(isIssueCode)).toBe(true);

    const generation = CreateGenerationRequestSchema.safeParse({
      listingData: {
        photos: [],
        generationSettings: {
          brand: '<b>',
          title: false,
          description: false,
          tags: false,
          suggestedPrice: false,
        },
      },
    });
    expect(codesOf(generation).sort()).toEqual(['hint_markup', 'no_generation_option', 'no_photos']);
  });
});
