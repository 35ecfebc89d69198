import type { WebhookInbox } from '../../core/billing/index.js';

/** Where a fault test makes the server die while it handles a billing webhook. */
export const WEBHOOK_CRASH_POINTS = ['before-apply', 'during-apply', 'after-apply'] as const;
export type WebhookCrashPoint = (typeof WEBHOOK_CRASH_POINTS)[number];

const die = () => process.kill(process.pid, 'SIGKILL');

/**
 * A test seam, never composed in production (config refuses FAULT_* there): the process is killed
 * (SIGKILL, as a crash or an out-of-memory kill would) at one point of applying a webhook:
 * - `before-apply`: verified, nothing recorded or applied yet;
 * - `during-apply`: the transaction that records and applies it has been sent, its answer not read;
 * - `after-apply`: recorded and applied, the provider not yet answered.
 * In every case the provider's retry must apply the webhook exactly once.
 */
export function crashingWebhookInbox(inner: WebhookInbox, point: WebhookCrashPoint, crash: () => void = die): WebhookInbox {
  return {
    async applyOnce(webhook, effect) {
      if (point === 'before-apply') crash();
      const applying = inner.applyOnce(webhook, effect);
      // A few milliseconds: the request is on its way to the database, its answer not back.
      if (point === 'during-apply') setTimeout(crash, 3);
      const applied = await applying;
      if (point === 'after-apply') crash();
      return applied;
    },
  };
}
