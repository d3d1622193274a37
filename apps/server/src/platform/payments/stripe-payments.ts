// The Stripe adapter: Checkout Sessions in subscription mode, and signed webhooks turned into normalised
// payment events. Our price ids are the lookup keys of the Stripe Prices (docs/decisions/011), so a
// deployment creates its prices with those keys and configures nothing else.
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  invalidSignature,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible endpoint instead of api.stripe.com (a proxy, or the tests' fake). */
  apiUrl?: string;
}

/** A completed checkout's payment state as a subscription status; its own events refine it later. */
const STATUS_OF_CHECKOUT: Record<string, string> = {
  paid: 'active',
  no_payment_required: 'trialing',
  unpaid: 'incomplete',
};

export class StripePaymentProvider implements PaymentProvider {
  readonly adapter = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const endpoint = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    const protocol = endpoint?.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(settings.secretKey, {
      // A seller is waiting on the other end of the checkout: fail in seconds, not Stripe's default 80.
      timeout: 15_000,
      ...(endpoint && {
        host: endpoint.hostname,
        port: endpoint.port || (protocol === 'http' ? 80 : 443),
        protocol,
      }),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ url: string }> {
    const prices = await this.stripe.prices.list({ lookup_keys: [request.priceId], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`Stripe has no active price with lookup_key ${request.priceId}`);
    // On the session and on the subscription it creates, so every later event names our user and plan.
    const metadata = { userId: request.userId, priceId: request.priceId };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      client_reference_id: request.userId,
      ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
      metadata,
      subscription_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} came without a URL`);
    return { url: session.url };
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') throw invalidSignature();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw invalidSignature();
    }
    return normalise(event);
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Stripe answers a subscription cancelled before (by an earlier attempt, by the seller, for unpaid
      // invoices) as it answers an unknown one: "No such subscription". Either way nothing is billed any more.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return;
      throw error;
    }
  }

  /** Nothing to ask without calling Stripe, and readiness must not depend on a third party's uptime. */
  async ping(): Promise<void> {}
}

function normalise(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, occurredAt: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.metadata?.userId ?? session.client_reference_id;
      const priceId = session.metadata?.priceId;
      // A session not made by our checkout (a payment link, a one-off payment) buys no plan here.
      if (session.mode !== 'subscription' || !userId || !priceId) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'checkout_completed',
        userId,
        priceId,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        status: STATUS_OF_CHECKOUT[session.payment_status] ?? 'incomplete',
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      return {
        ...base,
        kind: 'subscription_updated',
        ...subjectOf(subscription),
        status: subscription.status,
        priceId: subscription.items.data[0]?.price.lookup_key ?? null,
      };
    }
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription_deleted', ...subjectOf(event.data.object) };
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      if (!details) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_failed',
        userId: details.metadata?.userId ?? null,
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(details.subscription),
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

function subjectOf(subscription: Stripe.Subscription) {
  return {
    userId: subscription.metadata.userId ?? null,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
  };
}

/** Stripe sends a related object as its id, or expanded. */
function idOf(related: string | { id?: string } | null): string | null {
  return typeof related === 'string' ? related : (related?.id ?? null);
}
