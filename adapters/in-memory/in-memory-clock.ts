import type { Clock } from '../../core/shared/index.js';

/** A clock that only moves when told to. */
export class InMemoryClock implements Clock {
  private epochMs: number;

  constructor(start: Date = new Date()) {
    this.epochMs = start.getTime();
  }

  now(): Date {
    return new Date(this.epochMs);
  }

  set(date: Date): void {
    this.epochMs = date.getTime();
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('InMemoryClock cannot go back in time');
    this.epochMs += ms;
  }
}
