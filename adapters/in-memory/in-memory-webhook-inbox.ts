import type { WebhookInbox } from '../../core/ports/webhook-inbox.js';
import { ok, fail, type Result } from '../../core/shared/result.js';
import { FailureInjector } from './failure-injector.js';

/** Processed webhook ids in a map; claim checks and records in one synchronous step (atomic here). */
export class InMemoryWebhookInbox implements WebhookInbox {
  readonly failures = new FailureInjector<keyof WebhookInbox>();
  private readonly claimed = new Map<string, string>();

  async claim(webhookId: string, type: string): Promise<Result<boolean>> {
    const injected = this.failures.take('claim');
    if (injected) return fail(injected);
    if (this.claimed.has(webhookId)) return ok(false);
    this.claimed.set(webhookId, type);
    return ok(true);
  }

  async release(webhookId: string): Promise<Result<void>> {
    const injected = this.failures.take('release');
    if (injected) return fail(injected);
    this.claimed.delete(webhookId);
    return ok(undefined);
  }

  get size(): number {
    return this.claimed.size;
  }
}
