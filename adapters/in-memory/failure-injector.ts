import { domainError, type DomainError } from '../../core/shared/index.js';

/**
 * Lets a test make the next call of one operation fail with a chosen domain error, so unhappy
 * paths run against the real in-memory adapter instead of a mock.
 */
export class FailureInjector<Operation extends string> {
  private readonly queued = new Map<Operation, DomainError[]>();

  failNext(operation: Operation, error: DomainError = domainError('network', `${operation} failed (injected)`)): void {
    const list = this.queued.get(operation) ?? [];
    list.push(error);
    this.queued.set(operation, list);
  }

  /** The queued error for this call, if any (consumed). */
  take(operation: Operation): DomainError | undefined {
    return this.queued.get(operation)?.shift();
  }
}
