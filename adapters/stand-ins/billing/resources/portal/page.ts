import type { Hono } from 'hono';
import type { SandboxContext } from '../../engine/context.js';
import { escapeHtml, html } from '../../engine/respond.js';
import { iconLink } from '../../pages/html.js';
import { appliesToCycle, discountAmount } from '../discounts/rules.js';
import type { SubscriptionRecord } from '../subscriptions/records.js';

const money = (amount: number | undefined, currency: string | undefined) =>
  amount === undefined ? '' : `${(amount / 100).toFixed(2)} ${(currency ?? 'usd').toUpperCase()}`;

/**
 * What the subscription's next period charges: its price less its discount when the discount still
 * covers that period (as the renewal bills it), not the list price the subscription carries.
 */
function renewalAmount(ctx: SandboxContext, s: SubscriptionRecord): number {
  const discount = s.discount_id === null ? undefined : ctx.db.discounts.get(s.discount_id);
  if (discount === undefined || s.started_at === null) return s.amount;
  const nextPeriod = new Date(s.current_period_end ?? s.current_period_start);
  return appliesToCycle(discount, new Date(s.started_at), nextPeriod) ? s.amount - discountAmount(discount, s.amount) : s.amount;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">${iconLink}
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
.note{color:#666;font-size:.9rem}</style></head><body>${body}
<p class="note">Billing sandbox customer portal: a local stand-in for the provider's hosted portal.</p></body></html>`;
}

/**
 * The page at a session's `customer_portal_url`: the customer's profile, subscriptions, orders and
 * payment methods, read-only (changes go through the portal API). The session token is the key.
 */
export function registerPortalPage(app: Hono, ctx: SandboxContext): void {
  app.get('/:slug/portal', (c) => {
    const org = ctx.db.organizations.oneByIndex('slug', c.req.param('slug'));
    const token = c.req.query('customer_session_token') ?? '';
    const session = ctx.db.customerSessions.oneByIndex('token', token);
    const customer = session === undefined ? undefined : ctx.db.customers.get(session.customer_id);
    if (org === undefined || session === undefined || customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) {
      return html(page('Portal', '<h1>Link not valid</h1><p>This portal link is unknown. Ask for a new one.</p>'), 404);
    }
    if (Date.parse(session.expires_at) <= ctx.clock.now().getTime()) {
      return html(page('Portal', '<h1>Link expired</h1><p>This portal link has expired. Ask for a new one.</p>'), 401);
    }
    const productName = (id: string | null | undefined) => (id ? (ctx.db.products.get(id)?.name ?? id) : '');
    const subscriptions = ctx.db.subscriptions
      .byIndex('customer', customer.id)
      .map((s) => {
        const charged = renewalAmount(ctx, s);
        const amount = charged === s.amount ? money(s.amount, s.currency) : `${money(charged, s.currency)} <span class="note">(${money(s.amount, s.currency)} before the discount)</span>`;
        return `<tr><td>${escapeHtml(productName(s.product_id))}</td><td>${escapeHtml(s.status)}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</td><td data-testid="portal-subscription-amount">${amount}</td><td>${escapeHtml(s.current_period_end ?? '')}</td></tr>`;
      })
      .join('');
    const orders = ctx.db.orders
      .byIndex('customer', customer.id)
      .map((o) => `<tr><td>${escapeHtml(o.created_at)}</td><td>${escapeHtml(productName(o.product_id))}</td><td>${escapeHtml(o.status)}</td><td>${money(o.total_amount, o.currency)}</td></tr>`)
      .join('');
    const cards = ctx.db.paymentMethods
      .byIndex('customer', customer.id)
      .map((p) => `<li>${escapeHtml(p.method_metadata.brand)} •••• ${escapeHtml(p.method_metadata.last4)}${customer.default_payment_method_id === p.id ? ' (default)' : ''}</li>`)
      .join('');
    const back = session.return_url === null ? '' : `<p><a href="${escapeHtml(session.return_url)}">Back</a></p>`;
    return html(
      page(
        `${org.name} portal`,
        `<h1>${escapeHtml(org.name)}</h1><p>Signed in as <strong data-testid="portal-email">${escapeHtml(customer.email)}</strong>${customer.name ? ` (${escapeHtml(customer.name)})` : ''}</p>${back}
<h2>Subscriptions</h2><table data-testid="portal-subscriptions"><tr><th>Plan</th><th>Status</th><th>Amount</th><th>Renews</th></tr>${subscriptions || '<tr><td colspan="4">None</td></tr>'}</table>
<h2>Orders</h2><table data-testid="portal-orders"><tr><th>Date</th><th>Product</th><th>Status</th><th>Total</th></tr>${orders || '<tr><td colspan="4">None</td></tr>'}</table>
<h2>Payment methods</h2><ul data-testid="portal-payment-methods">${cards || '<li>None</li>'}</ul>`,
      ),
    );
  });
}
