// The payments port. An adapter opens a checkout for a plan and turns what its provider reports into one
// normalised PaymentEvent; PaymentsService.applyEvent applies every event, whichever adapter it came from.
// `local` is a built-in test checkout page (no payment taken); `stripe` is Stripe Checkout with signed webhooks.
import type { IncomingHttpHeaders } from 'node:http';
import { PlanMessages } from '@snaplist/contract';
import { AppError } from '../../errors';

export type PaymentAdapter = 'local' | 'stripe';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** One of our price ids (a Stripe Price's lookup_key). */
  priceId: string;
  /** The provider's customer from an earlier purchase, so a returning seller is not created twice. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

interface EventBase {
  /** The provider's event id: applying an id twice has no second effect. */
  id: string;
  /** The provider's name for what happened, kept with the record of the event. */
  type: string;
  /** When it happened at the provider: an older event arriving after a newer one changes nothing. */
  occurredAt: Date;
}

/** Who the event is about: our user id when the provider echoes it, else its customer or subscription. */
interface Subject {
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export type PaymentEvent =
  | (EventBase & Subject & { kind: 'checkout_completed'; userId: string; priceId: string; status: string })
  | (EventBase & Subject & { kind: 'subscription_updated'; status: string; priceId: string | null })
  | (EventBase & Subject & { kind: 'subscription_deleted' })
  | (EventBase & Subject & { kind: 'payment_failed' })
  | (EventBase & { kind: 'ignored' });

export interface PaymentProvider {
  readonly adapter: PaymentAdapter;
  /** The URL of the payment page to open for the seller. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** Verifies and normalises a webhook; throws a 400 invalid_signature AppError when it is not genuine. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent;
  /**
   * Ends a subscription now, with no further payment (the seller deletes their account). A subscription the
   * provider no longer knows (cancelled already, by an earlier attempt or by the seller) counts as cancelled,
   * so a retried deletion goes through; any other failure throws.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  ping(): Promise<void>;
}

export function invalidSignature(): AppError {
  return new AppError('invalid_signature', 400, PlanMessages.invalidSignature);
}
