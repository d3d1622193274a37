// The local test checkout's HTML: one self-contained page (no scripts, no external assets), every value
// escaped, and marked on every screen as a test where no payment is taken.
import { formatMoneyInput, PLAN_CATALOGUE, PlanMessages, planForPriceId } from '@snaplist/contract';
import type { CheckoutSession } from './checkout-sessions.repository';
import { LOCAL_CHECKOUT_ROUTE, type SessionState } from './local-payments';

export const LocalCheckoutTexts = {
  banner: 'Test checkout: no payment is taken',
  confirm: 'Confirm',
  cancel: 'Cancel',
  activeHeading: 'Your plan is active',
  active: 'Your plan is active. You can close this window.',
  cancelledHeading: 'Checkout cancelled',
  cancelled: 'No payment was taken and your plan has not changed. You can close this window.',
  notFoundHeading: 'Checkout not found',
  expiredHeading: 'This checkout has expired',
  usedHeading: 'This checkout has already been used',
  used: 'Each checkout link works once. If you confirmed it, the plan is active on your account.',
  dashboardLink: 'Go to your dashboard',
} as const;

export interface HtmlPage {
  status: number;
  html: string;
}

export function checkoutPage(session: CheckoutSession): HtmlPage {
  const bought = planForPriceId(session.priceId);
  // A session is only ever created for a price on sale; one that no longer is cannot be confirmed.
  if (!bought) return problemPage({ kind: 'not_found' });
  const plan = PLAN_CATALOGUE[bought.tier];
  const name = `${bought.tier.charAt(0).toUpperCase()}${bought.tier.slice(1)}`;
  const price = bought.period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
  const action = `${LOCAL_CHECKOUT_ROUTE}/${encodeURIComponent(session.id)}`;
  return {
    status: 200,
    html: layout(
      `Snaplist ${name}`,
      `<p class="price">${dollars(price)} <span>per ${bought.period === 'monthly' ? 'month' : 'year'}</span></p>
      <p>Billed ${bought.period}, for <strong>${escapeHtml(session.email)}</strong>.</p>
      <p class="muted">This page stands in for a card payment page. Confirming activates the plan on this
      account straight away; nothing is charged.</p>
      <div class="actions">
        <form method="post" action="${escapeHtml(`${action}/confirm`)}"><button type="submit">${LocalCheckoutTexts.confirm}</button></form>
        <form method="post" action="${escapeHtml(`${action}/cancel`)}"><button type="submit" class="secondary">${LocalCheckoutTexts.cancel}</button></form>
      </div>`,
    ),
  };
}

export function confirmedPage(): HtmlPage {
  return resultPage(200, LocalCheckoutTexts.activeHeading, LocalCheckoutTexts.active);
}

export function cancelledPage(): HtmlPage {
  return resultPage(200, LocalCheckoutTexts.cancelledHeading, LocalCheckoutTexts.cancelled);
}

/** Why a session cannot be used: unknown (404), or expired or used already (410, gone for good). */
export function problemPage(state: Exclude<SessionState, { kind: 'open' }>): HtmlPage {
  switch (state.kind) {
    case 'not_found':
      return resultPage(404, LocalCheckoutTexts.notFoundHeading, PlanMessages.checkoutNotFound);
    case 'expired':
      return resultPage(410, LocalCheckoutTexts.expiredHeading, PlanMessages.checkoutNotFound);
    case 'used':
      return resultPage(410, LocalCheckoutTexts.usedHeading, LocalCheckoutTexts.used);
  }
}

function resultPage(status: number, heading: string, message: string): HtmlPage {
  return {
    status,
    html: layout(
      heading,
      `<p>${escapeHtml(message)}</p><p><a href="/dashboard">${LocalCheckoutTexts.dashboardLink}</a></p>`,
    ),
  };
}

function layout(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} · Test checkout · Snaplist</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  .banner { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 8px; background: #fef3c7;
    color: #78350f; font-weight: 600; }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  .price { margin: 0 0 0.5rem; font-size: 2rem; font-weight: 700; }
  .price span { font-size: 1rem; font-weight: 400; color: #52525b; }
  .muted { color: #52525b; font-size: 0.875rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.625rem 1.25rem; border-radius: 8px; border: 1px solid #18181b;
    background: #18181b; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #18181b; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<main>
<p class="banner" role="note">${LocalCheckoutTexts.banner}</p>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** USD cents as the paywall shows them: "$29.99". */
function dollars(cents: number): string {
  return `$${formatMoneyInput(cents)}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}
