import { fail, ok } from '../../domain/result.js';
import { bodyError, invalid, named, type RuleResult } from '../../domain/provider-failure.js';

export interface RefundableOrder {
  readonly id: string;
  readonly status: string;
  readonly net_amount: number;
  readonly applied_balance_amount: number;
  readonly refunded_amount: number;
  readonly subscription_id: string | null;
}

/** What is left to refund: `net + applied_balance - refunded`. */
export const refundableAmount = (o: RefundableOrder): number =>
  Math.max(0, o.net_amount + o.applied_balance_amount - o.refunded_amount);

/**
 * Checks a refund request: a fully refunded order is 403 `RefundedAlready`; an unpaid order has
 * nothing to refund; an amount above what is left is a 422 on `amount`; revoking benefits through a
 * refund is refused for subscription orders (revoke the subscription instead).
 */
export function checkRefund(order: RefundableOrder, amount: number, revokeBenefits: boolean): RuleResult<number> {
  if (order.status === 'refunded' || (order.refunded_amount > 0 && refundableAmount(order) === 0)) {
    return fail(named(403, 'RefundedAlready', `Order ${order.id} has already been fully refunded.`));
  }
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    return fail(invalid(bodyError('order_id', 'Order is not paid.', order.id)));
  }
  if (amount > refundableAmount(order)) {
    return fail(invalid(bodyError('amount', 'Refund amount exceeds refundable amount', amount)));
  }
  if (revokeBenefits && order.subscription_id !== null) {
    return fail(
      named(400, 'BadRequest', 'Benefits of a subscription order cannot be revoked by a refund: revoke the subscription instead.'),
    );
  }
  return ok(amount);
}

/** The order after a refund: `partially_refunded`, or `refunded` once nothing is left. */
export function applyRefund(order: RefundableOrder, amount: number): { refunded_amount: number; status: string } {
  const refunded = order.refunded_amount + amount;
  const full = refunded >= order.net_amount + order.applied_balance_amount;
  return { refunded_amount: refunded, status: full ? 'refunded' : 'partially_refunded' };
}
