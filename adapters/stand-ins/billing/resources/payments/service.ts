import type { SandboxContext } from '../../engine/context.js';
import { newId } from '../../engine/ids.js';
import type { Card } from '../../engine/test-payments.js';
import type { PaymentRecord } from './records.js';

/** A declined charge leaves a failed payment behind, with its decline reason and message. */
export function recordFailedPayment(
  ctx: SandboxContext,
  input: { organizationId: string; amount: number; currency: string; card: Card; reason: string; message: string; checkoutId: string | null; email: string | null },
): PaymentRecord {
  const payment: PaymentRecord = {
    id: newId(), created_at: ctx.now(), modified_at: null, organization_id: input.organizationId, status: 'failed',
    amount: input.amount, currency: input.currency, method: 'card', method_metadata: { brand: input.card.brand, last4: input.card.last4 },
    decline_reason: input.reason, decline_message: input.message, customer_email: input.email, checkout_id: input.checkoutId, order_id: null,
  };
  return ctx.db.payments.put(payment);
}
