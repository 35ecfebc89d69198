import { fail, ok } from '../../domain/result.js';
import { named, type RuleResult } from '../../domain/provider-failure.js';

/** License-key rules of the provider's license_keys benefit and its public validate/activate calls. */
export interface LicenseKeyProperties {
  readonly prefix: string | null;
  readonly expires: { ttl: number; timeframe: 'year' | 'month' | 'day' } | null;
  readonly activations: { limit: number; enable_customer_admin: boolean } | null;
  readonly limit_usage: number | null;
}

export interface KeyFacts {
  readonly status: string;
  readonly expires_at: string | null;
  readonly usage: number;
  readonly limit_usage: number | null;
  readonly limit_activations: number | null;
  readonly benefit_id: string;
  readonly customer_id: string;
}

/** `PREFIX-` plus an upper-case UUID (no prefix: the UUID alone), as the provider formats keys. */
export const formatKey = (prefix: string | null, uuid: string): string =>
  `${prefix === null || prefix === '' ? '' : `${prefix.toUpperCase()}-`}${uuid.toUpperCase()}`;

/** The key with all but its last six characters masked. */
export const displayKey = (key: string): string => `****-${key.slice(-6)}`;

/** `ttl` days, months or years after `from` (calendar arithmetic in UTC, like the provider's relativedelta). */
export function expiryFrom(from: Date, expires: LicenseKeyProperties['expires']): string | null {
  if (expires === null) return null;
  if (expires.timeframe === 'day') return new Date(from.getTime() + expires.ttl * 86_400_000).toISOString();
  // months and years keep the day of month, clamped to the target month's end (Jan 31 + 1 month = Feb 28)
  const months = expires.timeframe === 'month' ? expires.ttl : expires.ttl * 12;
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return new Date(target.getTime() + (from.getTime() % 86_400_000)).toISOString();
}

const notFound = (detail: string) => named(404, 'ResourceNotFound', detail);

/** A key that is not granted or has expired is "not found" to the public calls. */
export function usableKey(key: KeyFacts, now: Date): RuleResult<true> {
  if (key.status !== 'granted') return fail(notFound('License key is no longer active.'));
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime()) return fail(notFound('License key has expired.'));
  return ok(true);
}

export interface ValidateInput {
  readonly benefit_id?: string | null;
  readonly customer_id?: string | null;
  readonly increment_usage?: number | null;
}

/** Validate: scope checks (404), then the usage increment against the limit (403 NotPermitted). */
export function checkValidation(key: KeyFacts, input: ValidateInput, now: Date): RuleResult<{ usage: number }> {
  const usable = usableKey(key, now);
  if (!usable.success) return usable;
  if (input.benefit_id != null && input.benefit_id !== key.benefit_id) return fail(notFound('License key does not match the given benefit.'));
  if (input.customer_id != null && input.customer_id !== key.customer_id) return fail(notFound('License key does not match the given customer.'));
  const increment = input.increment_usage ?? 0;
  if (increment > 0 && key.limit_usage !== null) {
    const remaining = key.limit_usage - key.usage;
    if (increment > remaining) return fail(named(403, 'NotPermitted', `License key only has ${Math.max(remaining, 0)} more usages.`));
  }
  return ok({ usage: key.usage + increment });
}

/** Activate: the key must support activations and have one left (403 NotPermitted otherwise). */
export function checkActivation(key: KeyFacts, activeCount: number, now: Date): RuleResult<true> {
  const usable = usableKey(key, now);
  if (!usable.success) return usable;
  if (key.limit_activations === null) return fail(named(403, 'NotPermitted', 'License key does not support activations.'));
  if (activeCount >= key.limit_activations) return fail(named(403, 'NotPermitted', 'License key activation limit already reached.'));
  return ok(true);
}

/** An activation's conditions must equal what the validate call states (string comparison). */
export function conditionsMatch(stored: Readonly<Record<string, unknown>>, given: Readonly<Record<string, unknown>> | undefined): boolean {
  const wanted = given ?? {};
  const keys = new Set([...Object.keys(stored), ...Object.keys(wanted)]);
  for (const k of keys) if (String(stored[k]) !== String(wanted[k])) return false;
  return true;
}
