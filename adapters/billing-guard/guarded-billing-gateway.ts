import type { BillingGateway } from '../../core/billing/index.js';
import type { Logger } from '../../core/shared/index.js';
import { domainError, type DomainError, fail, type Result } from '../../core/shared/index.js';
import { CircuitBreaker } from './circuit-breaker.js';

const NO_TOKEN = 'Billing is unavailable: the billing access token is missing or was rejected';
const DOWN = 'Billing is unavailable: the billing provider is not answering; it is tried again shortly';

const isRejectedToken = (error: DomainError): boolean =>
  error.code === 'billing_unavailable' &&
  (error.details?.['reason'] === 'invalid_token' || error.details?.['error'] === 'invalid_token' || error.details?.['status'] === 401);

/** Timeouts, connection failures and 5xx: the provider is down or failing, not answering "no". */
const isOutage = (error: DomainError): boolean =>
  error.code === 'billing_unavailable' && (error.details?.['reason'] === 'unreachable' || error.details?.['reason'] === 'provider_error');

export interface GuardOptions {
  readonly logger: Logger;
  /** After a rejected token, how long until one call may try again (default 5 minutes). */
  readonly recheckMs?: number;
  /** Outage failures in a row that open the circuit breaker (default 3). */
  readonly breakerFailures?: number;
  /** How long an open breaker refuses calls before a probe (default 30 s). */
  readonly breakerCooldownMs?: number;
  readonly now?: () => number;
}

/**
 * The one source of "billing is available" on the server (/api/config, /api/billing/plan, and the
 * 503 of every /api/billing call all read it), over the billing provider:
 * - app spec §6: a rejected billing token (401 / invalid_token) logs a warning once and turns billing
 *   off; after `recheckMs` one call is let through to see whether the token works again;
 * - a provider that times out or fails (5xx) is noticed (CircuitBreaker): `available` is false from
 *   the first such failure for a cooldown, only one call at a time then tries the provider, and after
 *   `breakerFailures` in a row every call is refused at once (no user waits for a timeout) until a
 *   probe after the cooldown finds it answering again.
 */
export class GuardedBillingGateway implements BillingGateway {
  private disabledUntil: number | null = null;
  private readonly breaker: CircuitBreaker;

  constructor(
    private readonly inner: BillingGateway | null,
    private readonly options: GuardOptions,
  ) {
    this.breaker = new CircuitBreaker({ failureThreshold: options.breakerFailures ?? 3, cooldownMs: options.breakerCooldownMs ?? 30_000, now: () => this.now() });
  }

  get available(): boolean {
    if (this.inner === null) return false;
    if (this.disabledUntil !== null && this.now() < this.disabledUntil) return false;
    return !this.breaker.recentlyFailed;
  }

  getPlanProduct = () => this.call((g) => g.getPlanProduct());
  getPlanDiscount = () => this.call((g) => g.getPlanDiscount());
  createCheckout = (input: Parameters<BillingGateway['createCheckout']>[0]) => this.call((g) => g.createCheckout(input));
  getCheckout = (input: Parameters<BillingGateway['getCheckout']>[0]) => this.call((g) => g.getCheckout(input));
  cancelSubscription = (input: Parameters<BillingGateway['cancelSubscription']>[0]) => this.call((g) => g.cancelSubscription(input));
  resumeSubscription = (input: Parameters<BillingGateway['resumeSubscription']>[0]) => this.call((g) => g.resumeSubscription(input));
  createPortalSession = (input: Parameters<BillingGateway['createPortalSession']>[0]) => this.call((g) => g.createPortalSession(input));
  getCustomerState = (userId: string) => this.call((g) => g.getCustomerState(userId));

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async call<T>(operation: (gateway: BillingGateway) => Promise<Result<T>>): Promise<Result<T>> {
    if (this.inner === null || (this.disabledUntil !== null && this.now() < this.disabledUntil)) {
      return fail(domainError('billing_unavailable', NO_TOKEN));
    }
    const slot = this.breaker.tryAcquire();
    if (!slot.allowed) return fail(domainError('billing_unavailable', DOWN, { reason: 'circuit_open' }));
    const answer = await operation(this.inner);
    const outage = !answer.success && isOutage(answer.error);
    const change = this.breaker.record(outage ? 'outage' : 'answer', slot.trial);
    if (change === 'opened') this.options.logger.warn('The billing provider is not answering; billing calls are refused until a probe finds it back', { error: answer.success ? undefined : answer.error });
    if (change === 'closed') this.options.logger.info('The billing provider answers again; billing is back on');
    if (!answer.success && isRejectedToken(answer.error)) {
      if (this.disabledUntil === null || this.now() >= this.disabledUntil) {
        this.options.logger.warn('The billing provider rejected the access token; billing features are turned off', { error: answer.error });
      }
      this.disabledUntil = this.now() + (this.options.recheckMs ?? 5 * 60_000);
    } else if (answer.success) {
      this.disabledUntil = null;
    }
    return answer;
  }
}
