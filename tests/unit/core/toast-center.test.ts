import { describe, expect, it } from 'vitest';
import { InMemoryScheduler } from '../../../adapters/in-memory/in-memory-scheduler.js';
import type { Toast } from '../../../core/interface/index.js';
import { makeToastCenter } from '../../../core/interface/index.js';

const setup = () => {
  const scheduler = new InMemoryScheduler();
  const toasts = makeToastCenter({ scheduler });
  const seen: (readonly Toast[])[] = [];
  toasts.subscribe((list) => seen.push(list));
  return { scheduler, toasts, seen };
};

describe('toasts (app spec §2, §9)', () => {
  it('app §2: success, error and info toasts are shown, oldest first', () => {
    const { toasts } = setup();
    toasts.success('Saved');
    toasts.error('Could not save');
    toasts.info('New models available');
    expect(toasts.current().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Could not save'],
      ['info', 'New models available'],
    ]);
  });

  it('app §9: a toast vanishes after 4000 ms by default', async () => {
    const { toasts, scheduler } = setup();
    toasts.success('Saved');
    expect(toasts.current()[0]?.durationMs).toBe(4000);
    await scheduler.advance(3999);
    expect(toasts.current()).toHaveLength(1);
    await scheduler.advance(1);
    expect(toasts.current()).toEqual([]);
  });

  it('app §2: a custom duration, or none (stays until dismissed)', async () => {
    const { toasts, scheduler } = setup();
    toasts.show({ type: 'info', message: 'quick', durationMs: 1000 });
    toasts.show({ type: 'error', message: 'sticky', durationMs: null });
    await scheduler.advance(1000);
    expect(toasts.current().map((t) => t.message)).toEqual(['sticky']);
    await scheduler.advance(60_000);
    expect(toasts.current().map((t) => t.message)).toEqual(['sticky']);
  });

  it('app §2: toasts are dismissible; dismissing cancels the timer', async () => {
    const { toasts, scheduler } = setup();
    const id = toasts.error('Oops');
    toasts.info('Still here');
    toasts.dismiss(id);
    expect(toasts.current().map((t) => t.message)).toEqual(['Still here']);
    expect(scheduler.pendingCount()).toBe(1);
    toasts.dismiss(id);
    toasts.dismiss('no-such-toast');
    expect(toasts.current()).toHaveLength(1);
  });

  it('app §2: listeners see every change and can unsubscribe', async () => {
    const scheduler = new InMemoryScheduler();
    const toasts = makeToastCenter({ scheduler });
    const seen: number[] = [];
    const stop = toasts.subscribe((list) => seen.push(list.length));
    toasts.success('a');
    toasts.success('b');
    await scheduler.advance(4000);
    stop();
    toasts.success('c');
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
