import type { Cancel, Scheduler } from '../../core/shared/index.js';

/** How long to wait where requestIdleCallback does not exist (Safari): a quiet moment after load. */
const IDLE_FALLBACK_MS = 1000;

type IdleWindow = Pick<Window, 'setTimeout' | 'clearTimeout' | 'addEventListener' | 'removeEventListener'> &
  Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>;

/** Scheduler on the browser's timers, idle callbacks and the first pointer or key event. */
export class BrowserScheduler implements Scheduler {
  constructor(private readonly win: IdleWindow = window) {}

  after(ms: number, task: () => void): Cancel {
    const handle = this.win.setTimeout(task, Math.max(0, ms));
    return () => this.win.clearTimeout(handle);
  }

  whenIdle(task: () => void): Cancel {
    const { requestIdleCallback, cancelIdleCallback } = this.win;
    if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
      const handle = requestIdleCallback.call(this.win, () => task());
      return () => cancelIdleCallback.call(this.win, handle);
    }
    return this.after(IDLE_FALLBACK_MS, task);
  }

  onFirstInteraction(task: () => void): Cancel {
    const events = ['pointerdown', 'keydown'] as const;
    let done = false;
    const remove = () => events.forEach((name) => this.win.removeEventListener(name, fire, true));
    const fire = () => {
      if (done) return;
      done = true;
      remove();
      task();
    };
    // Capture phase and passive: the page's own handlers are neither delayed nor able to hide the event.
    events.forEach((name) => this.win.addEventListener(name, fire, { capture: true, passive: true }));
    return () => {
      done = true;
      remove();
    };
  }
}
