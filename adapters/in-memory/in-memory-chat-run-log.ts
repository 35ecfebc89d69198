import { CHAT_RUN_LEASE_MS, CHAT_RUN_RETENTION_MS, type ChatRunLog, type LoggedEvent, type RunInfo, type RunStart, type RunSync, type StopRequest } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { ok, type Result } from '../../core/shared/index.js';

interface StoredRun extends RunStart {
  readonly runId: string;
  readonly userId: string;
  readonly events: LoggedEvent[];
  finished: boolean;
  stopRequested: boolean;
  /** The models whose answers another instance asked to stop, in the order asked. */
  readonly stoppedModels: string[];
  liveUntil: number;
  lastWrite: number;
}

/**
 * The run log of one process (the in-memory app, tests, a single server without Supabase): the
 * same rules as the shared stores, readers woken as soon as a sync stores something.
 */
export class InMemoryChatRunLog implements ChatRunLog {
  private readonly runs = new Map<string, StoredRun>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  async sync(runs: readonly RunSync[], leaseMs = CHAT_RUN_LEASE_MS): Promise<Result<readonly StopRequest[]>> {
    const at = this.now();
    const stops: StopRequest[] = [];
    for (const entry of runs) {
      let run = this.runs.get(entry.runId);
      if (!run && entry.start) {
        run = { runId: entry.runId, userId: entry.userId, ...entry.start, modelIds: [...entry.start.modelIds], events: [], finished: false, stopRequested: false, stoppedModels: [], liveUntil: 0, lastWrite: at };
        this.runs.set(entry.runId, run);
      }
      // Another user's id, or a run never started: nothing is written.
      if (!run || run.userId !== entry.userId) continue;
      for (const event of entry.events) if (event.seq === run.events.length + 1) run.events.push(structuredClone(event));
      if (entry.finished) run.finished = true;
      run.liveUntil = at + leaseMs;
      run.lastWrite = at;
      if (run.finished) continue;
      if (run.stopRequested) stops.push({ runId: run.runId, modelIds: null });
      else if (run.stoppedModels.length > 0) stops.push({ runId: run.runId, modelIds: [...run.stoppedModels] });
    }
    this.wake();
    return ok(stops);
  }

  async read(userId: string, runId: string, after: number, limit = 1000): Promise<Result<{ run: RunInfo; events: readonly LoggedEvent[] } | null>> {
    const run = this.owned(userId, runId);
    if (!run) return ok(null);
    return ok({ run: this.info(run), events: run.events.slice(Math.max(0, after), Math.max(0, after) + limit).map((e) => structuredClone(e)) });
  }

  async *follow(userId: string, runId: string, after: number, signal?: AbortSignalLike): AsyncGenerator<LoggedEvent> {
    let next = Math.max(0, after);
    for (;;) {
      const run = this.owned(userId, runId);
      if (!run || signal?.aborted) return;
      while (next < run.events.length) {
        const event = run.events[next] as LoggedEvent;
        next += 1;
        yield structuredClone(event);
        if (event.event.type === 'done' || signal?.aborted) return;
      }
      const state = this.info(run).state;
      if (state !== 'running') return;
      // Woken by the next sync, or when the lease would lapse (to notice an abandoned run).
      await this.nextChange(run.liveUntil - this.now(), signal);
    }
  }

  async liveRunOf(userId: string, conversationId: string): Promise<Result<RunInfo | null>> {
    const live = [...this.runs.values()].filter((r) => r.userId === userId && r.conversationId === conversationId).map((r) => this.info(r)).filter((r) => r.state === 'running');
    return ok(live.at(-1) ?? null);
  }

  async requestStop(userId: string, runId: string, modelId?: string): Promise<Result<RunInfo | null>> {
    const run = this.owned(userId, runId);
    if (!run) return ok(null);
    if (!run.finished) {
      if (modelId === undefined) run.stopRequested = true;
      else if (!run.stoppedModels.includes(modelId)) run.stoppedModels.push(modelId);
    }
    return ok(this.info(run));
  }

  async expire(olderThanMs = CHAT_RUN_RETENTION_MS): Promise<Result<number>> {
    const before = this.now() - olderThanMs;
    let removed = 0;
    for (const [id, run] of this.runs) {
      if (run.lastWrite < before && (run.finished || run.liveUntil <= this.now())) {
        this.runs.delete(id);
        removed += 1;
      }
    }
    if (removed > 0) this.wake();
    return ok(removed);
  }

  private owned(userId: string, runId: string): StoredRun | null {
    const run = this.runs.get(runId);
    return run && run.userId === userId ? run : null;
  }

  private info(run: StoredRun): RunInfo {
    const state = run.finished ? 'finished' : run.liveUntil > this.now() ? 'running' : 'abandoned';
    return {
      runId: run.runId, userId: run.userId, conversationId: run.conversationId, userMessageId: run.userMessageId, modelIds: [...run.modelIds],
      state, lastSeq: run.events.length, stopRequested: run.stopRequested,
    };
  }

  private nextChange(withinMs: number, signal?: AbortSignalLike): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, withinMs + 1));
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
