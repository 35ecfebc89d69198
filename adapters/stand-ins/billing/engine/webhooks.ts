import type { SandboxClock } from './clock.js';
import type { EngineCollections } from './collections.js';
import { newId } from './ids.js';
import type { WebhookDeliveryRecord, WebhookEventRecord } from './records.js';
import { toJson } from './respond.js';
import type { Store } from './store.js';
import { chatWebhookBody, isChatFormat } from './webhook-chat-formats.js';
import { webhookHeaders } from './webhook-signing.js';

export interface WebhookOptions {
  /** First retry delay; doubles per attempt (provider: 2 s). */
  readonly baseDelayMs?: number;
  /** Cap of a retry delay (provider: 20 min). */
  readonly maxDelayMs?: number;
  /** Attempts per event before it is marked failed (provider: 10). */
  readonly maxAttempts?: number;
  /** Per-attempt timeout (provider: 10 s). */
  readonly timeoutMs?: number;
  /** Consecutive failed events that disable an endpoint (provider: 10). */
  readonly disableAfter?: number;
}

export type DeliveryListener = (delivery: WebhookDeliveryRecord, event: WebhookEventRecord) => void;

/**
 * Signed deliveries: one FIFO queue per endpoint; the head event is retried with
 * exponential backoff until it succeeds or runs out of attempts, and only then does the next one go.
 * Pending events are in the store, so a restart resumes them. `raw` endpoints get the envelope,
 * `discord` and `slack` ones a chat message (webhook-chat-formats.ts); all carry the same
 * Standard Webhooks signature headers, which chat services ignore.
 */
export class WebhookDispatcher {
  private readonly queues = new Map<string, string[]>();
  private readonly running = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private readonly failedInARow = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly listeners = new Set<DeliveryListener>();
  private readonly idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly options: Required<WebhookOptions>;

  constructor(
    private readonly store: Store,
    private readonly db: EngineCollections,
    private readonly clock: SandboxClock,
    options: WebhookOptions = {},
  ) {
    this.options = { baseDelayMs: 2_000, maxDelayMs: 20 * 60_000, maxAttempts: 10, timeoutMs: 10_000, disableAfter: 10, ...options };
  }

  /** Records one event per subscribed, enabled endpoint of the organization; sends after commit. */
  emit(organizationId: string, type: string, data: unknown): WebhookEventRecord[] {
    const created: WebhookEventRecord[] = [];
    const endpoints = this.db.webhookEndpoints.byIndex('org', organizationId).filter((e) => e.enabled && e.events.includes(type));
    if (endpoints.length === 0) return created;
    const now = this.clock.iso();
    // The body is fixed when the event is recorded (as the provider stores it): retries and
    // redeliveries send the same bytes even if the endpoint's format changes later.
    const payloads = new Map<string, string>();
    const payloadFor = (format: string): string => {
      const key = isChatFormat(format) ? format : 'raw';
      let payload = payloads.get(key);
      if (payload === undefined) {
        payload = isChatFormat(key) ? chatWebhookBody(key, type, now, data) : toJson({ type, timestamp: now, data });
        payloads.set(key, payload);
      }
      return payload;
    };
    this.store.transaction(() => {
      for (const endpoint of endpoints) {
        const event: WebhookEventRecord = {
          id: newId(), created_at: now, modified_at: null, webhook_endpoint_id: endpoint.id,
          type, payload: payloadFor(endpoint.format), succeeded: null, last_http_code: null,
        };
        this.db.webhookEvents.put(event);
        created.push(event);
      }
    });
    this.store.afterCommit(() => {
      for (const event of created) this.enqueue(event.webhook_endpoint_id, event.id);
    });
    return created;
  }

  /** Sends an event again (redeliver), at the back of its endpoint's queue. */
  redeliver(eventId: string): void {
    const event = this.db.webhookEvents.get(eventId);
    if (event === undefined) return;
    this.enqueue(event.webhook_endpoint_id, event.id);
  }

  /** Re-queues events still pending after a restart, oldest first. */
  resumePending(): void {
    const pending = this.db.webhookEvents.filter((e) => e.succeeded === null);
    pending.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    for (const event of pending) this.enqueue(event.webhook_endpoint_id, event.id);
  }

