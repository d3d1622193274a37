import { beforeAll, describe, expect, it } from 'vitest';
import { createProUser, createUsage, createUser } from '@/testing/factories';
import { allowanceOf, allowanceText, isOutOfAiListings, mayGenerate, shareUsed } from './allowance';
import { i18n, loadAllTranslations } from './i18n';

beforeAll(async () => {
  await loadAllTranslations();
});

describe('allowanceOf', () => {
  it('gives free access unlimited AI listings, whatever the counts', () => {
    const allowance = allowanceOf(
      createUser({ freeAccess: true, usage: createUsage({ aiListingsUsed: 500 }) }),
    );
    expect(allowance).toEqual({ kind: 'unlimited' });
    expect(isOutOfAiListings(allowance)).toBe(false);
  });

  it('without a plan: the free AI listings left, out at zero', () => {
    expect(allowanceOf(createUser({ usage: createUsage({ freeAiListingsLeft: 2 }) }))).toEqual({
      kind: 'free',
      left: 2,
    });
    const out = allowanceOf(
      createUser({ canGenerate: false, usage: createUsage({ freeAiListingsLeft: 0 }) }),
    );
    expect(isOutOfAiListings(out)).toBe(true);
  });

  it('on a plan: what is left of the month, the free allowance not shown beside it', () => {
    const allowance = allowanceOf(
      createProUser({ aiListingsUsed: 1, aiListingsLimit: 100, freeAiListingsLeft: 0 }),
    );
    expect(allowance).toEqual({ kind: 'plan', left: 99, limit: 100 });
    expect(isOutOfAiListings(allowance)).toBe(false);
    expect(shareUsed({ kind: 'plan', left: 99, limit: 100 })).toBeCloseTo(0.01);
  });

  it('on a plan: free AI listings the server spends first keep the seller from being out, never past the plan size', () => {
    const fresh = allowanceOf(
      createProUser({ aiListingsUsed: 0, aiListingsLimit: 100, freeAiListingsLeft: 2 }),
    );
    expect(fresh).toEqual({ kind: 'plan', left: 100, limit: 100 });
    const monthGone = allowanceOf(
      createProUser({ aiListingsUsed: 100, aiListingsLimit: 100, freeAiListingsLeft: 1 }),
    );
    expect(monthGone).toEqual({ kind: 'plan', left: 1, limit: 100 });
  });

  it('on a plan with the month used up: out', () => {
    const allowance = allowanceOf(
      createUser({
        planData: { plan: 'standard_monthly', status: 'active' },
        canGenerate: false,
        usage: createUsage({ aiListingsUsed: 5, aiListingsLimit: 5, freeAiListingsLeft: 0 }),
      }),
    );
    expect(allowance).toEqual({ kind: 'plan', left: 0, limit: 5 });
    expect(isOutOfAiListings(allowance)).toBe(true);
    expect(shareUsed({ kind: 'plan', left: 0, limit: 5 })).toBe(1);
  });

  it("takes the server's canGenerate as the last word on being out", () => {
    const allowance = allowanceOf(
      createUser({ canGenerate: false, usage: createUsage({ freeAiListingsLeft: 3 }) }),
    );
    expect(isOutOfAiListings(allowance)).toBe(true);
  });
});

describe('allowanceText', () => {
  it.each([
    ['en', '99 of 100 AI listings left this month.', '1 free AI listing left.', '2 free AI listings left.'],
    [
      'fr',
      'Il vous reste 99 annonces IA sur 100 ce mois-ci.',
      '1 annonce IA gratuite restante.',
      '2 annonces IA gratuites restantes.',
    ],
    [
      'de',
      'Noch 99 von 100 KI-Inseraten in diesem Monat übrig.',
      'Noch 1 kostenloses KI-Inserat übrig.',
      'Noch 2 kostenlose KI-Inserate übrig.',
    ],
    [
      'pl',
      'Zostało 99 z 100 ogłoszeń AI na ten miesiąc.',
      'Zostało 1 darmowe ogłoszenie AI.',
      'Zostały 2 darmowe ogłoszenia AI.',
    ],
  ])('words each kind in %s', async (language, planLeft, oneFree, twoFree) => {
    await i18n.loadLanguages(language);
    const t = i18n.getFixedT(language);
    expect(allowanceText({ kind: 'plan', left: 99, limit: 100 }, t)).toBe(planLeft);
    expect(allowanceText({ kind: 'free', left: 1 }, t)).toBe(oneFree);
    expect(allowanceText({ kind: 'free', left: 2 }, t)).toBe(twoFree);
  });

  it('says when nothing is left, and when there is no limit', () => {
    const t = i18n.getFixedT('en');
    expect(allowanceText({ kind: 'plan', left: 0, limit: 5 }, t)).toBe(
      "You have used this month's AI listings. They renew at the start of next month.",
    );
    expect(allowanceText({ kind: 'free', left: 0 }, t)).toBe('You have used all your free AI listings.');
    expect(allowanceText({ kind: 'unlimited' }, t)).toBe(
      'Unlimited AI listings: your account has free access.',
    );
  });
});

describe('mayGenerate', () => {
  it('lets canGenerate or freeAccess generate', () => {
    expect(mayGenerate(createUser({ canGenerate: true, freeAccess: false }))).toBe(true);
    expect(mayGenerate(createUser({ canGenerate: false, freeAccess: true }))).toBe(true);
    expect(mayGenerate(createUser({ canGenerate: false, freeAccess: false }))).toBe(false);
  });
});
