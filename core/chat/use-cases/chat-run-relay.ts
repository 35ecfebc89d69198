import type { ChatRunEvent, LiveRun } from '../ports/chat-client.js';
import type { ChatRunLog, LoggedEvent, RunStart } from '../ports/chat-run-log.js';
import { type Logger, type AbortSignalLike, domainError, fail, ok, type Result } from '../../shared/index.js';
import type { ChatRun } from './chat-answers.js';
import { LocalRun } from './local-run.js';
import { RunLogWriter, type RunLogWriterOptions, type RunTimers } from './run-log-writer.js';

/** A run as a reader gets it: where it goes, and its events after the point asked for. */
export interface RunStream extends RunStart {
  readonly runId: string;
  readonly events: AsyncIterable<LoggedEvent>;
}

export interface ChatRunRelayDeps {
  readonly chatRunLog: ChatRunLog;
  readonly logger: Logger;
  readonly newRunId: () => string;
  readonly timers: RunTimers;
  readonly options?: RunLogWriterOptions & {
    /** How long a finished run stays in memory for readers on this instance (the log has it too). */
    readonly lingerMs?: number;
    /** How long readers wait for the log to store a run's end before they are told anyway. */
    readonly endWaitMs?: number;
  };
}

/** A finished run the log could not store is given up after this (logged): memory stays bounded. */
const GIVE_UP_MS = 10 * 60 * 1000;

const notFound = (runId: string) => domainError('not_found', `There is no chat run ${runId} of yours (it may have expired)`);

/**
 * Chat runs that outlive their connection. A run published here is read to its end by this
 * instance whoever listens (so it is saved and charged as usual when its client goes away); its
 * events are kept in memory for readers here and written to the shared log (ChatRunLog) for
 * readers on other instances. A stop asked anywhere ends it: here at once, from another instance
 * through the log (noticed with the next sync). Every call names the user; a run of someone else
 * reads as missing.
 */
export class ChatRunRelay {
  private readonly runs = new Map<string, LocalRun>();
  private readonly writer: RunLogWriter;
  private readonly lingerMs: number;
  private readonly endWaitMs: number;
  private readonly firstSyncMs: number;

  constructor(private readonly deps: ChatRunRelayDeps) {
    this.writer = new RunLogWriter(deps.chatRunLog, deps.timers, deps.logger, deps.options);
    this.lingerMs = deps.options?.lingerMs ?? 30_000;
    this.firstSyncMs = deps.options?.flushMs ?? 50;
    this.endWaitMs = deps.options?.endWaitMs ?? 1_000;
  }

  /** Runs being produced here now. */
  get running(): number {
    return [...this.runs.values()].filter((r) => !r.finished).length;
  }

  /**
   * Takes a run over: reads it to its end from now on, whoever listens. `stop` aborts its models.
   * Answers the requester's stream (its events from the first; `signal` stops reading, not the run).
   */
  publish(userId: string, run: ChatRun, stop: () => void, signal?: AbortSignalLike): RunStream {
    const start: RunStart = { conversationId: run.conversationId, userMessageId: run.userMessage.id, modelIds: [...run.modelIds] };
    const local = new LocalRun(this.deps.newRunId(), userId, start, stop, (modelId) => run.stopModel?.(modelId));
    this.runs.set(local.runId, local);
    // The log hears of the run with its first word (or its end): a sync begun before would take its
    // turns of this process on the way to that word. A model slow to start does not keep the run from
    // other instances longer than the batching does (flushMs): they resume and stop it by then.
    let tracked = false;
    let cancel: () => void = () => undefined;
    const track = () => {
      if (tracked) return;
      tracked = true;
      cancel();
      this.writer.track(local);
    };
    cancel = this.deps.timers.after(this.firstSyncMs, track);
    void this.pump(local, run, (event) => {
      if (tracked) this.writer.changed(local);
      else if (event.type !== 'start') track();
    });
    return { runId: local.runId, ...start, events: local.read(0, signal) };
  }

  /**
   * A run of the user's, from after the event `after`: from memory when it runs here, else from the
   * shared log. A finished run always ends with its `done`, sent again when `after` is past it, so
   * a reader that saw everything learns the run is over rather than cut off.
   */
  async open(userId: string, runId: string, after: number, signal?: AbortSignalLike): Promise<Result<RunStream>> {
    const local = this.runs.get(runId);
    if (local) {
      if (local.userId !== userId) return fail(notFound(runId));
      const events = async function* (): AsyncGenerator<LoggedEvent> {
        yield* local.read(after, signal);
        const last = local.events.at(-1);
        if (local.finished && last && last.seq <= after) yield last;
      };
      return ok({ runId, ...local.start, events: events() });
    }
    const log = this.deps.chatRunLog;
    const page = await this.untilKnown(() => log.read(userId, runId, after));
    if (!page.success) return page;
    if (page.data === null) return fail(notFound(runId));
    const { run, events } = page.data;
    async function* stored(): AsyncGenerator<LoggedEvent> {
      if (events.length === 0 && run.state === 'finished') {
        const end = await log.read(userId, runId, run.lastSeq - 1, 1);
        if (end.success && end.data) yield* end.data.events;
        return;
      }
      yield* events;
      if (events.at(-1)?.event.type === 'done' || run.state === 'abandoned') return;
      // The log was read just now: the first look for more need not be at once.
      yield* log.follow(userId, runId, events.at(-1)?.seq ?? after, signal, run);
    }
    return ok({ runId, conversationId: run.conversationId, userMessageId: run.userMessageId, modelIds: run.modelIds, events: stored() });
  }

