// Plans and entitlements (decision 011): what a seller may do with the plan
// they have and the AI listings they have used. The free allowance is one-off and used first; a plan adds
// its monthly allowance, counted per calendar month in UTC; free-access accounts are counted, never stopped.
import {
  isActivePlanStatus,
  PLAN_CATALOGUE,
  PLAN_CURRENCY,
  type PlanDefinition,
  PlanMessages,
  type PlansResponse,
  planForPriceId,
  type Usage,
} from '@snaplist/contract';
import type { GenerationCharge } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { UsageRepository } from './usage.repository';

export interface PlansRepositories {
  users: UsersRepository;
  usage: UsageRepository;
}

export interface PlansServiceDeps extends PlansRepositories {
  /** Runs a charge or a refund atomically with the record of it on the generation. */
  transaction: <T>(work: (repositories: PlansRepositories) => Promise<T>) => Promise<T>;
  freeAiListings: number;
  forcePaywall: boolean;
  supportEmail: string;
  provider: PlansResponse['provider'];
  now?: () => Date;
}

export interface Entitlements {
  canGenerate: boolean;
  usage: Usage;
}

type PlanState = Pick<UserRow, 'planPriceId' | 'planStatus'>;

/** The plan a seller is on, when its status gives access and its price is one we sell. */
export function activePlan(user: PlanState): PlanDefinition | undefined {
  const bought = user.planPriceId ? planForPriceId(user.planPriceId) : undefined;
  return bought && isActivePlanStatus(user.planStatus) ? PLAN_CATALOGUE[bought.tier] : undefined;
}

/** The calendar month (UTC) a moment counts in: 'YYYY-MM'. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export class PlansService {
  private readonly now: () => Date;

  constructor(private readonly deps: PlansServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  catalogue(): PlansResponse {
    return {
      plans: Object.values(PLAN_CATALOGUE).map((plan) => ({
        ...plan,
        monthlyPriceIds: [...plan.monthlyPriceIds],
        yearlyPriceIds: [...plan.yearlyPriceIds],
        features: [...plan.features],
        purchasable: plan.monthlyPriceIds.length + plan.yearlyPriceIds.length > 0,
      })),
      currency: PLAN_CURRENCY,
      freeAiListings: this.deps.freeAiListings,
      supportEmail: this.deps.supportEmail,
      provider: this.deps.provider,
    };
  }

  async entitlements(user: UserRow): Promise<Entitlements> {
    const month = usageMonth(this.now());
    const used = await this.deps.usage.monthUsed(user.id, month);
    const plan = activePlan(user);
    const freeLeft = Math.max(0, this.deps.freeAiListings - user.freeAiListingsUsed);
    return {
      canGenerate: user.freeAccess || freeLeft > 0 || (plan !== undefined && used < plan.aiListingsPerMonth),
      usage: {
        month,
        aiListingsUsed: used,
        aiListingsLimit: plan && !user.freeAccess ? plan.aiListingsPerMonth : null,
        freeAiListingsLeft: freeLeft,
      },
    };
  }

  /** Refuses before any photo is uploaded for a generation that would be refused anyway. */
  async assertMayGenerate(userId: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    if (!(await this.entitlements(user)).canGenerate) throw paymentRequired();
  }

  /**
   * Charges one AI listing for a generation: free access is only counted, the free allowance goes first,
   * then the plan's month. A generation already charged (an attempt interrupted by a restart) is not
   * charged again. Throws 402 when nothing has room.
   */
  async chargeGeneration(userId: string, generationId: string): Promise<void> {
    const month = usageMonth(this.now());
    await this.deps.transaction(async ({ users, usage }) => {
      if (await usage.chargeOf(generationId)) return;
      const user = await users.findById(userId);
      if (!user) throw unauthorized();
      const to = await this.takeUnit(usage, user, month);
      if (!to) throw paymentRequired();
      await usage.recordCharge(generationId, to, month);
    });
  }

  /** Gives a failed generation's unit back to where it came from; harmless when there is none. */
  async refundGeneration(generationId: string): Promise<void> {
    await this.deps.transaction(async ({ usage }) => {
      const charge = await usage.chargeOf(generationId);
      if (!charge || !(await usage.clearCharge(generationId, charge.to))) return;
      if (charge.to === 'free') await usage.giveBackFree(charge.ownerId);
      else await usage.giveBackToMonth(charge.ownerId, charge.month);
    });
  }

  /**
   * The spec, literally: creating a listing needs an active plan, and the forced paywall refuses
   * everyone without free access even with one. Free access skips only the forced paywall.
   */
  async assertMayCreateListing(userId: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    const forcedOut = this.deps.forcePaywall && !user.freeAccess;
    if (!activePlan(user) || forcedOut) {
      throw new AppError('plan_required', 402, PlanMessages.listingNotAllowed);
    }
  }

  private async takeUnit(
    usage: UsageRepository,
    user: UserRow,
    month: string,
  ): Promise<GenerationCharge | undefined> {
    if (user.freeAccess) return (await usage.takeFromMonth(user.id, month, null)) ? 'free_access' : undefined;
    if (await usage.takeFree(user.id, this.deps.freeAiListings)) return 'free';
    const plan = activePlan(user);
    if (plan && (await usage.takeFromMonth(user.id, month, plan.aiListingsPerMonth))) return 'plan';
    return undefined;
  }
}

function paymentRequired(): AppError {
  return new AppError('payment_required', 402, PlanMessages.generationNotAllowed);
}
