import type { Cancel, Scheduler } from '../../core/shared/index.js';
import type { InMemoryClock } from './in-memory-clock.js';

interface Timer {
  readonly id: number;
  readonly due: number;
  readonly task: () => void;
}

const settle = async (outcome: unknown): Promise<void> => {
  // Tasks typed `() => void` may still be async; waiting for them keeps tests free of sleeps.
  if (typeof (outcome as PromiseLike<unknown> | null)?.then === 'function') await outcome;
};

/**
 * A manual scheduler: nothing runs until the test says so. `advance(ms)` runs the timers that fall
 * due (in due order, including timers they schedule), `runIdle()` the idle tasks, `interact()` the
 * first-interaction tasks. Each waits for async tasks to finish. A given clock moves along.
 */
export class InMemoryScheduler implements Scheduler {
  private elapsed = 0;
  private nextId = 1;
  private timers: Timer[] = [];
  private readonly idle = new Map<number, () => void>();
  private readonly interaction = new Map<number, () => void>();

  constructor(private readonly clock?: InMemoryClock) {}

  after(ms: number, task: () => void): Cancel {
    const timer: Timer = { id: this.nextId++, due: this.elapsed + Math.max(0, ms), task };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t.id !== timer.id);
    };
  }

  whenIdle(task: () => void): Cancel {
    return this.register(this.idle, task);
  }

  onFirstInteraction(task: () => void): Cancel {
    return this.register(this.interaction, task);
  }

  async advance(ms: number): Promise<void> {
    if (ms < 0) throw new Error('InMemoryScheduler cannot go back in time');
    const target = this.elapsed + ms;
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.timers = this.timers.filter((t) => t.id !== next.id);
      this.moveTo(next.due);
      await settle(next.task());
    }
    this.moveTo(target);
  }

  async runIdle(): Promise<void> {
    await this.drain(this.idle);
  }

  async interact(): Promise<void> {
    await this.drain(this.interaction);
  }

  /** Timers still waiting, idle and interaction tasks included. */
  pendingCount(): number {
    return this.timers.length + this.idle.size + this.interaction.size;
  }

  private nextDue(target: number): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.timers) if (t.due <= target && (!best || t.due < best.due)) best = t;
    return best;
  }

  private moveTo(time: number): void {
    this.clock?.advance(time - this.elapsed);
    this.elapsed = time;
  }

  private register(tasks: Map<number, () => void>, task: () => void): Cancel {
    const id = this.nextId++;
    tasks.set(id, task);
    return () => {
      tasks.delete(id);
    };
  }

  private async drain(tasks: Map<number, () => void>): Promise<void> {
    const ready = [...tasks.values()];
    tasks.clear();
    for (const task of ready) await settle(task());
  }
}
