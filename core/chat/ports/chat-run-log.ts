import type { AbortSignalLike, Result } from '../../shared/index.js';
import type { ChatRunEvent } from './chat-client.js';

/** One event of a run with its place in it: 1, 2, 3… in the order produced; `done` is the last. */
export interface LoggedEvent {
  readonly seq: number;
  readonly event: ChatRunEvent;
}

/** Where a run's answers go: fixed when it starts. */
export interface RunStart {
  readonly conversationId: string;
  /** The user message the run answers. */
  readonly userMessageId: string;
  /** The models answering, in the order asked. */
  readonly modelIds: readonly string[];
}

/**
 * A run as the log knows it. `running` while the instance producing it keeps it alive;
 * `finished` once its `done` event is stored; `abandoned` when its instance stopped keeping it
 * alive before it finished (a crash): nothing more will come.
 */
export interface RunInfo extends RunStart {
  readonly runId: string;
  readonly userId: string;
  readonly state: 'running' | 'finished' | 'abandoned';
  /** The last stored event's seq (0: none yet). */
  readonly lastSeq: number;
  readonly stopRequested: boolean;
}

/** What the producing instance writes about one of its runs in one sync. */
export interface RunSync {
  readonly userId: string;
  readonly runId: string;
  /** The run's first sync only: creates it. */
  readonly start?: RunStart;
  /** New events, in order, continuing from what is stored (a repeated seq is ignored). */
  readonly events: readonly LoggedEvent[];
  /** The events include the run's last (`done`). */
  readonly finished: boolean;
}

/**
 * A stop another instance asked for, as `sync` answers it: the whole run (`modelIds` null), or only
 * these models' answers (every model whose stop was asked so far: answering it again is harmless).
 */
export interface StopRequest {
  readonly runId: string;
  readonly modelIds: readonly string[] | null;
}

/** How long a run stays alive after a sync of its instance: three missed keep-alives end it. */
export const CHAT_RUN_LEASE_MS = 15_000;
/** How long a run's events are kept after its last write (finished, or abandoned). */
export const CHAT_RUN_RETENTION_MS = 60 * 60 * 1000;

/**
 * The events of running and recent chat answers, shared by every app server instance, so that a
 * client that lost its connection (a reload, a network change, a load balancer sending it
 * elsewhere) reads the rest from any instance, and a stop asked of any instance reaches the one
 * producing the answers. Every call names the user: another user's run reads as missing.
 *
 * Written only by the producing instance, in batches (`sync`: new runs, their new events, the
 * runs that finished, and a keep-alive for the others); read by anyone (`read`, `follow`).
 */
export interface ChatRunLog {
  /**
   * Writes what an instance has for its runs in one round trip and keeps each alive for `leaseMs`.
   * Answers the stops requested for these runs (unfinished ones only): the whole run, or some of its
   * models' answers (a run with both is answered as a whole-run stop).
   */
  sync(runs: readonly RunSync[], leaseMs?: number): Promise<Result<readonly StopRequest[]>>;
  /** The run and its stored events after `after` (at most `limit`), or null when it is not this user's (or gone). */
  read(userId: string, runId: string, after: number, limit?: number): Promise<Result<{ run: RunInfo; events: readonly LoggedEvent[] } | null>>;
  /**
   * The events after `after` as they are stored: the ones already there, then each new one, until
   * the last (`done`), the run is abandoned or gone, the store keeps failing, or `signal` aborts.
   * `seen`: the run as the caller read it a moment ago (this user's, its events up to `after`
   * handed out): the store need not be asked again at once, nor the run's owner checked again.
   */
  follow(userId: string, runId: string, after: number, signal?: AbortSignalLike, seen?: RunInfo): AsyncIterable<LoggedEvent>;
  /** The user's run of that conversation that is still running, or null. */
  liveRunOf(userId: string, conversationId: string): Promise<Result<RunInfo | null>>;
  /**
   * Asks the producing instance to stop the run, or with `modelId` that model's answer only: the run
   * as it is now, or null when it is not this user's. A finished run is left as it is.
   */
  requestStop(userId: string, runId: string, modelId?: string): Promise<Result<RunInfo | null>>;
  /** Deletes runs whose last write is older than `olderThanMs` (default CHAT_RUN_RETENTION_MS); answers how many. */
  expire(olderThanMs?: number): Promise<Result<number>>;
}