  /**
   * Stops a run of the user's, wherever it runs; with `modelId`, that model's answer alone (one
   * column; the others go on). A finished run stays as it was; a model the run does not ask is
   * refused (not_found), like another user's run.
   */
  async stop(userId: string, runId: string, modelId?: string): Promise<Result<void>> {
    const local = this.runs.get(runId);
    if (local) {
      if (local.userId !== userId) return fail(notFound(runId));
      if (modelId !== undefined && !local.start.modelIds.includes(modelId)) return fail(domainError('not_found', `Model ${modelId} does not answer in run ${runId}`));
      if (!local.finished) {
        if (modelId === undefined) local.stop();
        else local.stopModel(modelId);
      }
      return ok(undefined);
    }
    if (modelId !== undefined) {
      // Asked of another instance's run: only a model it asks is passed on.
      const known = await this.untilKnown(() => this.deps.chatRunLog.read(userId, runId, 1_000_000_000, 1));
      if (!known.success) return known;
      if (known.data === null) return fail(notFound(runId));
      if (!known.data.run.modelIds.includes(modelId)) return fail(domainError('not_found', `Model ${modelId} does not answer in run ${runId}`));
    }
    const asked = await this.untilKnown(() => this.deps.chatRunLog.requestStop(userId, runId, ...(modelId === undefined ? [] : [modelId])));
    if (!asked.success) return asked;
    return asked.data === null ? fail(notFound(runId)) : ok(undefined);
  }

  /** The user's run of that conversation that is still going, here or on another instance. */
  async liveRunOf(userId: string, conversationId: string): Promise<Result<LiveRun | null>> {
    for (const r of this.runs.values()) {
      if (r.userId === userId && r.start.conversationId === conversationId && !r.finished) return ok({ runId: r.runId, userMessageId: r.start.userMessageId, modelIds: r.start.modelIds });
    }
    const found = await this.deps.chatRunLog.liveRunOf(userId, conversationId);
    if (!found.success) return found;
    const run = found.data;
    // Finished here a moment ago, before the log heard of it: not live.
    if (run === null || this.runs.get(run.runId)?.finished) return ok(null);
    return ok({ runId: run.runId, userMessageId: run.userMessageId, modelIds: run.modelIds });
  }

  /**
   * A graceful stop: running answers may finish for `graceMs`, then the rest are stopped (each
   * saved and charged for what it produced); their end is written to the log, where a client that
   * reconnects through another instance reads it.
   */
  async close(graceMs: number): Promise<{ finished: number; stopped: number }> {
    const open = () => [...this.runs.values()].filter((r) => !r.finished);
    const before = open().length;
    await this.until(() => open().length === 0, graceMs);
    const late = open();
    for (const run of late) run.stop();
    await this.until(() => open().length === 0, 5_000);
    await this.writer.drain();
    this.writer.stop();
    return { finished: before - late.length, stopped: late.length };
  }

  /** Reads the run to its end; `pushed` after each event is in memory for the readers here (the log's turn). */
  private async pump(local: LocalRun, run: ChatRun, pushed: (event: ChatRunEvent) => void): Promise<void> {
    const now = () => this.deps.timers.now();
    try {
      for await (const event of run.events) {
        local.push(event, now());
        pushed(event);
      }
      const answers = await run.settled;
      const done: ChatRunEvent = {
        type: 'done',
        answers: answers.map((a) => ({ modelId: a.modelId, messageId: a.messageId, creditsCharged: a.creditsCharged, finishReason: a.finishReason })),
      };
      local.push(done, now());
      pushed(done);
    } catch (error) {
      // A bug: the readers must not wait forever for a run that cannot go on.
      this.deps.logger.error('A chat run failed while streaming', { runId: local.runId, error: String(error) });
      const done: ChatRunEvent = { type: 'done', answers: [] };
      local.push(done, now());
      pushed(done);
    }
    // The end is stored before any reader is told: a client told "done" does not find the run
    // live through another instance. A log that does not answer delays it by at most endWaitMs.
    await this.writer.storeNow(local, this.endWaitMs);
    local.end();
    this.deps.timers.after(this.lingerMs, () => this.prune(local));
  }

  private prune(local: LocalRun): void {
    if (local.fullyStored) {
      this.runs.delete(local.runId);
      return;
    }
    if (this.deps.timers.now() - local.finishedAt > GIVE_UP_MS) {
      this.deps.logger.error('A finished chat run was never stored in the shared log; other instances cannot resume it', { runId: local.runId });
      this.writer.forget(local);
      this.runs.delete(local.runId);
      return;
    }
    this.deps.timers.after(this.lingerMs, () => this.prune(local));
  }

  /**
   * Asks the log until it knows the run, for a short while: a run named a moment ago on another
   * instance reaches the log with its first word or its first sync (flushMs), so a stop or a resume
   * sent there right after its `meta` line would otherwise find nothing. An id the log never learns
   * of is missing after `endWaitMs`.
   */
  private async untilKnown<T>(ask: () => Promise<Result<T | null>>): Promise<Result<T | null>> {
    const deadline = this.deps.timers.now() + this.endWaitMs;
    let answer = await ask();
    while (answer.success && answer.data === null && this.deps.timers.now() < deadline) {
      await new Promise<void>((resolve) => this.deps.timers.after(Math.min(this.firstSyncMs, 20), resolve));
      answer = await ask();
    }
    return answer;
  }

  private async until(condition: () => boolean, withinMs: number): Promise<void> {
    const deadline = this.deps.timers.now() + withinMs;
    while (!condition() && this.deps.timers.now() < deadline) await new Promise<void>((resolve) => this.deps.timers.after(20, resolve));
  }
}
