// The relay between a run and its readers (core/chat/use-cases/chat-run-relay.ts): a run is read
// to its end whoever listens, its events reach the shared log in batches, a stop asked on another
// instance reaches it through the log, a log outage never stops an answer, and a graceful close
// lets short answers end and stops long ones.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryChatRunLog } from '../../../adapters/in-memory/in-memory-chat-run-log.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { ChatStreamEvent, ChatRunLog, LoggedEvent, RunSync, ChatRun, ModelAnswer } from '../../../core/chat/index.js';
import { createAbortSource, domainError, fail } from '../../../core/shared/index.js';
import { ChatRunRelay } from '../../../core/chat/index.js';

const timers = {
  after: (ms: number, task: () => void) => {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
  now: Date.now,
};

/** A run of one model that writes `words` words, `delayMs` apart, and ends as aborted when stopped. */
function fakeRun(words: number, delayMs: number) {
  const stop = createAbortSource();
  let resolve: (answers: readonly ModelAnswer[]) => void = () => undefined;
  const settled = new Promise<readonly ModelAnswer[]>((r) => (resolve = r));
  async function* events(): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'start', modelId: 'm' };
    let sent = 0;
    while (sent < words && !stop.signal.aborted) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (stop.signal.aborted) break;
      sent += 1;
      yield { type: 'delta', modelId: 'm', text: `w${sent} ` };
    }
    const finishReason = stop.signal.aborted ? 'aborted' : 'stop';
    yield { type: 'finish', modelId: 'm', usage: { inputTokens: 1, outputTokens: sent }, finishReason };
    resolve([{ modelId: 'm', messageId: 'msg', usage: { inputTokens: 1, outputTokens: sent }, finishReason, creditsCharged: sent, error: null }]);
  }
  const run: ChatRun = { conversationId: randomUUID(), userMessage: { id: randomUUID() } as ChatRun['userMessage'], modelIds: ['m'], events: events(), settled };
  return { run, stop: () => stop.abort() };
}

async function all(events: AsyncIterable<LoggedEvent>): Promise<LoggedEvent[]> {
  const out: LoggedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** A log that counts its syncs and can be made to fail. */
function countingLog(inner: ChatRunLog = new InMemoryChatRunLog()) {
  const syncs: (readonly RunSync[])[] = [];
  let down = false;
  const log: ChatRunLog = Object.assign(Object.create(inner) as ChatRunLog, {
    sync: async (runs: readonly RunSync[], leaseMs?: number) => {
      syncs.push(runs);
      return down ? fail(domainError('network', 'the log is down')) : inner.sync(runs, leaseMs);
    },
  });
  return { log, syncs, setDown: (value: boolean) => (down = value) };
}

const relayOn = (log: ChatRunLog, logger = new InMemoryLogger()) =>
  new ChatRunRelay({ chatRunLog: log, logger, newRunId: randomUUID, timers, options: { flushMs: 20, keepAliveMs: 500 } });

const stored = async (log: ChatRunLog, userId: string, runId: string) => {
  for (let i = 0; i < 200; i += 1) {
    const read = await log.read(userId, runId, 0);
    if (read.success && read.data?.run.state === 'finished') return read.data.events;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the run never reached the log finished');
};

/** Waits until the log knows the run (the producing instance synced it once). */
const known = async (log: ChatRunLog, userId: string, runId: string) => {
  for (let i = 0; i < 200; i += 1) {
    const read = await log.read(userId, runId, 0);
    if (read.success && read.data !== null) return read.data;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the run never reached the log');
};

/** A run of one model whose first word comes when `word` is called, then it ends. */
function gatedRun() {
  let word: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (word = resolve));
  const answer: ModelAnswer = { modelId: 'm', messageId: 'msg', usage: { inputTokens: 1, outputTokens: 1 }, finishReason: 'stop', creditsCharged: 1, error: null };
  async function* events(): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'start', modelId: 'm' };
    await gate;
    yield { type: 'delta', modelId: 'm', text: 'first' };
    yield { type: 'finish', modelId: 'm', usage: answer.usage, finishReason: 'stop' };
  }
  const run: ChatRun = { conversationId: randomUUID(), userMessage: { id: randomUUID() } as ChatRun['userMessage'], modelIds: ['m'], events: events(), settled: gate.then(() => [answer]) };
  return { run, word };
}

