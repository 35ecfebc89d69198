export type Cancel = () => void;

/** Deferred work, so that timing rules are testable without real timers. */
export interface Scheduler {
  /** Runs `task` after `ms` milliseconds (0 = next turn). */
  after(ms: number, task: () => void): Cancel;
  /** Runs `task` when the host is idle (requestIdleCallback in the browser). */
  whenIdle(task: () => void): Cancel;
  /** Runs `task` on the first pointer or key event. */
  onFirstInteraction(task: () => void): Cancel;
}
