/**
 * A circuit breaker over calls to one provider.
 * - Closed: calls go through.
 * - Suspect, after an outage failure (a timeout, no connection, a 5xx): one call at a time goes
 *   through as a trial, the others are refused at once, so a provider that stopped answering holds
 *   one user at a time to its timeout, not all of them.
 * - Open, after `failureThreshold` outage failures in a row: every call is refused at once for
 *   `cooldownMs`; then one trial call (the probe) goes through again.
 * Any answer (even a refusal such as 404) closes it.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil: number | null = null;
  private trialRunning = false;
  private lastOutageAt: number | null = null;

  constructor(private readonly options: { failureThreshold: number; cooldownMs: number; now: () => number }) {}

  /** Open, and not yet time for a probe. */
  get open(): boolean {
    return this.openUntil !== null && this.options.now() < this.openUntil;
  }

  /**
   * An outage failure less than a cooldown ago, and no answer since: the provider looks down (always
   * so while open). Past the cooldown it looks worth a try again, so callers let a probe through.
   */
  get recentlyFailed(): boolean {
    return this.lastOutageAt !== null && this.options.now() < this.lastOutageAt + this.options.cooldownMs;
  }

  /** Whether a call may go now; `trial` when it is the one call let through while suspect or after the cooldown. */
  tryAcquire(): { allowed: false } | { allowed: true; trial: boolean } {
    if (this.failures === 0) return { allowed: true, trial: false };
    if (this.open || this.trialRunning) return { allowed: false };
    this.trialRunning = true;
    return { allowed: true, trial: true };
  }

  /** A call's outcome: `outage` for timeouts, connection failures and 5xx; anything else is an answer. */
  record(outcome: 'answer' | 'outage', trial: boolean): 'opened' | 'closed' | null {
    if (trial) this.trialRunning = false;
    if (outcome === 'answer') {
      const wasOpen = this.openUntil !== null;
      this.failures = 0;
      this.openUntil = null;
      this.lastOutageAt = null;
      return wasOpen ? 'closed' : null;
    }
    this.failures += 1;
    this.lastOutageAt = this.options.now();
    if (this.failures < this.options.failureThreshold) return null;
    const wasOpen = this.openUntil !== null;
    this.openUntil = this.options.now() + this.options.cooldownMs;
    return wasOpen ? null : 'opened';
  }
}
