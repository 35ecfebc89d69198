import { CHAT_RUN_LEASE_MS, type ChatRunLog } from '../ports/chat-run-log.js';
import type { Logger, Cancel } from '../../shared/index.js';
import type { LocalRun } from './local-run.js';

export interface RunTimers {
  /** Runs `task` after `ms` (a timer that does not keep the process alive). */
  after(ms: number, task: () => void): Cancel;
  now(): number;
}

export interface RunLogWriterOptions {
  /** At most one sync this often: events reach the shared log within this (plus a round trip). */
  readonly flushMs?: number;
  /** While runs are live, a sync at least this often: keeps them alive and notices stops asked elsewhere. */
  readonly keepAliveMs?: number;
  readonly leaseMs?: number;
}

/**
 * Writes this instance's runs to the shared log in batches: every run with something new goes in
 * one sync (one round trip for all of them), at most every `flushMs`, so the log's load follows the
 * number of instances, not of tokens. Each sync also keeps the live runs alive and answers the
 * stops other instances asked for. A failed sync is retried with the next one; nothing is dropped.
 */
export class RunLogWriter {
  private readonly dirty = new Set<LocalRun>();
  private readonly live = new Set<LocalRun>();
  private timer: Cancel | null = null;
  /** When the pending timer runs (ms, timers.now()): a sync needed sooner moves it earlier. */
  private timerDue = 0;
  private flushing: Promise<void> | null = null;
  private lastFlush = 0;
  private failing = false;
  private readonly flushMs: number;
  private readonly keepAliveMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly log: ChatRunLog,
    private readonly timers: RunTimers,
    private readonly logger: Logger,
    options: RunLogWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 50;
    this.keepAliveMs = options.keepAliveMs ?? 500;
    this.leaseMs = options.leaseMs ?? CHAT_RUN_LEASE_MS;
  }

  /** A run started here: kept alive until it finished and is stored. */
  track(run: LocalRun): void {
    this.live.add(run);
    this.changed(run);
  }

  /** The run has new events (or finished). */
  changed(run: LocalRun): void {
    this.dirty.add(run);
    this.schedule(this.nextFlushIn());
  }

  /** Runs not yet fully stored (what a shutdown waits for). */
  get unstored(): number {
    return [...this.live].filter((r) => !r.fullyStored).length;
  }

  /** Syncs now, and again while something is left to store (at most `attempts` round trips). */
  async drain(attempts = 3): Promise<void> {
    for (let i = 0; i < attempts && this.unstored > 0; i += 1) {
      for (const run of this.live) this.dirty.add(run);
      await this.flush();
    }
  }

  /**
   * Resolves once the log stored all of `run` (a sync now, not at the next batch), or after
   * `withinMs` when it cannot: whichever comes first. Never rejects.
   */
  async storeNow(run: LocalRun, withinMs: number): Promise<void> {
    const deadline = this.timers.now() + withinMs;
    while (!run.fullyStored && this.timers.now() < deadline && this.live.has(run)) {
      this.dirty.add(run);
      if (this.flushing) await this.flushing;
      else {
        this.timer?.();
        this.timer = null;
        await this.flush();
      }
      if (!run.fullyStored && this.failing) return;
    }
  }

  /** Gives up on a run (the log stayed unreachable long after it finished). */
  forget(run: LocalRun): void {
    this.live.delete(run);
    this.dirty.delete(run);
  }

  stop(): void {
    this.timer?.();
    this.timer = null;
  }

  /** How soon new events may be synced: `flushMs` after the last sync, or the keep-alive while the log fails. */
  private nextFlushIn(): number {
    return this.failing ? this.keepAliveMs : this.flushMs - (this.timers.now() - this.lastFlush);
  }

  /**
   * A sync in `delayMs`, unless one is under way (it schedules the next when it ends) or already
   * due by then. A pending keep-alive due later is moved earlier: new events never wait for it.
   */
  private schedule(delayMs: number): void {
    if (this.flushing !== null) return;
    const wait = Math.max(0, delayMs);
    const due = this.timers.now() + wait;
    if (this.timer !== null) {
      if (this.timerDue <= due) return;
      this.timer();
    }
    this.timerDue = due;
    this.timer = this.timers.after(wait, () => {
      this.timer = null;
      void this.flush();
    });
  }

  private flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
      // Live runs are synced at least every keepAliveMs; new events sooner.
      if (this.dirty.size > 0) this.schedule(this.nextFlushIn());
      else if (this.live.size > 0) this.schedule(this.keepAliveMs);
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    for (const run of this.live) if (!run.finished) this.dirty.add(run);
    const runs = [...this.dirty];
    this.dirty.clear();
    if (runs.length === 0) return;
    const batch = runs.map((run) => run.pendingSync());
    this.lastFlush = this.timers.now();
    const synced = await this.log.sync(batch, this.leaseMs);
    if (!synced.success) {
      // Kept for the next sync; warned once per outage, not per batch.
      for (const run of runs) this.dirty.add(run);
      if (!this.failing) this.logger.warn('The shared chat run log could not be written; answers still stream to their readers here, other instances cannot resume them until it works again', { error: synced.error });
      this.failing = true;
      return;
    }
    if (this.failing) this.logger.info('The shared chat run log is written again');
    this.failing = false;
    const stops = new Map(synced.data.map((request) => [request.runId, request.modelIds]));
    runs.forEach((run, i) => {
      const sent = batch[i]?.events.at(-1)?.seq ?? run.synced;
      run.stored(sent);
      const stop = stops.get(run.runId);
      if (stop !== undefined && !run.finished) {
        if (stop === null) run.stop();
        else for (const modelId of stop) run.stopModel(modelId);
      }
      if (run.finished && run.fullyStored) this.live.delete(run);
    });
  }
}
