import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ChatRunEvent } from '../../core/chat/index.js';
import { CHAT_RUN_LEASE_MS, CHAT_RUN_RETENTION_MS, type ChatRunLog, type LoggedEvent, type RunInfo, type RunSync, type StopRequest } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest } from './supabase-errors.js';

const runRow = z.object({
  run_id: z.string(),
  user_id: z.string(),
  conversation_id: z.string(),
  user_message_id: z.string(),
  model_ids: z.array(z.string()),
  last_seq: z.number().int(),
  stop_requested: z.boolean(),
  state: z.enum(['running', 'finished', 'abandoned']),
});
const eventRow = z.object({ seq: z.number().int().positive(), event: z.looseObject({ type: z.string() }) });
const page = z.object({ run: runRow, events: z.array(eventRow) }).nullable();
/** sync_chat_runs' answer: per run with a stop asked, the whole run (null) or the models asked so far. */
const stopRows = z.array(z.object({ run_id: z.string(), model_ids: z.array(z.string()).nullable() }));

const toRun = (r: z.output<typeof runRow>): RunInfo => ({
  runId: r.run_id, userId: r.user_id, conversationId: r.conversation_id, userMessageId: r.user_message_id, modelIds: r.model_ids,
  state: r.state, lastSeq: r.last_seq, stopRequested: r.stop_requested,
});
// Written by the app server itself (sync), so a stored event is a ChatRunEvent.
const toEvent = (e: z.output<typeof eventRow>): LoggedEvent => ({ seq: e.seq, event: e.event as unknown as ChatRunEvent });

export interface SupabaseChatRunLogOptions {
  /**
   * How soon a reader on another instance looks again for new events while the run goes on: this
   * after a look that found some, half as long again after each that found none, up to `maxPollMs`
   * (the app server has no database connection to LISTEN on: it reaches Postgres over HTTP only).
   * The producing instance writes every CHAT_RUN_FLUSH_MS, so a few looks find each batch.
   */
  readonly pollMs?: number;
  readonly maxPollMs?: number;
}

/**
 * The run log in Postgres (tables chat_runs, chat_run_events; migrations 20261127180001 and
 * 20261201400001, a model's stop), through the service role: every function takes the user and acts
 * on that user's runs only. A producing instance's sync is one call for all its runs. Readers on other
 * instances poll while the run is live (see `follow`); the producing instance's own readers never
 * wait for the database.
 */
export class SupabaseChatRunLog implements ChatRunLog {
  private readonly pollMs: number;
  private readonly maxPollMs: number;

  constructor(
    private readonly service: SupabaseClient,
    options: SupabaseChatRunLogOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 10;
    this.maxPollMs = Math.max(this.pollMs, options.maxPollMs ?? 50);
  }

  async sync(runs: readonly RunSync[], leaseMs = CHAT_RUN_LEASE_MS): Promise<Result<readonly StopRequest[]>> {
    if (runs.length === 0) return ok([]);
    const payload = runs.map((r) => ({
      user_id: r.userId,
      run_id: r.runId,
      ...(r.start ? { start: { conversation_id: r.start.conversationId, user_message_id: r.start.userMessageId, model_ids: r.start.modelIds } } : {}),
      events: r.events,
      finished: r.finished,
    }));
    const { data, error, status } = await this.service.rpc('sync_chat_runs', { p_runs: payload, p_lease_ms: Math.round(leaseMs) });
    if (error) return fail(fromRest('Could not write the chat runs', error, status));
    const stops = stopRows.safeParse(data);
    return stops.success ? ok(stops.data.map((s) => ({ runId: s.run_id, modelIds: s.model_ids }))) : fail(domainError('unexpected', 'sync_chat_runs answered an unexpected shape'));
  }

  async read(userId: string, runId: string, after: number, limit = 1000): Promise<Result<{ run: RunInfo; events: readonly LoggedEvent[] } | null>> {
    const { data, error, status } = await this.service.rpc('read_chat_run', { p_user_id: userId, p_run_id: runId, p_after: after, p_limit: limit });
    if (error) return fail(fromRest('Could not read the chat run', error, status));
    const parsed = page.safeParse(data);
    if (!parsed.success) return fail(domainError('unexpected', 'read_chat_run answered an unexpected shape'));
    return ok(parsed.data === null ? null : { run: toRun(parsed.data.run), events: parsed.data.events.map(toEvent) });
  }

  async *follow(userId: string, runId: string, after: number, signal?: AbortSignalLike, seen?: RunInfo): AsyncGenerator<LoggedEvent> {
    let last = after;
    let wait = this.pollMs;
    let failures = 0;
    // Read a moment ago with nothing stored after `after`: the first look waits for the next batch.
    if (seen && seen.state === 'running' && seen.lastSeq <= after) await pause(wait, signal);
    while (!signal?.aborted) {
      const read = await this.read(userId, runId, last);
      if (!read.success) {
        // A short outage is waited out; one that lasts ends the reading (the client reconnects).
        if ((failures += 1) >= 3) return;
      } else {
        failures = 0;
        if (read.data === null) return;
        for (const logged of read.data.events) {
          yield logged;
          last = logged.seq;
          if (logged.event.type === 'done') return;
        }
        const { run, events } = read.data;
        if (run.state !== 'running' && last >= run.lastSeq) return;
        // More stored than one page: read on at once. Otherwise wait, longer while nothing comes.
        if (events.length > 0 && last < run.lastSeq) continue;
        wait = events.length > 0 ? this.pollMs : Math.min(Math.ceil(wait * 1.5), this.maxPollMs);
      }
      await pause(wait, signal);
    }
  }

  async liveRunOf(userId: string, conversationId: string): Promise<Result<RunInfo | null>> {
    const { data, error, status } = await this.service.rpc('live_chat_run_of', { p_user_id: userId, p_conversation_id: conversationId });
    if (error) return fail(fromRest('Could not look for a running chat', error, status));
    const parsed = runRow.nullable().safeParse(data);
    if (!parsed.success) return fail(domainError('unexpected', 'live_chat_run_of answered an unexpected shape'));
    return ok(parsed.data === null ? null : toRun(parsed.data));
  }

  async requestStop(userId: string, runId: string, modelId?: string): Promise<Result<RunInfo | null>> {
    const args = { p_user_id: userId, p_run_id: runId, ...(modelId === undefined ? {} : { p_model_id: modelId }) };
    const { data, error, status } = await this.service.rpc('request_chat_run_stop', args);
    if (error) return fail(fromRest('Could not ask the chat run to stop', error, status));
    const parsed = runRow.nullable().safeParse(data);
    if (!parsed.success) return fail(domainError('unexpected', 'request_chat_run_stop answered an unexpected shape'));
    return ok(parsed.data === null ? null : toRun(parsed.data));
  }

  async expire(olderThanMs = CHAT_RUN_RETENTION_MS): Promise<Result<number>> {
    const { data, error, status } = await this.service.rpc('expire_chat_runs', { p_older_than_ms: Math.round(olderThanMs) });
    if (error) return fail(fromRest('Could not expire old chat runs', error, status));
    return ok(typeof data === 'number' ? data : 0);
  }
}

function pause(ms: number, signal?: AbortSignalLike): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
