import { describe, expect, it } from 'vitest';
import { createAbortSource, mergeStreams } from '../../../core/shared/index.js';

/** A source that records how far it was pulled and whether its clean-up ran. */
const counting = (name: string, count: number) => {
  const state = { pulled: 0, finished: false };
  async function* source() {
    try {
      for (let i = 1; i <= count; i += 1) {
        state.pulled = i;
        yield `${name}${i}`;
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, stream: source() };
};

describe('mergeStreams (chat streaming)', () => {
  it('interleaves sources as they produce, and ends when all have ended', async () => {
    const a = counting('a', 2);
    const b = counting('b', 3);
    const items: string[] = [];
    for await (const item of mergeStreams([a.stream, b.stream])) items.push(item);
    expect(items).toEqual(['a1', 'b1', 'a2', 'b2', 'b3']);
  });

  it('is lazy: a source is not pulled ahead of the reader', async () => {
    const a = counting('a', 10);
    const merged = mergeStreams([a.stream]);
    await merged.next();
    await merged.next();
    expect(a.state.pulled).toBe(2);
  });

  it('a reader that stops early triggers onStop and drains every source to its end', async () => {
    const a = counting('a', 5);
    const b = counting('b', 5);
    let stopped = 0;
    for await (const item of mergeStreams([a.stream, b.stream], () => (stopped += 1))) {
      if (item === 'b1') break;
    }
    expect(stopped).toBe(1);
    expect([a.state.finished, b.state.finished]).toEqual([true, true]);
  });
});

describe('abort source', () => {
  it('aborts on its own or with its parent, notifying listeners once', () => {
    const parent = createAbortSource();
    const child = createAbortSource(parent.signal);
    let heard = 0;
    child.signal.addEventListener('abort', () => (heard += 1));
    parent.abort();
    child.abort();
    expect([child.signal.aborted, heard]).toEqual([true, 1]);
    expect(createAbortSource(child.signal).signal.aborted).toBe(true);
  });

  it('after dispose the parent no longer reaches it', () => {
    const parent = createAbortSource();
    const child = createAbortSource(parent.signal);
    child.dispose();
    parent.abort();
    expect(child.signal.aborted).toBe(false);
  });
});
