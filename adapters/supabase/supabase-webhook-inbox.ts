import type { SupabaseClient } from '@supabase/supabase-js';
import type { WebhookInbox } from '../../core/ports/webhook-inbox.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { fromRest } from './supabase-errors.js';

/**
 * Processed webhook ids in `public.webhook_inbox` (service role). The primary key makes a claim
 * atomic across app server instances: the second insert of an id fails with 23505 = duplicate.
 */
export class SupabaseWebhookInbox implements WebhookInbox {
  constructor(private readonly service: SupabaseClient) {}

  async claim(webhookId: string, type: string): Promise<Result<boolean>> {
    const { error, status } = await this.service.from('webhook_inbox').insert({ webhook_id: webhookId, event_type: type });
    if (!error) return ok(true);
    if (error.code === '23505') return ok(false);
    return fail(fromRest(`Could not record webhook ${webhookId}`, error, status));
  }

  async release(webhookId: string): Promise<Result<void>> {
    const { error, status } = await this.service.from('webhook_inbox').delete().eq('webhook_id', webhookId);
    return error ? fail(fromRest(`Could not release webhook ${webhookId}`, error, status)) : ok(undefined);
  }
}
