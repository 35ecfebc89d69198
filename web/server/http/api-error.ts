import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '../../../adapters/app-api/api-contract.js';
import type { DomainError, DomainErrorCode } from '../../../core/shared/index.js';

/** How each domain failure reads over HTTP. */
const STATUS: Record<DomainErrorCode, ContentfulStatusCode> = {
  not_authenticated: 401,
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  conversation_busy: 409,
  insufficient_credits: 402,
  rate_limited: 429,
  billing_unavailable: 503,
  billing_not_initialized: 503,
  model_unavailable: 503,
  network: 502,
  unexpected: 500,
};

/** Which facts of a domain error's details the browser may see (never provider internals). */
const PUBLIC_DETAILS = ['issues', 'balance', 'required', 'held', 'modelId', 'modelIds', 'retryAfterSeconds', 'maxBytes', 'reason', 'attachmentId'];

/** An /api error answer: `error` is one of the contract's codes (the domain's and the transport's). */
export const apiError = (c: Context, status: ContentfulStatusCode, error: ApiErrorCode, message: string, details?: Record<string, unknown>) =>
  c.json<ApiErrorBody>(details === undefined ? { error, message } : { error, message, details }, status);

/** A use case's failure as JSON `{error, message, details?}`; billing readiness failures read as one code. */
export function domainFailure(c: Context, failure: DomainError) {
  const code = failure.code === 'billing_not_initialized' ? 'billing_unavailable' : failure.code;
  const shown = Object.fromEntries(Object.entries(failure.details ?? {}).filter(([k]) => PUBLIC_DETAILS.includes(k)));
  const message =
    code === 'billing_unavailable' ? 'Billing is unavailable right now; subscription features are turned off' : failure.message;
  if (STATUS[failure.code] === 500) c.get('logger')?.error('A use case failed unexpectedly', { error: failure });
  return apiError(c, STATUS[failure.code], code, message, Object.keys(shown).length > 0 ? shown : undefined);
}
