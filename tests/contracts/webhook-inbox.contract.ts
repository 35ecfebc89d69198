/**
 * WebhookInbox contract: each webhook id is claimed once; a released claim can be claimed again.
 * The factory returns a fresh inbox (ids are unique per test, so a shared store works too).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookInbox } from '../../core/ports/webhook-inbox.js';

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};

export function webhookInboxContract(name: string, makeInbox: () => Promise<WebhookInbox>): void {
  describe(`WebhookInbox contract: ${name}`, () => {
    it('claims a new id once; the second claim answers false', async () => {
      const inbox = await makeInbox();
      const id = `msg_${randomUUID()}`;
      expect(data(await inbox.claim(id, 'order.paid'))).toBe(true);
      expect(data(await inbox.claim(id, 'order.paid'))).toBe(false);
    });

    it('of concurrent claims of one id exactly one wins', async () => {
      const inbox = await makeInbox();
      const id = `msg_${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 8 }, () => inbox.claim(id, 'subscription.active')));
      expect(results.map(data).filter(Boolean)).toHaveLength(1);
    });

    it('a released claim can be claimed again (the retry of a failed delivery)', async () => {
      const inbox = await makeInbox();
      const id = `msg_${randomUUID()}`;
      data(await inbox.claim(id, 'order.paid'));
      data(await inbox.release(id));
      expect(data(await inbox.claim(id, 'order.paid'))).toBe(true);
    });

    it('releasing an id never claimed is harmless', async () => {
      const inbox = await makeInbox();
      expect((await inbox.release(`msg_${randomUUID()}`)).success).toBe(true);
    });
  });
}
