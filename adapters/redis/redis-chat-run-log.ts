import type { ChatRunEvent } from '../../core/chat/index.js';
import { CHAT_RUN_LEASE_MS, CHAT_RUN_RETENTION_MS, type ChatRunLog, type LoggedEvent, type RunInfo, type RunSync, type StopRequest } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { expireRuns, readRun, syncRun } from './redis-chat-run-scripts.js';
import type { RedisConnection } from './redis-connection.js';

type Entry = [string, string[]];
const BLOCK_MS = 1000;

const failed = (action: string, error: unknown) => fail(domainError('network', `${action}: ${(error as Error).message}`));

/** `0-<seq>` ids and the event JSON in field `e`. */
function toEvents(entries: readonly Entry[]): LoggedEvent[] {
  return entries.map(([id, fields]) => ({ seq: Number(id.split('-')[1]), event: JSON.parse(fields[1] ?? 'null') as ChatRunEvent }));
}

/**
 * What the sync script answered for one run: undefined when no stop was asked (0, or -1: not the
 * user's), null for the whole run (1), else the models asked (their JSON array).
 */
function stopAsked(answer: unknown): readonly string[] | null | undefined {
  if (Number(answer) === 1) return null;
  if (typeof answer !== 'string' || !answer.startsWith('[')) return undefined;
  const models: unknown = JSON.parse(answer);
  return Array.isArray(models) && models.length > 0 ? models.map(String) : undefined;
}

/** XREAD's answer for one stream: null on a timeout, a map of stream to entries (RESP3), or pairs (RESP2). */
function streamEntries(reply: unknown): Entry[] {
  if (reply === null || typeof reply !== 'object') return [];
  const streams = Array.isArray(reply) ? (reply as [string, Entry[]][]).map(([, entries]) => entries) : Object.values(reply as Record<string, Entry[]>);
  return streams[0] ?? [];
}

/**
 * The run log in Redis (REDIS_URL): a hash and a stream per run, written by one Lua script per run
 * (a sync's scripts go out pipelined: one round trip). Readers on other instances block on the
 * stream (XREAD BLOCK) on connections of their own, so a new event reaches them as it is stored.
 * Every key expires an hour after the run's last write; `expire` removes finished runs sooner.
 */
