// Payments: opening a checkout for a plan, and applying what the payment provider reports. Every event,
// from Stripe's webhooks or the local test checkout, goes through applyEvent: recorded by its id and
// applied in one transaction, so a replayed event has no second effect (docs/decisions/011).
import type { IncomingHttpHeaders } from 'node:http';
import {
  type CheckoutResponse,
  fieldIssue,
  isActivePlanStatus,
  PlanMessages,
  planForPriceId,
} from '@snaplist/contract';
import { AppError, unauthorized } from '../../errors';
import type { PaymentAdapter, PaymentEvent, PaymentProvider } from '../../platform/payments/payment-provider';
import { activePlan } from '../plans/plans.service';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { PaymentsRepository, PlanChange } from './payments.repository';

export interface PaymentsServiceDeps {
  provider: PaymentProvider;
  users: UsersRepository;
  /** Runs the record of an event and its effect atomically. */
  transaction: <T>(work: (repositories: { payments: PaymentsRepository }) => Promise<T>) => Promise<T>;
  publicUrl: string;
  now?: () => Date;
}

/** What became of an event; logged, so an operator can follow a subscription's story. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched' | 'stale';

type AccountEvent = Exclude<PaymentEvent, { kind: 'ignored' }>;

export class PaymentsService {
  private readonly now: () => Date;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async checkout(userId: string, priceId: string): Promise<CheckoutResponse> {
    // Ultra is in the catalogue but has no price ids, so it is refused here like any unknown id.
    if (!planForPriceId(priceId)) {
      const issue = fieldIssue('plan', 'plan_unknown');
      throw new AppError('validation_failed', 400, issue.message, { details: [issue] });
    }
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    if (user.planPriceId === priceId && activePlan(user)) {
      throw new AppError('already_on_plan', 409, PlanMessages.alreadyOnPlan);
    }
    try {
      return await this.deps.provider.createCheckout({
        userId,
        email: user.email,
        priceId,
        customerId: user.paymentCustomerId,
        successUrl: `${this.deps.publicUrl}/dashboard?checkout=success`,
        cancelUrl: `${this.deps.publicUrl}/dashboard?checkout=cancelled`,
      });
    } catch (error) {
      // The reason is logged with the request (error handler); the seller gets the toast with the support address.
      throw new AppError('checkout_failed', 502, PlanMessages.checkoutUnavailable, { cause: error });
    }
  }

  /** A provider's webhook: verified and normalised by the adapter, then applied. */
  async receiveWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<{ eventId: string; type: string; outcome: EventOutcome }> {
    const event = this.deps.provider.parseWebhook(rawBody, headers);
    const outcome = await this.applyEvent(this.deps.provider.adapter, event);
    return { eventId: event.id, type: event.type, outcome };
  }

  async applyEvent(provider: PaymentAdapter, event: PaymentEvent): Promise<EventOutcome> {
    const receivedAt = this.now().toISOString();
    return this.deps.transaction(async ({ payments }) => {
      const recorded = await payments.recordEvent({
        provider,
        eventId: event.id,
        type: event.type,
        receivedAt,
      });
      if (!recorded) return 'duplicate';
      if (event.kind === 'ignored') return 'ignored';
      const account = await payments.findAccount(event);
      if (!account) return 'unmatched';
      // Providers do not promise order: news older than what set the plan is already out of date.
      if (account.planUpdatedAt && account.planUpdatedAt > event.occurredAt.toISOString()) return 'stale';
      const change = planChange(account, event);
      if (!change) return 'ignored';
      await payments.updatePlan(account.id, change);
      return 'applied';
    });
  }
}

/** How an event changes the account's plan; undefined when it does not. */
function planChange(account: UserRow, event: AccountEvent): PlanChange | undefined {
  const updatedAt = event.occurredAt.toISOString();
  switch (event.kind) {
    case 'checkout_completed':
      return {
        ...pricePlan(event.priceId),
        status: event.status,
        customerId: event.customerId ?? undefined,
        subscriptionId: event.subscriptionId,
        updatedAt,
      };
    case 'subscription_updated':
      // A subscription other than the account's takes over only when it gives access (a new purchase);
      // otherwise it is news about an old one, which must not take the current plan away.
      if (isAboutAnotherSubscription(account, event) && !isActivePlanStatus(event.status)) return undefined;
      return {
        ...pricePlan(event.priceId),
        status: event.status,
        customerId: event.customerId ?? undefined,
        subscriptionId: event.subscriptionId ?? undefined,
        updatedAt,
      };
    case 'subscription_deleted':
      return isAboutAnotherSubscription(account, event) ? undefined : { status: 'canceled', updatedAt };
    case 'payment_failed':
      return isAboutAnotherSubscription(account, event) ? undefined : { status: 'past_due', updatedAt };
  }
}

function pricePlan(priceId: string | null): Pick<PlanChange, 'priceId' | 'tier' | 'period'> {
  const bought = priceId ? planForPriceId(priceId) : undefined;
  return { priceId, tier: bought?.tier ?? null, period: bought?.period ?? null };
}

function isAboutAnotherSubscription(account: UserRow, event: AccountEvent): boolean {
  return (
    account.paymentSubscriptionId !== null &&
    event.subscriptionId !== null &&
    event.subscriptionId !== account.paymentSubscriptionId
  );
}
