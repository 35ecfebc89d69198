import type { Result } from './result.js';

/**
 * What a sandbox rule answers when it refuses: either a named provider error (`{"error","detail"}`
 * with its status) or a 422 list of validation items. Route code turns it into a
 * response; domain code never touches HTTP.
 */
export interface ValidationItem {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly input: unknown;
  readonly ctx?: Readonly<Record<string, unknown>>;
}

export type ProviderFailure =
  | { readonly kind: 'named'; readonly status: number; readonly error: string; readonly detail: string }
  | { readonly kind: 'validation'; readonly items: readonly ValidationItem[] };

export type RuleResult<T> = Result<T, ProviderFailure>;

export const named = (status: number, error: string, detail: string): ProviderFailure => ({
  kind: 'named',
  status,
  error,
  detail,
});

export const invalid = (...items: ValidationItem[]): ProviderFailure => ({ kind: 'validation', items });

/** A `value_error` item at `["body", ...path]`, the shape the provider's services raise. */
export const bodyError = (path: string | readonly (string | number)[], msg: string, input: unknown): ValidationItem => ({
  type: 'value_error',
  loc: ['body', ...(typeof path === 'string' ? [path] : path)],
  msg,
  input,
});
