/**
 * An unbounded queue read by one async iterator: several producers push as their events arrive,
 * the reader sees them in arrival order. Producers here are model streams whose answers are small
 * text, so no backpressure is needed beyond the models' own pull-based streams.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly buffer: T[] = [];
  private head = 0;
  private closed = false;
  private wake: (() => void) | null = null;

  push(item: T): void {
    if (this.closed) return;
    this.buffer.push(item);
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    while (true) {
      if (this.head < this.buffer.length) {
        const item = this.buffer[this.head] as T;
        this.head += 1;
        if (this.head === this.buffer.length) {
          this.buffer.length = 0;
          this.head = 0;
        }
        yield item;
      } else if (this.closed) {
        return;
      } else {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
