import { afterEach, beforeEach, vi } from 'vitest';
import { BrowserScheduler } from '../../adapters/browser/browser-scheduler.js';
import { schedulerContract } from './scheduler.contract.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A window of the browser's own kind: real event dispatch, faked timers, idle callbacks run on demand. */
function fakeWindow() {
  const events = new EventTarget();
  const idle = new Map<number, () => void>();
  let nextIdle = 1;
  const win = {
    setTimeout: (task: () => void, ms: number) => setTimeout(task, ms),
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestIdleCallback: (task: () => void) => {
      idle.set(nextIdle, task);
      return nextIdle++;
    },
    cancelIdleCallback: (handle: number) => idle.delete(handle),
  };
  const runIdle = () => {
    const ready = [...idle.values()];
    idle.clear();
    ready.forEach((task) => task());
  };
  return { win, events, runIdle };
}

schedulerContract('BrowserScheduler', async () => {
  const { win, events, runIdle } = fakeWindow();
  return {
    scheduler: new BrowserScheduler(win as unknown as ConstructorParameters<typeof BrowserScheduler>[0]),
    advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined),
    idle: async () => runIdle(),
    interact: async () => {
      events.dispatchEvent(new Event('keydown'));
    },
  };
});

schedulerContract('BrowserScheduler without requestIdleCallback (idle falls back to a timer)', async () => {
  const { win, events } = fakeWindow();
  const { requestIdleCallback: _r, cancelIdleCallback: _c, ...withoutIdle } = win;
  return {
    scheduler: new BrowserScheduler(withoutIdle as unknown as ConstructorParameters<typeof BrowserScheduler>[0]),
    advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined),
    idle: () => vi.advanceTimersByTimeAsync(1000).then(() => undefined),
    interact: async () => {
      events.dispatchEvent(new Event('pointerdown'));
    },
  };
});