describe('ChatRunRelay', () => {
  it('the log hears of a run with its first word, not on the way to it; the reader here has that word before any sync', async () => {
    const { log, syncs } = countingLog();
    const relay = new ChatRunRelay({ chatRunLog: log, logger: new InMemoryLogger(), newRunId: randomUUID, timers, options: { flushMs: 60_000, keepAliveMs: 60_000 } });
    const { run, word } = gatedRun();
    const user = randomUUID();
    const published = relay.publish(user, run, () => undefined);
    const reading = published.events[Symbol.asyncIterator]();
    expect((await reading.next()).value?.event).toMatchObject({ type: 'start' });
    // Turns of the event loop (timers included) before the first word: no sync yet.
    for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
    expect(syncs).toHaveLength(0);
    word();
    expect((await reading.next()).value?.event).toMatchObject({ type: 'delta', text: 'first' });
    expect(syncs).toHaveLength(0);
    expect((await known(log, user, published.runId)).run.conversationId).toBe(run.conversationId);
    expect((await all({ [Symbol.asyncIterator]: () => reading })).at(-1)?.event).toMatchObject({ type: 'done' });
  });

  it('a run slow to give its first word is in the log within flushMs all the same: another instance stops it', async () => {
    const shared = new InMemoryChatRunLog();
    const producing = relayOn(shared);
    const { run, word } = gatedRun();
    const user = randomUUID();
    const published = producing.publish(user, run, word);
    expect((await known(shared, user, published.runId)).events.map((e) => e.event.type)).toEqual(['start']);
    expect(await relayOn(shared).stop(user, published.runId)).toEqual({ success: true, data: undefined });
    expect((await all(published.events)).at(-1)?.event).toMatchObject({ type: 'done' });
  });

  it('a stop or a resume asked on another instance the moment the run is named waits for the log to hear of it', async () => {
    const { log, syncs } = countingLog();
    const producing = relayOn(log);
    const { run, word } = gatedRun();
    const user = randomUUID();
    const published = producing.publish(user, run, word);
    expect(syncs).toHaveLength(0); // the log has not heard of the run yet
    const [stopped, opened] = await Promise.all([relayOn(log).stop(user, published.runId), relayOn(log).open(user, published.runId, 0)]);
    expect(stopped).toEqual({ success: true, data: undefined });
    expect(opened.success).toBe(true);
    expect((await all(published.events)).at(-1)?.event).toMatchObject({ type: 'done' });
    // An id the log never learns of is still missing, once the short wait is over.
    expect(await relayOn(log).stop(user, randomUUID())).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('reads a run to its end without any reader; its events reach the log in order, in far fewer syncs than events', async () => {
    const { log, syncs } = countingLog();
    const relay = relayOn(log);
    const { run } = fakeRun(40, 1);
    const user = randomUUID();
    const published = relay.publish(user, run, () => undefined);
    const events = await stored(log, user, published.runId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)?.event).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop', creditsCharged: 40 }] });
    expect(events.filter((e) => e.event.type === 'delta')).toHaveLength(40);
    expect(syncs.length).toBeLessThan(events.length / 2);
  });

  it('a stop asked on another instance reaches the producing one through the log; that instance reads the run from the log', async () => {
    const shared = new InMemoryChatRunLog();
    const producing = relayOn(shared);
    const other = relayOn(shared);
    const fake = fakeRun(1000, 2);
    const user = randomUUID();
    const published = producing.publish(user, fake.run, fake.stop);
    const seen = published.events[Symbol.asyncIterator]();
    while ((await seen.next()).value?.event.type !== 'delta') { /* the answer is under way */ }
    // The log knows the run once the producing instance synced it.
    await known(shared, user, published.runId);
    expect(await other.stop(randomUUID(), published.runId)).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect(await other.stop(user, published.runId)).toEqual({ success: true, data: undefined });
    const opened = await other.open(user, published.runId, 0);
    if (!opened.success) throw new Error(opened.error.message);
    const events = await all(opened.data.events);
    expect(events.at(-1)?.event).toMatchObject({ type: 'done', answers: [{ finishReason: 'aborted' }] });
    expect(events.filter((e) => e.event.type === 'delta').length).toBeLessThan(1000);
  });

  it('a log outage never stops an answer: its reader here gets it all, a warning is logged once, and the log gets it when it works again', async () => {
    const counting = countingLog();
    const logger = new InMemoryLogger();
    const relay = relayOn(counting.log, logger);
    counting.setDown(true);
    const { run } = fakeRun(20, 1);
    const user = randomUUID();
    const published = relay.publish(user, run, () => undefined);
    const events = await all(published.events);
    expect(events.at(-1)?.event.type).toBe('done');
    expect(logger.at('warn').filter((e) => e.message.startsWith('The shared chat run log could not be written'))).toHaveLength(1);
    expect(await counting.log.read(user, published.runId, 0)).toEqual({ success: true, data: null });
    counting.setDown(false);
    expect(await stored(counting.log, user, published.runId)).toEqual(events);
  });

  it('close lets running answers end within the grace, then stops the rest; both ends are in the log', async () => {
    const shared = new InMemoryChatRunLog();
    const relay = relayOn(shared);
    const user = randomUUID();
    const short = fakeRun(3, 5);
    const long = fakeRun(100_000, 5);
    const a = relay.publish(user, short.run, short.stop);
    const b = relay.publish(user, long.run, long.stop);
    expect(relay.running).toBe(2);
    expect(await relay.close(200)).toEqual({ finished: 1, stopped: 1 });
    expect(relay.running).toBe(0);
    const [shortEnd, longEnd] = [(await shared.read(user, a.runId, 0)), (await shared.read(user, b.runId, 0))];
    expect(shortEnd.success && shortEnd.data?.events.at(-1)?.event).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop' }] });
    expect(longEnd.success && longEnd.data?.events.at(-1)?.event).toMatchObject({ type: 'done', answers: [{ finishReason: 'aborted' }] });
  });

  it("another user's run is not found here, for reading and stopping; the run goes on", async () => {
    const relay = relayOn(new InMemoryChatRunLog());
    const { run } = fakeRun(5, 1);
    const published = relay.publish('owner', run, () => undefined);
    expect(await relay.open('someone-else', published.runId, 0)).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect(await relay.stop('someone-else', published.runId)).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect((await all(published.events)).at(-1)?.event).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop' }] });
  });
});
