// The embedded payments adapter: a built-in test checkout page instead of a card provider, so a fresh
// install has a working paywall with no account anywhere. Confirming a session produces the same
// checkout_completed event a provider's webhook would, and it is applied by the same code.
import crypto from 'node:crypto';
import type { CheckoutSession, CheckoutSessionsRepository } from './checkout-sessions.repository';
import {
  type CheckoutRequest,
  invalidSignature,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider';

/** Where the test checkout pages are served (platform/payments/local-checkout.routes.ts). */
export const LOCAL_CHECKOUT_ROUTE = '/api/checkout/local';
/** As long as a Stripe Checkout Session stays open. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A session as the page finds it: open to confirm, or why it no longer is. */
export type SessionState =
  | { kind: 'open'; session: CheckoutSession }
  | { kind: 'not_found' }
  | { kind: 'expired' }
  | { kind: 'used' };

export class LocalPaymentProvider implements PaymentProvider {
  readonly adapter = 'local' as const;
  /** Every subscription id cancelSubscription was asked to end, in order. */
  readonly cancelledSubscriptions: string[] = [];
  private readonly now: () => Date;

  constructor(
    private readonly sessions: CheckoutSessionsRepository,
    private readonly publicUrl: string,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  async createCheckout(request: CheckoutRequest): Promise<{ url: string }> {
    // The id is the only key to the page (it opens in a new window, without the seller's token): random
    // and unguessable, single-use, and it can only ever activate the plan of the seller who opened it.
    const id = crypto.randomUUID();
    const now = this.now();
    await this.sessions.insert({
      id,
      userId: request.userId,
      priceId: request.priceId,
      provider: this.adapter,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
    });
    return { url: `${this.publicUrl}${LOCAL_CHECKOUT_ROUTE}/${id}` };
  }

  /** The test checkout confirms on its own page; nothing may post events to it from outside. */
  parseWebhook(): PaymentEvent {
    throw invalidSignature();
  }

  /**
   * The test checkout sells no real subscription (its purchases carry none), so there is nothing to stop;
   * the ids asked for are kept, for tests to see that a deletion asked.
   */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    this.cancelledSubscriptions.push(subscriptionId);
  }

  async ping(): Promise<void> {}

  async find(id: string): Promise<SessionState> {
    const session = await this.sessions.find(id);
    if (!session) return { kind: 'not_found' };
    if (session.status === 'completed') return { kind: 'used' };
    if (session.status === 'expired') return { kind: 'expired' };
    if (session.expiresAt <= this.now().toISOString()) {
      await this.sessions.close(id, 'expired', this.now().toISOString());
      return { kind: 'expired' };
    }
    return { kind: 'open', session };
  }

  /**
   * Confirms an open session: `apply` gets the checkout_completed event (applied idempotently by its id,
   * so a double click has one effect), then the session is closed for good.
   */
  async confirm(id: string, apply: (event: PaymentEvent) => Promise<unknown>): Promise<SessionState> {
    const state = await this.find(id);
    if (state.kind !== 'open') return state;
    const now = this.now();
    await apply({
      kind: 'checkout_completed',
      id: `local_${id}`,
      type: 'local.checkout.completed',
      occurredAt: now,
      userId: state.session.userId,
      priceId: state.session.priceId,
      customerId: null,
      subscriptionId: null,
      status: 'active',
    });
    await this.sessions.close(id, 'completed', now.toISOString());
    return state;
  }

  /** Cancels an open session, so the link cannot be used later. */
  async cancel(id: string): Promise<SessionState> {
    const state = await this.find(id);
    if (state.kind === 'open') await this.sessions.close(id, 'expired', this.now().toISOString());
    return state;
  }
}
