import type { z } from 'zod';
import type { checkoutConfirm } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, namedError, validationError } from '../../engine/errors.js';
import type { CustomerRecord } from '../../engine/records.js';
import { outcomeOfConfirmationToken, type Card } from '../../engine/test-payments.js';
import { createCustomerSession } from '../customer-sessions/service.js';
import { createCustomer, customerByEmail, customerByExternalId, saveCustomer } from '../customers/service.js';
import { isRedeemable } from '../discounts/rules.js';
import { redeemDiscount } from '../discounts/service.js';
import { recordFailedPayment } from '../payments/service.js';
import type { CheckoutRecord } from './records.js';
import { confirmErrors, paymentErrorDetail } from './rules.js';
import { applyCheckoutUpdate } from './service.js';
import { succeedCheckout } from './success.js';
import { checkoutParts, checkoutPublicWire, checkoutWire } from './wire.js';

type ConfirmInput = z.output<typeof checkoutConfirm>;

/** Charges the test card behind a confirmation token; a decline is a 400 PaymentError and the checkout stays open. */
function charge(ctx: SandboxContext, checkout: CheckoutRecord, token: string, amount: number): Card {
  const outcome = outcomeOfConfirmationToken(token);
  if (outcome === null) throw namedError(400, 'PaymentError', paymentErrorDetail(`No such confirmation token: '${token}'.`));
  if (outcome.ok) return outcome.card;
  ctx.store.transaction(() =>
    recordFailedPayment(ctx, {
      organizationId: checkout.organization_id, amount, currency: checkout.currency, card: outcome.card,
      reason: outcome.declineReason, message: outcome.declineMessage, checkoutId: checkout.id, email: checkout.customer_email,
    }),
  );
  throw namedError(400, 'PaymentError', paymentErrorDetail(outcome.declineMessage));
}

/** Finds the checkout's customer: the one it names, else by e-mail, else a new one carrying the external id. */
function resolveCustomer(ctx: SandboxContext, c: CheckoutRecord): { customer: CustomerRecord; matchedByEmail: boolean } {
  const details = {
    ...(c.customer_name !== null ? { name: c.customer_name } : {}),
    ...(c.customer_billing_name !== null ? { billing_name: c.customer_billing_name } : {}),
    ...(c.customer_billing_address !== null ? { billing_address: c.customer_billing_address } : {}),
  };
  const known = c.customer_id === null ? undefined : ctx.db.customers.get(c.customer_id);
  const byEmail = known ?? customerByEmail(ctx, c.organization_id, c.customer_email ?? '');
  if (byEmail !== undefined) {
    const changed = Object.entries(details).some(([k, v]) => JSON.stringify((byEmail as unknown as Record<string, unknown>)[k]) !== JSON.stringify(v));
    const metadata = { ...byEmail.metadata, ...c.customer_metadata };
    const customer = changed || Object.keys(c.customer_metadata).length > 0 ? saveCustomer(ctx, { ...byEmail, ...details, metadata }) : byEmail;
    return { customer, matchedByEmail: known === undefined };
  }
  if (c.external_customer_id !== null && customerByExternalId(ctx, c.organization_id, c.external_customer_id) !== undefined) {
    throw namedError(422, 'CheckoutCustomerExternalIdMismatch', `The external customer ID ${c.external_customer_id} belongs to another customer than ${c.customer_email}.`);
  }
  const customer = createCustomer(ctx, c.organization_id, {
    email: c.customer_email ?? '', external_id: c.external_customer_id, metadata: c.customer_metadata, ...details,
  });
  return { customer, matchedByEmail: false };
}

/**
 * POST /v1/checkouts/client/{secret}/confirm: applies the update,
 * validates, charges the test card, creates or reuses the customer and answers `confirmed` with a
 * customer session token (null when an existing customer was matched by e-mail). The sandbox then
 * completes the payment at once, so the checkout is `succeeded` by the time the answer is sent.
 */
export function confirmCheckout(ctx: SandboxContext, current: CheckoutRecord, body: ConfirmInput) {
  const next = applyCheckoutUpdate(ctx, current, body, 'public', true);
  const { price, discount, amounts } = checkoutParts(ctx, next);
  if (discount !== null && (discount.deleted_at !== null || !isRedeemable(discount, ctx.clock.now()))) {
    throw fieldError(['body', 'discount_id'], 'Discount is no longer redeemable.', discount.id);
  }
  if (price.is_archived) throw fieldError(['body', 'product_price_id'], 'Price is archived.', price.id);
  const errors = confirmErrors({
    customerEmail: next.customer_email, customerKnown: next.customer_id !== null, customerBillingName: next.customer_billing_name,
    address: next.customer_billing_address, requireBillingAddress: next.require_billing_address,
    isBusinessCustomer: next.is_business_customer, isPaymentFormRequired: amounts.is_payment_form_required,
    confirmationTokenId: body.confirmation_token_id ?? null,
  });
  if (errors.length > 0) throw validationError(errors);
  const card = amounts.is_payment_form_required ? charge(ctx, next, body.confirmation_token_id as string, amounts.total_amount) : null;

  const { confirmed, token } = ctx.store.transaction(() => {
    const { customer, matchedByEmail } = resolveCustomer(ctx, next);
    if (discount !== null) redeemDiscount(ctx, discount.id);
    const saved = ctx.db.checkouts.put({
      ...next, status: 'confirmed', customer_id: customer.id, customer_email: next.customer_email ?? customer.email,
      redeemed_discount_id: discount?.id ?? null,
      payment_processor_metadata: { ...next.payment_processor_metadata, customer_id: `cus_sandbox_${customer.id.slice(0, 8)}` },
    });
    ctx.emit('checkout.updated', checkoutWire(ctx, saved), saved.organization_id);
    return { confirmed: saved, token: matchedByEmail ? null : createCustomerSession(ctx, customer.id).token };
  });
  const answer = { ...checkoutPublicWire(ctx, confirmed), status: 'confirmed' as const, customer_session_token: token };
  succeedCheckout(ctx, confirmed.id, card);
  return answer;
}
