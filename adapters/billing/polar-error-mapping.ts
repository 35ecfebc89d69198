import { domainError, type DomainError } from '../../core/shared/index.js';
import type { BillingError } from '@ensemble/billing-client';

const CONFLICTS = new Set([
  'AlreadyCanceledSubscription',
  'AlreadyActiveSubscriptionError',
  'NotOpenCheckout',
  'SubscriptionLocked',
  'CheckoutLocked',
  'InvoiceAlreadyExists',
  'OrderNotEligibleForInvoice',
  'RefundedAlready',
  'TrialAlreadyRedeemed',
]);

const status = (error: BillingError): number | undefined =>
  'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;

/**
 * Billing client errors as the core understands them (DESIGN "foreign errors mapped at the adapter
 * edge"). A missing or rejected token (401 / invalid_token) and an unreachable or failing provider
 * both mean billing is unavailable; `details.reason` tells them apart for logs.
 */
export function toDomainError(error: BillingError): DomainError {
  const details: Record<string, unknown> = { kind: error.kind, status: status(error) };
  const e = error as BillingError & { kind: string; error?: string; detail?: unknown };
  switch (e.kind) {
    case 'invalid_token':
      return domainError('billing_unavailable', 'Billing is unavailable', { ...details, reason: 'invalid_token' });
    case 'provider': {
      const name = e.error ?? '';
      const withName = { ...details, provider: name, detail: e.detail };
      if (name === 'Unauthorized') return domainError('billing_unavailable', 'Billing is unavailable', { ...withName, reason: 'invalid_token' });
      // 410: an expired checkout is gone for good, as a missing one is.
      if (name === 'ResourceNotFound' || status(error) === 404 || status(error) === 410) return domainError('not_found', String(e.detail ?? 'Not found'), withName);
      if (CONFLICTS.has(name)) return domainError('conflict', String(e.detail ?? name), withName);
      if (status(error) === 403) return domainError('forbidden', String(e.detail ?? 'Not permitted'), withName);
      return domainError('validation', String(e.detail ?? name), withName);
    }
    case 'http_validation':
    case 'input_validation':
      return domainError('validation', error.message, details);
    case 'api': {
      const code = status(error) ?? 0;
      if (code === 401) return domainError('billing_unavailable', 'Billing is unavailable', { ...details, reason: 'invalid_token' });
      if (code === 404) return domainError('not_found', 'Not found', details);
      if (code === 403) return domainError('forbidden', 'Not permitted', details);
      if (code === 409) return domainError('conflict', 'Conflict', details);
      if (code === 429) return domainError('rate_limited', 'Billing provider rate limit reached', { ...details, retryable: true });
      if (code >= 500) return domainError('billing_unavailable', 'Billing is unavailable', { ...details, reason: 'provider_error', retryable: true });
      return domainError('unexpected', error.message, details);
    }
    case 'timeout':
    case 'connection':
      return domainError('billing_unavailable', 'Billing is unavailable', { ...details, reason: 'unreachable', retryable: true });
    case 'aborted':
      return domainError('network', 'Request aborted', details);
    default:
      return domainError('unexpected', error.message, details);
  }
}
