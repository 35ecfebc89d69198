import type { SandboxContext } from '../../engine/context.js';
import { runSubscriptionSaved } from '../../engine/hooks.js';
import { revokeBenefits } from '../benefits/service.js';
import { emitStateChanged } from '../customers/service.js';
import type { SubscriptionRecord } from './records.js';
import { changeEvents } from './rules.js';
import { subscriptionWire } from './wire.js';

export type SubscriptionChange = Parameters<typeof changeEvents>[0];

/**
 * Stores a changed subscription and sends its webhooks: `subscription.updated` plus active,
 * canceled, uncanceled or revoked as the change calls for, then `customer.state_changed`.
 * An ended subscription loses its benefit grants. Call inside a transaction.
 */
export function saveSubscription(ctx: SandboxContext, next: SubscriptionRecord, change: SubscriptionChange, options: { skip?: readonly string[] } = {}): SubscriptionRecord {
  const saved = ctx.db.subscriptions.put(change === 'created' ? next : { ...next, modified_at: ctx.now() });
  // benefit grants cycle when a renewal stores a new period
  runSubscriptionSaved(ctx, saved);
  if (change === 'revoked' || change === 'ended') revokeBenefits(ctx, saved.customer_id, (g) => g.subscription_id === saved.id);
  const wire = subscriptionWire(ctx, saved);
  for (const type of changeEvents(change)) {
    if (options.skip?.includes(type)) continue;
    ctx.emit(type, wire, saved.organization_id);
  }
  emitStateChanged(ctx, saved.customer_id);
  return saved;
}
