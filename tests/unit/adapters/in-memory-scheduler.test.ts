import { describe, expect, it } from 'vitest';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryScheduler } from '../../../adapters/in-memory/in-memory-scheduler.js';

describe('InMemoryScheduler (manual time for the Scheduler port)', () => {
  it('runs nothing until advanced, then the due timers in due order', async () => {
    const scheduler = new InMemoryScheduler();
    const ran: string[] = [];
    scheduler.after(100, () => ran.push('100'));
    scheduler.after(0, () => ran.push('0'));
    scheduler.after(50, () => ran.push('50'));
    expect(ran).toEqual([]);
    await scheduler.advance(0);
    expect(ran).toEqual(['0']);
    await scheduler.advance(99);
    expect(ran).toEqual(['0', '50']);
    await scheduler.advance(1);
    expect(ran).toEqual(['0', '50', '100']);
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('runs timers scheduled by timers when they fall inside the window, and waits for async tasks', async () => {
    const scheduler = new InMemoryScheduler();
    const ran: string[] = [];
    scheduler.after(10, async () => {
      await Promise.resolve();
      ran.push('outer');
      scheduler.after(10, () => ran.push('inner'));
      scheduler.after(100, () => ran.push('later'));
    });
    await scheduler.advance(20);
    expect(ran).toEqual(['outer', 'inner']);
  });

  it('a cancelled task never runs', async () => {
    const scheduler = new InMemoryScheduler();
    const ran: string[] = [];
    scheduler.after(5, () => ran.push('timer'))();
    scheduler.whenIdle(() => ran.push('idle'))();
    scheduler.onFirstInteraction(() => ran.push('interaction'))();
    await scheduler.advance(10);
    await scheduler.runIdle();
    await scheduler.interact();
    expect(ran).toEqual([]);
  });

  it('idle and first-interaction tasks run once, when told', async () => {
    const scheduler = new InMemoryScheduler();
    const ran: string[] = [];
    scheduler.whenIdle(() => ran.push('idle'));
    scheduler.onFirstInteraction(() => ran.push('interaction'));
    await scheduler.advance(10_000);
    expect(ran).toEqual([]);
    await scheduler.interact();
    await scheduler.interact();
    await scheduler.runIdle();
    expect(ran).toEqual(['interaction', 'idle']);
  });

  it('moves a given clock along with the timers', async () => {
    const clock = new InMemoryClock(new Date('2026-01-01T00:00:00.000Z'));
    const scheduler = new InMemoryScheduler(clock);
    const seen: string[] = [];
    scheduler.after(100, () => seen.push(clock.now().toISOString()));
    await scheduler.advance(250);
    expect(seen).toEqual(['2026-01-01T00:00:00.100Z']);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.250Z');
    await expect(scheduler.advance(-1)).rejects.toThrow(/back in time/);
  });
});
