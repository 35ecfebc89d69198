import type { DomainError } from '../core/shared/index.js';
import { CliError, EXIT, usageError } from './errors.js';

/** What a failed call was about, so the message can name it and say what to do next. */
export interface Subject {
  /** e.g. `subscription`, `order`. */
  readonly noun: string;
  readonly id?: string;
  /** The listing command that shows valid ids, e.g. `ensemble subscriptions list`. */
  readonly listCommand?: string;
}

export interface Where {
  readonly env: string;
  readonly server: string;
  readonly local: boolean;
}

const START_HINT = 'is `npm start` or `npm run sandbox:billing` running?';

interface BillingFailure {
  readonly kind: string;
  readonly message: string;
  readonly error?: string;
  readonly detail?: unknown;
  readonly statusCode?: number;
  readonly description?: string;
  readonly http?: { readonly body?: string };
}

/** The provider's own words from an untyped error body (`{"detail": "..."}`), when it has any. */
function detailOf(error: BillingFailure): string | null {
  try {
    const body = JSON.parse(error.http?.body ?? '') as { detail?: unknown; error?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: nothing better than the status to show.
  }
  return null;
}

const isBillingFailure = (value: unknown): value is BillingFailure =>
  value instanceof Error && typeof (value as { kind?: unknown }).kind === 'string';

/** One line for a billing failure (a BillingError from the client or an iterator). */
export function billingFailure(error: unknown, subject: Subject, where: Where): CliError {
  if (!isBillingFailure(error)) throw error;
  const named = subject.id === undefined ? subject.noun : `${subject.noun} ${subject.id}`;
  const status = error.statusCode;
  switch (error.kind) {
    case 'invalid_token':
      return new CliError(`The billing access token was refused for ${where.env} (${error.description ?? 'invalid_token'}): check --token or BILLING_ACCESS_TOKEN`);
    case 'connection':
    case 'timeout':
      return new CliError(
        `Cannot reach the billing API at ${where.server}${where.local ? `: ${START_HINT}` : ': check --env and your network'}`,
      );
    case 'input_validation':
      return usageError(error.message.replace(/^Input validation failed:?\s*/, 'Invalid input: '));
    case 'provider':
    case 'http_validation':
    case 'api': {
      if (status === 404 || error.error === 'ResourceNotFound') {
        const next = subject.listCommand === undefined ? '' : `: check the id (\`${subject.listCommand}\` lists them)`;
        return new CliError(`No ${named} found on ${where.env}${next}`);
      }
      if (status === 401) return new CliError(`The billing access token was refused for ${where.env}: check --token or BILLING_ACCESS_TOKEN`);
      if (status === 403 || error.error === 'NotPermitted') {
        return new CliError(`Not permitted to act on ${named}: the token lacks the scope, or the ${subject.noun} belongs to another organization`);
      }
      if (error.kind === 'provider') return new CliError(`${named}: ${String(error.detail ?? error.message)} (${error.error ?? 'error'})`);
      if (error.kind === 'http_validation') return new CliError(`The billing API refused the request: ${error.message.replace(/^HTTPValidationError:\s*/, '')}`);
      if (status !== undefined && status >= 500) return new CliError(`The billing API failed (HTTP ${status}); try again in a moment`);
      const detail = detailOf(error);
      if (status === 410) return new CliError(`${named} has ended${detail ? `: ${detail}` : ''} (HTTP 410): there is nothing left to change`);
      return new CliError(`${named}: ${detail ?? 'refused'} (HTTP ${status ?? '?'})`);
    }
    default:
      return new CliError(`Billing call failed for ${named}: ${error.message}`);
  }
}

/** One line for a domain error from a Supabase-backed use case. */
export function domainFailure(error: DomainError, supabaseUrl: string, local: boolean): CliError {
  const transport = /fetch failed|ECONNREFUSED|network|ENOTFOUND/i.test(`${error.message} ${JSON.stringify(error.details ?? {})}`);
  if (error.code === 'network' || transport) {
    return new CliError(`Cannot reach Supabase at ${supabaseUrl}${local ? ': is `npm start` or `npm run supabase:local` running?' : ': check SUPABASE_URL and your network'}`);
  }
  if (/invalid api key|invalid jwt|no api key/i.test(error.message)) {
    return new CliError(`${error.message}: check SUPABASE_SERVICE_ROLE_KEY is this project's service-role key`);
  }
  switch (error.code) {
    case 'validation':
      return new CliError(error.message, EXIT.usage);
    case 'not_found':
      return new CliError(`${error.message}: check the e-mail address or id`);
    case 'forbidden':
    case 'not_authenticated':
      return new CliError(`Supabase refused the request (${error.message}): check SUPABASE_SERVICE_ROLE_KEY is the service-role key`);
    default:
      return new CliError(error.message);
  }
}
