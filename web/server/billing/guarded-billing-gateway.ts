import type { BillingGateway } from '../../../core/ports/billing-gateway.js';
import type { Logger } from '../../../core/ports/logger.js';
import { domainError, type DomainError } from '../../../core/shared/errors.js';
import { fail, type Result } from '../../../core/shared/result.js';

const UNAVAILABLE = 'Billing is unavailable: the billing access token is missing or was rejected';

const isRejectedToken = (error: DomainError): boolean =>
  error.code === 'billing_unavailable' &&
  (error.details?.['reason'] === 'invalid_token' || error.details?.['error'] === 'invalid_token' || error.details?.['status'] === 401);

/**
 * app spec §6 on the server: a rejected billing token (401 / invalid_token) logs a warning once and
 * turns billing off, so the routes answer "billing unavailable" at once instead of asking the
 * provider again on every click. After `recheckMs` one call is let through to see whether the
 * token works again (a rotated token, a provider incident).
 */
export class GuardedBillingGateway implements BillingGateway {
  private disabledUntil: number | null = null;

  constructor(
    private readonly inner: BillingGateway | null,
    private readonly options: { logger: Logger; recheckMs?: number; now?: () => number },
  ) {}

  get available(): boolean {
    if (this.inner === null) return false;
    return this.disabledUntil === null || this.now() >= this.disabledUntil;
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
    if (this.inner === null || !this.available) return fail(domainError('billing_unavailable', UNAVAILABLE));
    const answer = await operation(this.inner);
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
