import type { Hono } from 'hono';
import { z } from 'zod';
import { metadata } from '../../schemas/common.js';
import type { SandboxContext } from '../engine/context.js';
import { fieldError } from '../engine/errors.js';
import { isUuid, newId } from '../engine/ids.js';
import type { CustomerRecord } from '../engine/records.js';
import { json } from '../engine/respond.js';
import { parseBody } from '../engine/validation.js';
import { addInterval, type RecurringInterval } from '../domain/billing-period.js';
import { grantBenefits } from './benefits/service.js';
import { saveSubscription } from './subscription-events.js';
import { subscriptionWire } from './subscription-wire.js';
import { currentPrices } from './products/service.js';
import { customerByExternalId } from './customers/service.js';

const uuid = z.string().refine(isUuid, 'Input should be a valid UUID');
const subscriptionCreate = z.union([
  z.strictObject({ product_id: uuid, customer_id: uuid, metadata: metadata.optional() }),
  z.strictObject({ product_id: uuid, external_customer_id: z.string().min(1), metadata: metadata.optional() }),
]);

/**
 * POST /v1/subscriptions/ (reference §4): the provider creates a subscription directly only for a
 * free recurring product, with no order and no payment; paid plans go through a checkout.
 */
export function registerSubscriptionCreate(app: Hono, ctx: SandboxContext): void {
  app.post('/v1/subscriptions', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, subscriptionCreate);
    const product = ctx.db.products.get(body.product_id.toLowerCase());
    if (product === undefined || product.organization_id !== org.id) throw fieldError(['body', 'product_id'], 'Product does not exist.', body.product_id);
    if (product.is_archived) throw fieldError(['body', 'product_id'], 'Product is archived.', body.product_id);
    const price = currentPrices(ctx, product)[0];
    if (product.recurring_interval === null || price === undefined || price.amount_type !== 'free') {
      throw fieldError(['body', 'product_id'], 'Only free recurring products can be subscribed to directly; use a checkout.', body.product_id);
    }
    let customer: CustomerRecord | undefined;
    if ('customer_id' in body) {
      customer = ctx.db.customers.get(body.customer_id.toLowerCase());
      if (customer?.organization_id !== org.id || customer.deleted_at !== null) customer = undefined;
      if (customer === undefined) throw fieldError(['body', 'customer_id'], 'Customer does not exist.', body.customer_id);
    } else {
      customer = customerByExternalId(ctx, org.id, body.external_customer_id);
      if (customer === undefined) throw fieldError(['body', 'external_customer_id'], 'Customer does not exist.', body.external_customer_id);
    }
    const buyer = customer;
    const now = ctx.clock.now();
    const interval = product.recurring_interval as RecurringInterval;
    const count = product.recurring_interval_count ?? 1;
    const saved = ctx.store.transaction(() => {
      const subscription = ctx.db.subscriptions.put({
        id: newId(), created_at: now.toISOString(), modified_at: null, organization_id: org.id, customer_id: buyer.id,
        product_id: product.id, price_ids: [price.id], amount: 0, currency: price.price_currency, recurring_interval: interval,
        recurring_interval_count: count, status: 'active', current_period_start: now.toISOString(),
        current_period_end: addInterval(now, interval, count).toISOString(), cancel_at_period_end: false, canceled_at: null,
        started_at: now.toISOString(), ends_at: null, ended_at: null, trial_start: null, trial_end: null, discount_id: null,
        checkout_id: null, customer_cancellation_reason: null, customer_cancellation_comment: null, metadata: body.metadata ?? {},
        custom_field_data: {}, pending_update: null, pending_proration: [],
      });
      // Grants first, so the subscription's customer.state_changed already lists them (as after a checkout).
      grantBenefits(ctx, { customerId: buyer.id, benefitIds: product.benefit_ids, subscriptionId: subscription.id });
      return saveSubscription(ctx, subscription, 'created');
    });
    return json(subscriptionWire(ctx, saved), 201);
  });
}
