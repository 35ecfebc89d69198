import type { ChatRunEvent } from '../ports/chat-client.js';
import type { LoggedEvent, RunStart, RunSync } from '../ports/chat-run-log.js';
import type { AbortSignalLike } from '../../shared/index.js';

/**
 * A run this instance is producing: every event it produced so far, in memory, so that the
 * requester and any reader on this instance get each event at once (the shared log is for the
 * other instances). Also what of it the log has already stored.
 */
export class LocalRun {
  readonly events: LoggedEvent[] = [];
  finished = false;
  /** The last seq the log stored; whether the log knows the run at all. */
  synced = 0;
  created = false;
  /** When the run finished here (ms since epoch), to forget it a while after. */
  finishedAt = 0;
  /**
   * Whether readers may see the final `done`: held back until the shared log stored the run's end
   * (or could not within a bound), so that a client told "done" never finds the run live elsewhere.
   */
  private ended = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly runId: string,
    readonly userId: string,
    readonly start: RunStart,
    /** Stops the run's models (its answers then end as aborted, saved and charged). */
    readonly stop: () => void,
    /** Stops one model's answer alone (the others go on); nothing for a model not in the run. */
    readonly stopModel: (modelId: string) => void = () => undefined,
  ) {}

  push(event: ChatRunEvent, at: number): void {
    this.events.push({ seq: this.events.length + 1, event });
    if (event.type === 'done') {
      this.finished = true;
      this.finishedAt = at;
    }
    this.wake();
  }

  /** Lets readers see the final `done` (see `ended`). */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** How many events readers may see now: all but a `done` that is not released yet. */
  private get visible(): number {
    return this.finished && !this.ended ? this.events.length - 1 : this.events.length;
  }

  /** The events the log has not stored yet, as one sync entry (with the start when it has never seen the run). */
  pendingSync(): RunSync {
    const events = this.events.slice(this.synced);
    return { userId: this.userId, runId: this.runId, ...(this.created ? {} : { start: this.start }), events, finished: this.finished };
  }

  /** The log stored the events up to `seq`. */
  stored(seq: number): void {
    this.created = true;
    this.synced = Math.max(this.synced, seq);
  }

  get fullyStored(): boolean {
    return this.created && this.synced === this.events.length;
  }

  /** Every event after `after`, as produced, until `done` (or `signal` aborts). */
  async *read(after: number, signal?: AbortSignalLike): AsyncGenerator<LoggedEvent> {
    let next = Math.max(0, after);
    for (;;) {
      while (next < this.visible) {
        if (signal?.aborted) return;
        yield this.events[next] as LoggedEvent;
        next += 1;
      }
      if ((this.ended && next >= this.events.length) || signal?.aborted) return;
      await this.changed(signal);
    }
  }

  private changed(signal?: AbortSignalLike): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
