/** What reads the sandbox's time. */
interface Clock {
  now(): Date;
}

export type AdvanceListener = (now: Date, previous: Date) => void;

/**
 * Real time plus an offset the sandbox controls, so renewals and expiries can be reached without
 * waiting. The offset only grows; it is persisted by the app so a restart keeps the sandbox's "now".
 */
export class SandboxClock implements Clock {
  private offset: number;
  private readonly listeners = new Set<AdvanceListener>();

  constructor(
    offsetMs = 0,
    private readonly realNow: () => number = Date.now,
  ) {
    this.offset = offsetMs;
  }

  now(): Date {
    return new Date(this.realNow() + this.offset);
  }

  /** UTC ISO string with `Z`, the way the provider serializes datetimes. */
  iso(): string {
    return this.now().toISOString();
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the sandbox time forward and tells every listener (renewals, expiries, persistence). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the sandbox clock only moves forward');
    const previous = this.now();
    this.offset += ms;
    const now = this.now();
    for (const listener of this.listeners) listener(now, previous);
    return now;
  }

  onAdvance(listener: AdvanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
