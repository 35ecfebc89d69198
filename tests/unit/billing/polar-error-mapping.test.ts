import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConnectionError,
  httpFacts,
  HttpValidationError,
  InputValidationError,
  InvalidTokenError,
  ProviderError,
  RequestAbortedError,
  RequestTimeoutError,
  ResponseValidationError,
  UnexpectedResponseError,
  type BillingError,
} from '@ensemble/billing-client';
import { toDomainError } from '../../../adapters/billing/polar-error-mapping.js';

const facts = (status: number) => httpFacts(status, 'application/json', {}, '');
const named = (name: string, status: number) => new ProviderError(name, `${name} detail`, facts(status));

describe('billing errors as domain errors (DESIGN: foreign errors mapped at the adapter edge)', () => {
  it.each<[string, BillingError, string]>([
    ['401 invalid_token', new InvalidTokenError('expired', facts(401)), 'billing_unavailable'],
    ['401 Unauthorized', named('Unauthorized', 401), 'billing_unavailable'],
    ['401 with an unknown body', new ApiError(facts(401)), 'billing_unavailable'],
    ['404 ResourceNotFound', named('ResourceNotFound', 404), 'not_found'],
    ['403 AlreadyCanceledSubscription', named('AlreadyCanceledSubscription', 403), 'conflict'],
    ['403 AlreadyActiveSubscriptionError', named('AlreadyActiveSubscriptionError', 403), 'conflict'],
    ['409 SubscriptionLocked', named('SubscriptionLocked', 409), 'conflict'],
    ['403 NotPermitted', named('NotPermitted', 403), 'forbidden'],
    ['400 PaymentError', named('PaymentError', 400), 'validation'],
    ['410 ExpiredCheckoutError', named('ExpiredCheckoutError', 410), 'not_found'],
    ['422 HTTPValidationError', new HttpValidationError([{ loc: ['body', 'x'], msg: 'bad', type: 'value_error' }], facts(422)), 'validation'],
    ['local input validation', new InputValidationError([]), 'validation'],
    ['429 rate limit', new ApiError(facts(429)), 'rate_limited'],
    ['503 provider down', new ApiError(facts(503)), 'billing_unavailable'],
    ['timeout', new RequestTimeoutError(1000), 'billing_unavailable'],
    ['connection refused', new ConnectionError(new Error('ECONNREFUSED')), 'billing_unavailable'],
    ['aborted', new RequestAbortedError(), 'network'],
    ['response validation', new ResponseValidationError({}, [], facts(200)), 'unexpected'],
    ['unexpected status', new UnexpectedResponseError(facts(302)), 'unexpected'],
  ])('%s -> %s', (_name, error, code) => {
    expect(toDomainError(error).code).toBe(code);
  });

  it('a rejected token is told apart from an outage in the details', () => {
    expect(toDomainError(new InvalidTokenError('expired', facts(401))).details).toMatchObject({ reason: 'invalid_token' });
    expect(toDomainError(new ApiError(facts(502))).details).toMatchObject({ reason: 'provider_error', retryable: true, status: 502 });
  });
});
