/**
 * ChatRunLog contract: the events of running answers, shared by every app server instance.
 *
 * Harness the factory provides:
 * - `log`: the adapter; `peer`: a second one on the same store (another app server; in memory,
 *   the same object);
 * - `newRun()`: a user with a conversation and a user message in it, as the chat writes them
 *   before a run starts (ids only: the store may check that the conversation is the user's).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatRunEvent, ChatRunLog, LoggedEvent, RunInfo, RunStart, RunSync } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

export interface ChatRunLogHarness {
  readonly log: ChatRunLog;
  readonly peer: ChatRunLog;
  newRun(): Promise<{ userId: string } & RunStart>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};

const delta = (seq: number, text: string, modelId = 'model-a'): LoggedEvent => ({ seq, event: { type: 'delta', modelId, text } });
const done = (seq: number): LoggedEvent => ({ seq, event: { type: 'done', answers: [{ modelId: 'model-a', messageId: null, creditsCharged: 3, finishReason: 'stop' }] } });

async function collect(events: AsyncIterable<LoggedEvent>): Promise<LoggedEvent[]> {
  const out: LoggedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Waits (bounded) until `probe` holds: a lease is wall time on the store's clock. */
async function until<T>(probe: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`the condition never held; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function chatRunLogContract(name: string, makeHarness: () => Promise<ChatRunLogHarness>): void {
  describe(`ChatRunLog contract: ${name}`, () => {
    const started = async () => {
      const h = await makeHarness();
      const { userId, ...start } = await h.newRun();
      const runId = randomUUID();
      const first: RunSync = { userId, runId, start, events: [{ seq: 1, event: { type: 'start', modelId: 'model-a' } }, delta(2, 'Hello')], finished: false };
      expect(data(await h.log.sync([first]))).toEqual([]);
      return { h, userId, runId, start };
    };

    it('a run synced by its instance is read by another: where it goes, its events in order, running', async () => {
      const { h, userId, runId, start } = await started();
      const read = data(await h.peer.read(userId, runId, 0));
      expect(read?.run).toEqual({ runId, userId, ...start, modelIds: [...start.modelIds], state: 'running', lastSeq: 2, stopRequested: false } satisfies RunInfo);
      expect(read?.events).toEqual([{ seq: 1, event: { type: 'start', modelId: 'model-a' } }, delta(2, 'Hello')]);
    });

    it('reads after a seq, at most a limit; a repeated batch (a retried sync) writes nothing twice', async () => {
      const { h, userId, runId } = await started();
      const next: RunSync = { userId, runId, events: [delta(3, ' wide'), delta(4, ' world')], finished: false };
      data(await h.log.sync([next]));
      data(await h.log.sync([next]));
      expect(data(await h.peer.read(userId, runId, 2))?.events).toEqual([delta(3, ' wide'), delta(4, ' world')]);
      expect(data(await h.peer.read(userId, runId, 1, 2))?.events.map((e) => e.seq)).toEqual([2, 3]);
      expect(data(await h.peer.read(userId, runId, 4))?.events).toEqual([]);
      expect(data(await h.peer.read(userId, runId, 0))?.run.lastSeq).toBe(4);
    });

    it('a run is its user\'s: another user reads nothing, cannot stop it nor write to it, and an unknown id reads as nothing', async () => {
      const { h, userId, runId, start } = await started();
      const other = await h.newRun();
      expect(data(await h.peer.read(other.userId, runId, 0))).toBeNull();
      expect(data(await h.peer.requestStop(other.userId, runId))).toBeNull();
      expect(data(await h.peer.liveRunOf(other.userId, start.conversationId))).toBeNull();
      data(await h.peer.sync([{ userId: other.userId, runId, events: [delta(3, 'intrusion')], finished: true }]));
      const read = data(await h.peer.read(userId, runId, 0));
      expect(read?.events.map((e) => e.seq)).toEqual([1, 2]);
      expect(read?.run.state).toBe('running');
      expect(data(await h.peer.read(userId, randomUUID(), 0))).toBeNull();
    });

    it('follow: the stored events, then each new one as its instance syncs it, ending after done', async () => {
      const { h, userId, runId } = await started();
      const seen: LoggedEvent[] = [];
      let arrived: () => void = () => undefined;
      const following = (async () => {
        for await (const e of h.peer.follow(userId, runId, 1)) {
          seen.push(e);
          arrived();
        }
      })();
      const waitFor = (count: number) => new Promise<void>((resolve) => {
        arrived = () => seen.length >= count && resolve();
        arrived();
      });
      await waitFor(1);
      data(await h.log.sync([{ userId, runId, events: [delta(3, ' again')], finished: false }]));
      await waitFor(2);
      data(await h.log.sync([{ userId, runId, events: [done(4)], finished: true }]));
      await following;
      expect(seen).toEqual([delta(2, 'Hello'), delta(3, ' again'), done(4)]);
      const read = data(await h.peer.read(userId, runId, 0));
      expect(read?.run.state).toBe('finished');
    });

    it('follow given the run as just read misses nothing stored since, nor what comes after', async () => {
      const { h, userId, runId } = await started();
      const read = data(await h.peer.read(userId, runId, 0));
      if (!read) throw new Error('the run was not stored');
      // Stored between the caller's read and its follow.
      data(await h.log.sync([{ userId, runId, events: [delta(3, ' there')], finished: false }]));
      const seen: LoggedEvent[] = [];
      let third: () => void = () => undefined;
      const atThird = new Promise<void>((resolve) => (third = resolve));
      const following = (async () => {
        for await (const e of h.peer.follow(userId, runId, 2, undefined, read.run)) {
          seen.push(e);
          if (e.seq === 3) third();
        }
      })();
      await atThird;
      data(await h.log.sync([{ userId, runId, events: [done(4)], finished: true }]));
      await following;
      expect(seen).toEqual([delta(3, ' there'), done(4)]);
    });

    it('follow ends without done when the run is abandoned (its instance stopped syncing), and when the reader stops', async () => {
      const { h, userId, runId } = await started();
      const stop = new AbortController();
      const stopped = collect(h.peer.follow(userId, runId, 0, stop.signal));
      stop.abort();
      expect((await stopped).length).toBeLessThanOrEqual(2);
      // A lease of one millisecond: the instance is gone at once.
      data(await h.log.sync([{ userId, runId, events: [delta(3, ' cut')], finished: false }], 1));
      await until(() => h.peer.read(userId, runId, 0).then(data), (r) => r?.run.state === 'abandoned');
      expect((await collect(h.peer.follow(userId, runId, 0))).map((e) => e.seq)).toEqual([1, 2, 3]);
    });

    it('liveRunOf finds the running run of a conversation only: not a finished nor an abandoned one', async () => {
      const { h, userId, runId, start } = await started();
      expect(data(await h.peer.liveRunOf(userId, start.conversationId))).toMatchObject({ runId, userMessageId: start.userMessageId, modelIds: start.modelIds, state: 'running' });
      data(await h.log.sync([{ userId, runId, events: [done(3)], finished: true }]));
      expect(data(await h.peer.liveRunOf(userId, start.conversationId))).toBeNull();

      const second = randomUUID();
      data(await h.log.sync([{ userId, runId: second, start, events: [], finished: false }], 1));
      await until(() => h.peer.read(userId, second, 0).then(data), (r) => r?.run.state === 'abandoned');
      expect(data(await h.peer.liveRunOf(userId, start.conversationId))).toBeNull();
    });

    it('a stop asked through any instance is answered to the producing instance with its next sync, until the run finished', async () => {
      const { h, userId, runId } = await started();
      const other = await h.newRun();
      const bystander = randomUUID();
      const { userId: otherUser, ...otherStart } = other;
      data(await h.log.sync([{ userId: otherUser, runId: bystander, start: otherStart, events: [], finished: false }]));
      expect(data(await h.peer.requestStop(userId, runId))).toMatchObject({ runId, state: 'running', stopRequested: true });
      const batch: RunSync[] = [
        { userId, runId, events: [delta(3, ' and')], finished: false },
        { userId: otherUser, runId: bystander, events: [], finished: false },
      ];
      expect(data(await h.log.sync(batch))).toEqual([{ runId, modelIds: null }]);
      expect(data(await h.log.sync(batch))).toEqual([{ runId, modelIds: null }]);
      data(await h.log.sync([{ userId, runId, events: [done(4)], finished: true }]));
      expect(data(await h.log.sync(batch))).toEqual([]);
      // Asking a finished run to stop changes nothing.
      const finished = data(await h.peer.requestStop(userId, runId));
      expect(finished).toMatchObject({ state: 'finished' });
    });

    it('a stop of one model\'s answer asked through any instance is answered to the producing instance with every model asked so far', async () => {
      const { h, userId, runId } = await started();
      const keepAlive: RunSync = { userId, runId, events: [], finished: false };
      const asked = data(await h.peer.requestStop(userId, runId, 'model-b'));
      // The whole run is not asked to stop.
      expect(asked).toMatchObject({ runId, state: 'running', stopRequested: false });
      expect(data(await h.log.sync([{ ...keepAlive, events: [delta(3, ' and')] }]))).toEqual([{ runId, modelIds: ['model-b'] }]);
      // Answered again with every sync (the producer stops a model once), and a model asked twice is kept once.
      data(await h.peer.requestStop(userId, runId, 'model-b'));
      expect(data(await h.log.sync([keepAlive]))).toEqual([{ runId, modelIds: ['model-b'] }]);
      data(await h.peer.requestStop(userId, runId, 'model-a'));
      expect(data(await h.log.sync([keepAlive]))).toEqual([{ runId, modelIds: ['model-b', 'model-a'] }]);
      expect(data(await h.peer.read(userId, runId, 0))?.run).toMatchObject({ state: 'running', stopRequested: false, lastSeq: 3 });
      // A whole-run stop after model stops: the whole run.
      expect(data(await h.peer.requestStop(userId, runId))).toMatchObject({ stopRequested: true });
      expect(data(await h.log.sync([keepAlive]))).toEqual([{ runId, modelIds: null }]);
      data(await h.peer.requestStop(userId, runId, 'model-c'));
      expect(data(await h.log.sync([keepAlive]))).toEqual([{ runId, modelIds: null }]);
    });

    it('model stops: only the runs asked are answered; a finished run answers nothing and is left as it is', async () => {
      const { h, userId, runId } = await started();
      const quiet = randomUUID();
      const { userId: quietUser, ...quietStart } = await h.newRun();
      data(await h.log.sync([{ userId: quietUser, runId: quiet, start: quietStart, events: [], finished: false }]));
      data(await h.peer.requestStop(userId, runId, 'model-a'));
      const batch: RunSync[] = [
        { userId: quietUser, runId: quiet, events: [], finished: false },
        { userId, runId, events: [], finished: false },
      ];
      expect(data(await h.log.sync(batch))).toEqual([{ runId, modelIds: ['model-a'] }]);
      // The batch that finishes the run answers nothing for it, nor does any later one.
      expect(data(await h.log.sync([{ userId, runId, events: [done(3)], finished: true }]))).toEqual([]);
      expect(data(await h.log.sync(batch))).toEqual([]);
      expect(data(await h.peer.requestStop(userId, runId, 'model-b'))).toMatchObject({ runId, state: 'finished', stopRequested: false, lastSeq: 3 });
      expect(data(await h.log.sync(batch))).toEqual([]);
      expect(data(await h.peer.read(userId, runId, 0))?.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    });

    it('another user cannot stop a model\'s answer: null, and the producer is asked nothing', async () => {
      const { h, userId, runId } = await started();
      const other = await h.newRun();
      expect(data(await h.peer.requestStop(other.userId, runId, 'model-a'))).toBeNull();
      expect(data(await h.peer.requestStop(other.userId, randomUUID(), 'model-a'))).toBeNull();
      expect(data(await h.log.sync([{ userId, runId, events: [], finished: false }]))).toEqual([]);
      expect(data(await h.peer.read(userId, runId, 0))?.run).toMatchObject({ state: 'running', stopRequested: false });
    });

    it('a stop of a model the run does not answer with is recorded and harmless: the run goes on', async () => {
      const { h, userId, runId, start } = await started();
      expect(start.modelIds).not.toContain('model-unknown');
      expect(data(await h.peer.requestStop(userId, runId, 'model-unknown'))).toMatchObject({ runId, state: 'running', stopRequested: false, modelIds: [...start.modelIds] });
      expect(data(await h.log.sync([{ userId, runId, events: [delta(3, ' on')], finished: false }]))).toEqual([{ runId, modelIds: ['model-unknown'] }]);
      data(await h.log.sync([{ userId, runId, events: [done(4)], finished: true }]));
      const read = data(await h.peer.read(userId, runId, 0));
      expect(read?.run).toMatchObject({ state: 'finished', lastSeq: 4, stopRequested: false });
      expect(read?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    });

    it('expire removes finished and abandoned runs whose last write is old enough, never a running one', async () => {
      const h = await makeHarness();
      const make = async () => {
        const { userId, ...start } = await h.newRun();
        return { userId, runId: randomUUID(), start };
      };
      const [running, finished, abandoned] = [await make(), await make(), await make()];
      const events: ChatRunEvent[] = [{ type: 'start', modelId: 'model-a' }];
      data(await h.log.sync([{ ...running, events: events.map((event, i) => ({ seq: i + 1, event })), finished: false }]));
      data(await h.log.sync([{ ...finished, events: [done(1)], finished: true }]));
      data(await h.log.sync([{ ...abandoned, events: [], finished: false }], 1));
      await until(() => h.peer.read(abandoned.userId, abandoned.runId, 0).then(data), (r) => r?.run.state === 'abandoned');
      // Nothing is old enough under the default retention (an hour).
      expect(data(await h.peer.expire())).toBe(0);
      expect(data(await h.peer.expire(0))).toBeGreaterThanOrEqual(2);
      expect(data(await h.peer.read(finished.userId, finished.runId, 0))).toBeNull();
      expect(data(await h.peer.read(abandoned.userId, abandoned.runId, 0))).toBeNull();
      expect(data(await h.peer.read(running.userId, running.runId, 0))?.run.state).toBe('running');
    });

    it('several runs in one sync: each gets its own events', async () => {
      const h = await makeHarness();
      const runs = await Promise.all([h.newRun(), h.newRun(), h.newRun()]);
      const batch: RunSync[] = runs.map(({ userId, ...start }, i) => ({ userId, runId: randomUUID(), start, events: [delta(1, `run ${i}`)], finished: false }));
      data(await h.log.sync(batch));
      for (const [i, entry] of batch.entries()) expect(data(await h.peer.read(entry.userId, entry.runId, 0))?.events).toEqual([delta(1, `run ${i}`)]);
    });
  });
}
