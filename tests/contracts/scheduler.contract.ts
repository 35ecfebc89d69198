/**
 * Scheduler contract (app spec §4, §9: toasts and the deferred support widget). Harness: the
 * scheduler plus the three ways its host moves on: time passing, an idle moment, a user interaction.
 */
import { describe, expect, it } from 'vitest';
import type { Scheduler } from '../../core/shared/index.js';

export interface SchedulerHarness {
  readonly scheduler: Scheduler;
  advance(ms: number): Promise<void>;
  idle(): Promise<void>;
  interact(): Promise<void>;
}

export function schedulerContract(name: string, makeHarness: () => Promise<SchedulerHarness>): void {
  describe(`Scheduler contract: ${name}`, () => {
    it('app §9: after(ms) runs the task once ms have passed, not a moment before', async () => {
      const h = await makeHarness();
      const ran: string[] = [];
      h.scheduler.after(4000, () => ran.push('toast gone'));
      await h.advance(3999);
      expect(ran).toEqual([]);
      await h.advance(1);
      expect(ran).toEqual(['toast gone']);
      await h.advance(10_000);
      expect(ran).toEqual(['toast gone']);
    });

    it('after(0) runs on a later turn, never synchronously', async () => {
      const h = await makeHarness();
      const ran: string[] = [];
      h.scheduler.after(0, () => ran.push('deferred'));
      expect(ran).toEqual([]);
      await h.advance(0);
      expect(ran).toEqual(['deferred']);
    });

    it('timers run in the order they fall due', async () => {
      const h = await makeHarness();
      const ran: number[] = [];
      h.scheduler.after(300, () => ran.push(300));
      h.scheduler.after(100, () => ran.push(100));
      h.scheduler.after(200, () => ran.push(200));
      await h.advance(300);
      expect(ran).toEqual([100, 200, 300]);
    });

    it('a cancelled timer never runs, and cancelling twice is harmless', async () => {
      const h = await makeHarness();
      const ran: string[] = [];
      const cancel = h.scheduler.after(100, () => ran.push('cancelled'));
      h.scheduler.after(100, () => ran.push('kept'));
      cancel();
      cancel();
      await h.advance(100);
      expect(ran).toEqual(['kept']);
    });

    it('app §4: whenIdle runs at the idle moment; cancelled, it does not', async () => {
      const h = await makeHarness();
      const ran: string[] = [];
      h.scheduler.whenIdle(() => ran.push('idle'));
      h.scheduler.whenIdle(() => ran.push('cancelled'))();
      expect(ran).toEqual([]);
      await h.idle();
      expect(ran).toEqual(['idle']);
    });

    it('app §4: onFirstInteraction runs once, on the first interaction only', async () => {
      const h = await makeHarness();
      const ran: string[] = [];
      h.scheduler.onFirstInteraction(() => ran.push('widget'));
      h.scheduler.onFirstInteraction(() => ran.push('cancelled'))();
      expect(ran).toEqual([]);
      await h.interact();
      await h.interact();
      expect(ran).toEqual(['widget']);
    });
  });
}
