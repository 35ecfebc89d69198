/**
 * Interleaves several async streams in arrival order, pulling lazily: a source is asked for its next
 * item only when the consumer asks for one, so nothing runs ahead of the reader (an abort seen by the
 * reader reaches the sources before they produce more). When the reader stops early, `onStop` runs
 * and every source is drained to its end, so their own clean-up code (charging, saving) still runs.
 */
export const mergeStreams = <T>(
  sources: readonly AsyncIterable<T>[],
  onStop: () => void = () => undefined,
): AsyncIterableIterator<T> => {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  type Pulled = { readonly index: number; readonly result: IteratorResult<T> };
  const pending = new Map<number, Promise<Pulled>>();
  const toRequest = new Set(iterators.map((_, index) => index));

  const request = (index: number): void => {
    const iterator = iterators[index] as AsyncIterator<T>;
    pending.set(index, iterator.next().then((result) => ({ index, result })));
  };

  const drain = async (): Promise<void> => {
    for (const index of toRequest) request(index);
    toRequest.clear();
    await Promise.all(
      [...pending.values()].map(async (first) => {
        let pulled = await first;
        while (!pulled.result.done) pulled = { index: pulled.index, result: await (iterators[pulled.index] as AsyncIterator<T>).next() };
      }),
    );
    pending.clear();
  };

  const merged: AsyncIterableIterator<T> = {
    async next() {
      for (const index of toRequest) request(index);
      toRequest.clear();
      while (pending.size > 0) {
        const { index, result } = await Promise.race(pending.values());
        pending.delete(index);
        if (result.done) continue;
        toRequest.add(index);
        return { done: false, value: result.value };
      }
      return { done: true, value: undefined };
    },
    async return() {
      onStop();
      await drain();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return merged;
    },
  };
  return merged;
};