export class RedisChatRunLog implements ChatRunLog {
  private readonly idle: RedisConnection[] = [];

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix = 'ensemble:run:',
  ) {}

  private keys(runId: string) {
    return { run: this.prefix + runId, events: `${this.prefix}${runId}:events`, written: `${this.prefix}written` };
  }

  async sync(runs: readonly RunSync[], leaseMs = CHAT_RUN_LEASE_MS): Promise<Result<readonly StopRequest[]>> {
    try {
      const answers = await Promise.all(
        runs.map((r) => {
          const k = this.keys(r.runId);
          const conv = `${this.prefix}conv:${r.userId}:${r.start?.conversationId ?? ''}`;
          const args = [
            r.userId, r.runId, r.start ? '1' : '0', r.start?.conversationId ?? '', r.start?.userMessageId ?? '', JSON.stringify(r.start?.modelIds ?? []),
            r.finished ? '1' : '0', String(Math.max(1, Math.round(leaseMs))), String(CHAT_RUN_RETENTION_MS),
            ...r.events.flatMap((e) => [String(e.seq), JSON.stringify(e.event)]),
          ];
          return syncRun(this.redis, [k.run, k.events, k.written, conv], args);
        }),
      );
      const stops: StopRequest[] = [];
      runs.forEach((r, i) => {
        const modelIds = stopAsked(answers[i]);
        if (modelIds !== undefined) stops.push({ runId: r.runId, modelIds });
      });
      return ok(stops);
    } catch (error) {
      return failed('Could not write the chat runs', error);
    }
  }

  async read(userId: string, runId: string, after: number, limit = 1000): Promise<Result<{ run: RunInfo; events: readonly LoggedEvent[] } | null>> {
    return this.runScript(userId, runId, after, limit, null);
  }

  async *follow(userId: string, runId: string, after: number, signal?: AbortSignalLike, seen?: RunInfo): AsyncGenerator<LoggedEvent> {
    // The stream is keyed by run id only: the user is checked before anything is handed out
    // (the caller did it when it read this run a moment ago).
    if (seen?.runId !== runId || seen.userId !== userId) {
      const owned = await this.read(userId, runId, 0, 0);
      if (!owned.success || owned.data === null) return;
    }
    let last = after;
    const blocking = await this.blockingConnection().catch(() => null);
    if (!blocking) return;
    let healthy = true;
    try {
      while (!signal?.aborted) {
        const reply = await blocking.sendCommand(['XREAD', 'COUNT', '500', 'BLOCK', String(BLOCK_MS), 'STREAMS', this.keys(runId).events, `0-${last}`]);
        const events = toEvents(streamEntries(reply));
        for (const logged of events) {
          yield logged;
          last = logged.seq;
          if (logged.event.type === 'done') return;
        }
        if (events.length > 0) continue;
        // Nothing for a while: is the run still produced somewhere (or gone, or abandoned)?
        const state = await this.read(userId, runId, last, 0);
        if (!state.success || state.data === null) return;
        if (state.data.run.state !== 'running' && last >= state.data.run.lastSeq) return;
      }
    } catch {
      healthy = false;
    } finally {
      if (healthy && this.idle.length < 8) this.idle.push(blocking);
      else void blocking.quit().catch(() => undefined);
    }
  }

  async liveRunOf(userId: string, conversationId: string): Promise<Result<RunInfo | null>> {
    try {
      const runIds = (await this.redis.sendCommand(['ZREVRANGE', `${this.prefix}conv:${userId}:${conversationId}`, '0', '9'])) as string[];
      for (const runId of runIds) {
        const read = await this.read(userId, runId, 0, 0);
        if (!read.success) return read;
        if (read.data?.run.state === 'running') return ok(read.data.run);
      }
      return ok(null);
    } catch (error) {
      return failed('Could not look for a running chat', error);
    }
  }

  async requestStop(userId: string, runId: string, modelId?: string): Promise<Result<RunInfo | null>> {
    const asked = await this.runScript(userId, runId, 0, 0, { modelId });
    return asked.success ? ok(asked.data?.run ?? null) : asked;
  }

  async expire(olderThanMs = CHAT_RUN_RETENTION_MS): Promise<Result<number>> {
    try {
      return ok(Number(await expireRuns(this.redis, [this.keys('').written], [this.prefix, String(Math.max(0, Math.round(olderThanMs)))])));
    } catch (error) {
      return failed('Could not expire old chat runs', error);
    }
  }

  /** Quits the connections kept for blocking reads (the shared one is the caller's). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((c) => c.quit().catch(() => undefined)));
  }

  /** `stop`: null to read only; else first asks the run to stop (with `modelId`, that model's answer only). */
  private async runScript(userId: string, runId: string, after: number, limit: number, stop: { modelId?: string | undefined } | null): Promise<Result<{ run: RunInfo; events: readonly LoggedEvent[] } | null>> {
    const k = this.keys(runId);
    const args = [userId, String(Math.max(0, after)), String(Math.max(0, limit)), stop ? '1' : '0', ...(stop?.modelId === undefined ? [] : [stop.modelId])];
    try {
      const reply = (await readRun(this.redis, [k.run, k.events], args)) as
        | [string, string, string, string, string, string, RunInfo['state'], Entry[]]
        | null;
      if (reply === null) return ok(null);
      const [conversationId, userMessageId, models, lastSeq, , stopRequested, state, entries] = reply;
      const run: RunInfo = { runId, userId, conversationId, userMessageId, modelIds: JSON.parse(models) as string[], state, lastSeq: Number(lastSeq), stopRequested: stopRequested === '1' };
      return ok({ run, events: toEvents(entries) });
    } catch (error) {
      return failed(stop ? 'Could not ask the chat run to stop' : 'Could not read the chat run', error);
    }
  }

  private async blockingConnection(): Promise<RedisConnection> {
    const kept = this.idle.pop();
    if (kept?.isReady) return kept;
    const connection = this.redis.duplicate();
    connection.on('error', () => undefined);
    await connection.connect();
    return connection as RedisConnection;
  }
}
