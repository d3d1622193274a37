// POST /checkout: a payment page for one price id. The answer's URL is opened in the window the click opened
// (use-checkout.ts); 409 already_on_plan and 502 checkout_failed come back as ApiError.
import { type CheckoutResponse, DEFAULT_PRODUCT, routes } from '@snaplist/contract';
import { callApi } from '@/lib/api-client';

export function createCheckout(priceId: string): Promise<CheckoutResponse> {
  return callApi(routes.checkout, { plan: priceId, product: DEFAULT_PRODUCT });
}
