// When the run log writer (core/chat/use-cases/run-log-writer.ts) syncs, on a clock of the
// test's own: new events reach the log within flushMs even while a much longer keep-alive is
// pending, a run with nothing new is kept alive every keepAliveMs, and a log that fails is asked
// again at the keep-alive pace whatever the answer produces meanwhile.
import { describe, expect, it } from 'vitest';
import { InMemoryChatRunLog } from '../../../adapters/in-memory/in-memory-chat-run-log.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { ChatRunLog, RunSync } from '../../../core/chat/index.js';
import { domainError, fail } from '../../../core/shared/index.js';
import { LocalRun, RunLogWriter, type RunTimers } from '../../../core/chat/index.js';

/** Timers on a clock that moves only when the test says so (from T0, as a wall clock would be). */
const T0 = 1_700_000_000_000;
function manualTimers() {
  let now = T0;
  let nextId = 0;
  const pending = new Map<number, { at: number; task: () => void }>();
  const timers: RunTimers = {
    after: (ms, task) => {
      const id = (nextId += 1);
      pending.set(id, { at: now + ms, task });
      return () => pending.delete(id);
    },
    now: () => now,
  };
  /** Lets the log's promises settle (they take no time on this clock). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Moves the clock by `ms`, running each timer at its time, in order. */
  async function advance(ms: number): Promise<void> {
    const end = now + ms;
    for (;;) {
      await settle();
      const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      pending.delete(due[0]);
      now = Math.max(now, due[1].at);
      due[1].task();
    }
    now = end;
    await settle();
  }
  return { timers, advance, now: () => now };
}

/** The log, with the clock time and content of every sync it was asked for; it can be made to fail. */
function recordingLog(clock: () => number) {
  const inner = new InMemoryChatRunLog(clock);
  const syncs: { at: number; runs: readonly RunSync[] }[] = [];
  let down = false;
  const log: ChatRunLog = Object.assign(Object.create(inner) as ChatRunLog, {
    sync: async (runs: readonly RunSync[], leaseMs?: number) => {
      syncs.push({ at: clock(), runs });
      return down ? fail(domainError('network', 'the log is down')) : inner.sync(runs, leaseMs);
    },
  });
  return { log, syncs, setDown: (value: boolean) => (down = value) };
}

const start = { conversationId: 'c', userMessageId: 'u', modelIds: ['m'] };
const delta = (text: string) => ({ type: 'delta', modelId: 'm', text }) as const;

describe('RunLogWriter', () => {
  it('new events after an idle sync are written within flushMs, not at the next keep-alive', async () => {
    const clock = manualTimers();
    const { log, syncs } = recordingLog(clock.now);
    const writer = new RunLogWriter(log, clock.timers, new InMemoryLogger(), { flushMs: 20, keepAliveMs: 10_000 });
    const run = new LocalRun('r1', 'user', start, () => undefined);
    run.push({ type: 'start', modelId: 'm' }, clock.now());
    writer.track(run);
    await clock.advance(20);
    expect(syncs.map((s) => s.at - T0)).toEqual([0]);
    // The answer pauses: the next sync is a keep-alive, 10 s away.
    await clock.advance(1_000);
    expect(syncs).toHaveLength(1);
    for (const [i, pauseMs] of [500, 3_000, 7].entries()) {
      run.push(delta(`w${i}`), clock.now());
      writer.changed(run);
      const pushedAt = clock.now();
      await clock.advance(20);
      const last = syncs.at(-1)!;
      expect(last.runs[0]?.events.map((e) => e.event)).toEqual([delta(`w${i}`)]);
      expect(last.at - pushedAt).toBeLessThanOrEqual(20);
      await clock.advance(pauseMs);
    }
    const stored = await log.read('user', 'r1', 0);
    expect(stored.success && stored.data?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    writer.stop();
  });

  it('events come in batches at most every flushMs; a run with nothing new is kept alive every keepAliveMs', async () => {
    const clock = manualTimers();
    const { log, syncs } = recordingLog(clock.now);
    const writer = new RunLogWriter(log, clock.timers, new InMemoryLogger(), { flushMs: 20, keepAliveMs: 100 });
    const run = new LocalRun('r2', 'user', start, () => undefined);
    writer.track(run);
    for (let i = 0; i < 50; i += 1) {
      run.push(delta(`w${i}`), clock.now());
      writer.changed(run);
      await clock.advance(2);
    }
    const busy = syncs.map((s) => s.at);
    expect(busy.slice(1).every((at, i) => at - (busy[i] ?? 0) >= 20)).toBe(true);
    expect(busy.length).toBeLessThanOrEqual(Math.ceil(100 / 20) + 1);
    const before = syncs.length;
    await clock.advance(350);
    const idle = syncs.slice(before);
    expect(idle.length).toBe(3);
    expect(idle.every((s) => s.runs[0]?.events.length === 0)).toBe(true);
    expect(idle.slice(1).map((s, i) => s.at - (idle[i]?.at ?? 0))).toEqual([100, 100]);
    writer.stop();
  });

  it('while the log fails it is asked again every keepAliveMs, however many events come; then everything is written', async () => {
    const clock = manualTimers();
    const { log, syncs, setDown } = recordingLog(clock.now);
    const logger = new InMemoryLogger();
    const writer = new RunLogWriter(log, clock.timers, logger, { flushMs: 20, keepAliveMs: 1_000 });
    const run = new LocalRun('r3', 'user', start, () => undefined);
    setDown(true);
    writer.track(run);
    await clock.advance(20);
    expect(syncs).toHaveLength(1);
    for (let i = 0; i < 100; i += 1) {
      run.push(delta(`w${i}`), clock.now());
      writer.changed(run);
      await clock.advance(25);
    }
    // 2.5 s of events: the log was asked at 0, 1000 and 2000 ms only.
    expect(syncs.map((s) => s.at - T0)).toEqual([0, 1_000, 2_000]);
    expect(logger.at('warn')).toHaveLength(1);
    setDown(false);
    await clock.advance(1_000);
    const stored = await log.read('user', 'r3', 0);
    expect(stored.success && stored.data?.events).toHaveLength(100);
    // Written again: new events are back to flushMs.
    run.push(delta('after'), clock.now());
    writer.changed(run);
    const pushedAt = clock.now();
    await clock.advance(20);
    expect(syncs.at(-1)!.at - pushedAt).toBeLessThanOrEqual(20);
    expect(syncs.at(-1)!.runs[0]?.events.map((e) => e.event)).toEqual([delta('after')]);
    writer.stop();
  });
});
