import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { BillingEffect, InboxOutcome, WebhookInbox } from '../../core/billing/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest } from './supabase-errors.js';

const outcome = z.enum(['applied', 'duplicate', 'no_user', 'stale', 'other_subscription']);

/** The effect as the SQL function reads it; a field of a subscription state left undefined is not sent (not touched). */
function effectJson(effect: BillingEffect): Record<string, unknown> {
  if (effect.kind === 'credit_grant') {
    return { kind: effect.kind, user_id: effect.userId, amount: effect.amount, reason: effect.reason, reference: effect.reference };
  }
  const { state } = effect;
  return {
    kind: effect.kind,
    user_id: effect.userId,
    occurred_at: effect.occurredAt,
    ...(effect.modifiedAt ? { modified_at: effect.modifiedAt } : {}),
    ...(effect.confirmed === true ? { confirmed: true } : {}),
    status: state.status,
    ...(state.billingCustomerId === undefined ? {} : { billing_customer_id: state.billingCustomerId }),
    ...(state.subscriptionId === undefined ? {} : { subscription_id: state.subscriptionId }),
    ...(state.currentPeriodEnd === undefined ? {} : { current_period_end: state.currentPeriodEnd }),
    ...(state.cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: state.cancelAtPeriodEnd }),
  };
}

/**
 * Webhooks applied exactly once through `apply_billing_webhook` (service role): the inbox row and
 * the effect commit together in one transaction, across every app server instance.
 */
export class SupabaseWebhookInbox implements WebhookInbox {
  constructor(private readonly service: SupabaseClient) {}

  async applyOnce(webhook: { id: string; type: string }, effect: BillingEffect): Promise<Result<InboxOutcome>> {
    const { data, error, status } = await this.service.rpc('apply_billing_webhook', {
      p_webhook_id: webhook.id,
      p_event_type: webhook.type,
      p_effect: effectJson(effect),
    });
    if (error) return fail(fromRest(`Could not apply webhook ${webhook.id}`, error, status));
    const parsed = outcome.safeParse(data);
    return parsed.success ? ok(parsed.data) : fail(domainError('unexpected', `apply_billing_webhook answered ${JSON.stringify(data)}`));
  }
}
