import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { eventNotStorable, type BillingEffect, type InboxOutcome, type StoredEventField, type WebhookInbox } from '../../core/billing/index.js';
import { domainError, fail, ok, type DomainError, type Result } from '../../core/shared/index.js';
import { fromRest, type RestFailure } from './supabase-errors.js';

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
    if (error) return fail(applyFailure(webhook.id, error, status));
    const parsed = outcome.safeParse(data);
    return parsed.success ? ok(parsed.data) : fail(domainError('unexpected', `apply_billing_webhook answered ${JSON.stringify(data)}`));
  }
}

/** The checks of the migrations an event's value can break, by constraint name, and the field it came from. */
const CHECKED_FIELDS: Readonly<Record<string, StoredEventField>> = {
  credit_ledger_reference_check: 'orderId',
  profiles_subscription_status_check: 'status',
};

/**
 * What a failed apply tells the core. Postgres's message names the constraint and its DETAIL holds
 * the failing row, values included: neither leaves this edge. A value the database refuses (a check,
 * a type, a length) fails every delivery alike, so it is the core's `event_not_storable`; any other
 * failure keeps its code (the provider's retry may succeed) with the SQLSTATE for the log.
 */
function applyFailure(webhookId: string, error: RestFailure, status: number): DomainError {
  const { code } = fromRest('', error, status);
  if (code === 'validation') {
    const constraint = /constraint "([a-z0-9_]+)"/.exec(error.message)?.[1];
    return eventNotStorable(constraint === undefined ? undefined : CHECKED_FIELDS[constraint]);
  }
  return domainError(code, `The billing event ${webhookId} could not be applied`, { code: error.code ?? null, status });
}
