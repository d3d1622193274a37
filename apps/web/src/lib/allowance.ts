// What a seller has left of their AI listings, and the one way to say it (docs/decisions/021). The dashboard's
// usage card, the plans view, the paywall's heading and the line by the Upload button all read it from here,
// so no two of them can disagree. It reads only the server's `usage` answer, which already knows the plan.
import type { User } from '@snaplist/contract';
import type { TFunction } from 'i18next';

export type Allowance =
  /** Free access: counted, never stopped. */
  | { kind: 'unlimited' }
  /** An active plan: what is left of this month's AI listings. */
  | { kind: 'plan'; left: number; limit: number }
  /** No plan: what is left of the one-off free AI listings. */
  | { kind: 'free'; left: number };

export function allowanceOf(user: User): Allowance {
  if (user.freeAccess) return { kind: 'unlimited' };
  const { aiListingsUsed, aiListingsLimit, freeAiListingsLeft } = user.usage;
  // canGenerate is the server's last word: when it says no, nothing is left, whatever the counts suggest.
  const orNothing = (left: number) => (user.canGenerate ? left : 0);
  // The server sends a monthly limit only for an active plan it sells.
  if (aiListingsLimit === null) return { kind: 'free', left: orNothing(freeAiListingsLeft) };
  // The server spends a plan holder's unused free AI listings before the month's, so they are left too (and
  // the seller is not out while any remain); capped at the plan's size so the line never reads "102 of 100".
  const monthLeft = Math.max(0, aiListingsLimit - aiListingsUsed);
  const left = Math.min(aiListingsLimit, monthLeft + freeAiListingsLeft);
  return { kind: 'plan', left: orNothing(left), limit: aiListingsLimit };
}

/** Generating needs canGenerate or freeAccess. */
export function mayGenerate(user: User): boolean {
  return user.canGenerate || user.freeAccess;
}

/** Whether the seller has no AI listing left to generate with: the only time to say they are out. */
export function isOutOfAiListings(allowance: Allowance): boolean {
  return allowance.kind !== 'unlimited' && allowance.left === 0;
}

/** The share of the plan's month already used, 0 to 1, for a picture of it. */
export function shareUsed(allowance: Extract<Allowance, { kind: 'plan' }>): number {
  return allowance.limit > 0 ? 1 - allowance.left / allowance.limit : 1;
}

/** One sentence: unlimited; 'N of M AI listings left this month' or used up; 'N free AI listings left' or used up. */
export function allowanceText(allowance: Allowance, t: TFunction): string {
  switch (allowance.kind) {
    case 'unlimited':
      return t('allowance.unlimited');
    case 'plan':
      return allowance.left > 0
        ? t('allowance.plan_left', { count: allowance.left, limit: allowance.limit })
        : t('allowance.plan_used_up');
    case 'free':
      return allowance.left > 0
        ? t('allowance.free_left', { count: allowance.left })
        : t('allowance.free_used_up');
  }
}
