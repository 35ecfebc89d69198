import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConnectionError,
  httpFacts,
  InputValidationError,
  InvalidTokenError,
  ProviderError,
  RequestTimeoutError,
  ResponseValidationError,
} from '@ensemble/billing-client';
import { domainError } from '../../../core/shared/index.js';
import { billingFailure, domainFailure, isBillingFailure, statusOf } from '../../../cli/failures.js';

const local = { env: 'local', server: 'http://127.0.0.1:54380', local: true };
const prod = { env: 'production', server: 'production', local: false };
const order = { noun: 'order', id: 'o-1', listCommand: 'ensemble orders list' };
const facts = (status: number, body = '') => httpFacts(status, 'application/json', {}, body);

describe('CLI errors: one line with what to do next (billing)', () => {
  it('unknown id names the thing and the listing that shows valid ids (exit 1)', () => {
    const error = billingFailure(new ProviderError('ResourceNotFound', 'Not found', facts(404)), order, prod);
    expect(error.message).toBe('No order o-1 found on production: check the id (`ensemble orders list` lists them)');
    expect(error.exitCode).toBe(1);
  });

  it('a refused token points at --token and BILLING_ACCESS_TOKEN', () => {
    expect(billingFailure(new InvalidTokenError('expired', facts(401)), order, prod).message).toBe(
      'The billing access token was refused for production (expired): check --token or BILLING_ACCESS_TOKEN',
    );
  });

  it('not permitted says why it may be', () => {
    expect(billingFailure(new ProviderError('NotPermitted', 'no', facts(403)), order, prod).message).toMatch(/^Not permitted to act on order o-1: the token lacks the scope/);
  });

  it('unreachable: locally asks whether the sandbox runs; elsewhere to check --env and the network', () => {
    expect(billingFailure(new ConnectionError(new Error('ECONNREFUSED')), order, local).message).toBe(
      'Cannot reach the billing API at http://127.0.0.1:54380: is `npm start` or `npm run sandbox:billing` running?',
    );
    expect(billingFailure(new RequestTimeoutError(30_000), order, prod).message).toBe('Cannot reach the billing API at production: check --env and your network');
  });

  it('a server failure says to try again; an untyped refusal shows the provider detail', () => {
    expect(billingFailure(new ApiError(facts(503, 'oops')), order, prod).message).toBe('The billing API failed (HTTP 503); try again in a moment');
    expect(billingFailure(new ApiError(facts(400, '{"detail":"Subscription is not set to cancel"}')), order, prod).message).toBe(
      'order o-1: Subscription is not set to cancel (HTTP 400)',
    );
  });

  it('a bug is not disguised as a billing failure', () => {
    expect(() => billingFailure(new TypeError('x is undefined'), order, prod)).toThrow(TypeError);
  });

  it('an error is a billing failure by its kind, one of the client\'s', () => {
    const other = Object.assign(new Error('odd'), { kind: 'not_a_billing_kind' });
    expect([isBillingFailure(other), isBillingFailure({ kind: 'api' }), isBillingFailure(new ApiError(facts(500)))]).toEqual([false, false, true]);
    expect(() => billingFailure(other, order, prod)).toThrow('odd');
  });

  it('the status of a failure is the status of the answer it came from, none for local and transport failures', () => {
    expect(statusOf(new ProviderError('InvoiceDoesNotExist', 'later', facts(404)))).toBe(404);
    expect(statusOf(new InvalidTokenError('expired', facts(401)))).toBe(401);
    expect(statusOf(new ResponseValidationError('<html>', [], facts(404)))).toBe(404);
    expect([statusOf(new RequestTimeoutError(1)), statusOf(new InputValidationError([]))]).toEqual([undefined, undefined]);
  });

  it('a provider refusal other than not found or not permitted shows its detail and name', () => {
    // The provider's name is read before the status: a 403 AlreadyCanceledSubscription is no scope problem.
    expect(billingFailure(new ProviderError('AlreadyCanceledSubscription', 'Subscription is already canceled', facts(403)), order, prod).message).toBe(
      'order o-1: Subscription is already canceled (AlreadyCanceledSubscription)',
    );
    expect(billingFailure(new ProviderError('RefundAmountTooHigh', 'Too high', facts(400)), order, prod).message).toBe('order o-1: Too high (RefundAmountTooHigh)');
  });
});

describe('CLI errors: one line with what to do next (Supabase)', () => {
  it('validation is a usage error; not found asks to check the address or id', () => {
    expect(domainFailure(domainError('validation', 'Amount must be a whole number'), 'u', false)).toMatchObject({ exitCode: 2, message: 'Amount must be a whole number' });
    expect(domainFailure(domainError('not_found', 'No user with e-mail a@b.c'), 'u', false).message).toBe('No user with e-mail a@b.c: check the e-mail address or id (`ensemble users list --query <part>` finds users by part of either)');
  });

  it('unreachable: locally asks whether the stand-in runs', () => {
    expect(domainFailure(domainError('network', 'TypeError: fetch failed'), 'http://127.0.0.1:54321', true).message).toBe(
      'Cannot reach Supabase at http://127.0.0.1:54321: is `npm start` or `npm run supabase:local` running?',
    );
  });

  it('a refused key points at the service-role key', () => {
    expect(domainFailure(domainError('forbidden', 'permission denied'), 'u', false).message).toMatch(/check SUPABASE_SERVICE_ROLE_KEY is the service-role key/);
  });
});
