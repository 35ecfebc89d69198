import type { AnyBillingError, ApiError } from '@ensemble/billing-client';
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

/**
 * A failure of a billing call. Types only: the error classes come with zod, which `--help` must not
 * load; a thrown value is told apart by its `kind`, then narrowed on it.
 */
export type BillingFailure = AnyBillingError;

const KINDS: Readonly<Record<BillingFailure['kind'], true>> = {
  api: true,
  unexpected_response: true,
  provider: true,
  http_validation: true,
  invalid_token: true,
  input_validation: true,
  response_validation: true,
  aborted: true,
  timeout: true,
  connection: true,
  unexpected_client: true,
};

export const isBillingFailure = (value: unknown): value is BillingFailure => {
  const kind = value instanceof Error ? (value as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind);
};

/** The HTTP status of the answer a failure came from; none for local and transport failures. */
export function statusOf(error: BillingFailure): number | undefined {
  switch (error.kind) {
    case 'api':
    case 'unexpected_response':
    case 'provider':
    case 'http_validation':
    case 'invalid_token':
    case 'response_validation':
      return error.statusCode;
    default:
      return undefined;
  }
}

/** The provider's own words from an untyped error body (`{"detail": "..."}`), when it has any. */
function detailOf(error: ApiError): string | null {
  try {
    const body = JSON.parse(error.http.body) as { detail?: unknown; error?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: nothing better than the status to show.
  }
  return null;
}

/** The provider's name for a refusal (`AlreadyCanceledSubscription`), typed or read from an untyped `{"error": ...}` body. */
export function providerErrorOf(error: BillingFailure): string | undefined {
  if (error.kind === 'provider') return error.error;
  if (error.kind !== 'api') return undefined;
  try {
    const body = JSON.parse(error.http.body) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** One line for a billing failure (a BillingError from the client or an iterator). */
export function billingFailure(error: unknown, subject: Subject, where: Where): CliError {
  if (!isBillingFailure(error)) throw error;
  const failure = billingMessage(error, subject, where);
  // Kept so a caller can tell a refusal (the provider answered 4xx) from an unknown outcome.
  failure.cause = error;
  return failure;
}

function billingMessage(error: BillingFailure, subject: Subject, where: Where): CliError {
  const named = subject.id === undefined ? subject.noun : `${subject.noun} ${subject.id}`;
  switch (error.kind) {
    case 'invalid_token':
      return new CliError(`The billing access token was refused for ${where.env} (${error.description}): check --token or BILLING_ACCESS_TOKEN`);
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
      const status = error.statusCode;
      // The provider's own name for the refusal is read before the status: a 403 may be `AlreadyCanceledSubscription`.
      const provider = providerErrorOf(error);
      if (status === 404 || provider === 'ResourceNotFound') {
        const next = subject.listCommand === undefined ? '' : `: check the id (\`${subject.listCommand}\` lists them)`;
        return new CliError(`No ${named} found on ${where.env}${next}`);
      }
      if (status === 401) return new CliError(`The billing access token was refused for ${where.env}: check --token or BILLING_ACCESS_TOKEN`);
      if (provider !== undefined && provider !== 'NotPermitted' && status !== 404 && status !== 410) {
        const detail = error.kind === 'provider' ? error.detail : error.kind === 'api' ? detailOf(error) : null;
        return new CliError(`${named}: ${detail ?? 'refused'} (${provider})`);
      }
      if (status === 403 || provider === 'NotPermitted') {
        return new CliError(`Not permitted to act on ${named}: the token lacks the scope, or the ${subject.noun} belongs to another organization`);
      }
      if (error.kind === 'provider') return new CliError(`${named}: ${error.detail} (${error.error})`);
      if (error.kind === 'http_validation') return new CliError(`The billing API refused the request: ${error.message.replace(/^HTTPValidationError:\s*/, '')}`);
      if (status >= 500) return new CliError(`The billing API failed (HTTP ${status}); try again in a moment`);
      const detail = detailOf(error);
      if (status === 410) return new CliError(`${named} has ended${detail ? `: ${detail}` : ''} (HTTP 410): there is nothing left to change`);
      return new CliError(`${named}: ${detail ?? 'refused'} (HTTP ${status})`);
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
      return new CliError(`${error.message}: check the e-mail address or id (\`ensemble users list --query <part>\` finds users by part of either)`);
    case 'forbidden':
    case 'not_authenticated':
      return new CliError(`Supabase refused the request (${error.message}): check SUPABASE_SERVICE_ROLE_KEY is the service-role key`);
    default:
      return new CliError(error.message);
  }
}