  /** Restarts a queue that stopped because its endpoint was disabled. */
  wake(endpointId: string): void {
    void this.drain(endpointId);
  }

  onDelivery(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every queue of an enabled endpoint is empty (no pending event, no retry scheduled). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.settleIdle(true);
  }

  /** Idle: nothing left to send, except events parked behind a disabled endpoint. */
  private isIdle(): boolean {
    for (const [endpointId, queue] of this.queues) {
      if (queue.length > 0 && this.db.webhookEndpoints.get(endpointId)?.enabled === true) return false;
    }
    return true;
  }

  private settleIdle(force = false): void {
    if (!force && !this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private enqueue(endpointId: string, eventId: string): void {
    if (this.closed) return;
    let queue = this.queues.get(endpointId);
    if (queue === undefined) this.queues.set(endpointId, (queue = []));
    queue.push(eventId);
    void this.drain(endpointId);
  }

  private async drain(endpointId: string): Promise<void> {
    if (this.running.has(endpointId) || this.closed) return;
    this.running.add(endpointId);
    try {
      const queue = this.queues.get(endpointId) ?? [];
      while (queue.length > 0 && !this.closed) {
        const endpoint = this.db.webhookEndpoints.get(endpointId);
        const eventId = queue[0] as string;
        const event = this.db.webhookEvents.get(eventId);
        if (endpoint === undefined || event === undefined) {
          queue.shift();
          continue;
        }
        if (!endpoint.enabled) break;
        const ok = await this.attempt(endpoint.url, endpoint.secret, event);
        if (this.closed) return;
        if (ok) {
          queue.shift();
          this.attempts.delete(eventId);
          this.failedInARow.set(endpointId, 0);
          continue;
        }
        const tries = (this.attempts.get(eventId) ?? 0) + 1;
        this.attempts.set(eventId, tries);
        if (tries < this.options.maxAttempts) {
          const delay = Math.min(this.options.baseDelayMs * 2 ** (tries - 1), this.options.maxDelayMs);
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            void this.drain(endpointId);
          }, delay);
          this.timers.add(timer);
          return;
        }
        queue.shift();
        this.attempts.delete(eventId);
        this.store.transaction(() => this.db.webhookEvents.update(eventId, { succeeded: false, modified_at: this.clock.iso() }));
        const failures = (this.failedInARow.get(endpointId) ?? 0) + 1;
        this.failedInARow.set(endpointId, failures);
        if (failures >= this.options.disableAfter) {
          this.store.transaction(() => this.db.webhookEndpoints.update(endpointId, { enabled: false, modified_at: this.clock.iso() }));
        }
      }
    } finally {
      this.running.delete(endpointId);
      this.settleIdle();
    }
  }

  private async attempt(url: string, secret: string, event: WebhookEventRecord): Promise<boolean> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs);
    let httpCode: number | null = null;
    let response: string | null = null;
    try {
      // The header timestamp is wall-clock time: receivers check it against their own clock (5 min).
      const headers = webhookHeaders(secret, event.id, Math.floor(Date.now() / 1000), event.payload);
      const answer = await fetch(url, { method: 'POST', headers, body: event.payload, signal: controller.signal });
      httpCode = answer.status;
      response = (await answer.text()).slice(0, 2_048);
    } catch (error) {
      response = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (this.closed) return false;
    const succeeded = httpCode !== null && httpCode >= 200 && httpCode < 300;
    const now = this.clock.iso();
    const delivery: WebhookDeliveryRecord = {
      id: newId(), created_at: now, modified_at: null, webhook_event_id: event.id,
      webhook_endpoint_id: event.webhook_endpoint_id, succeeded, http_code: httpCode, response,
    };
    let updated = event;
    this.store.transaction(() => {
      this.db.webhookDeliveries.put(delivery);
      updated = this.db.webhookEvents.update(event.id, (current) => ({
        ...current,
        last_http_code: httpCode,
        succeeded: succeeded ? true : current.succeeded === true ? true : null,
        modified_at: now,
      }));
    });
    for (const listener of this.listeners) listener(delivery, updated);
    return succeeded;
  }
}
