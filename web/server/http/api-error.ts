import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '../../../adapters/api-contract/api-contract.js';
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
  spending_cap_reached: 402,
  rate_limited: 429,
  billing_unavailable: 503,
  billing_not_initialized: 503,
  model_unavailable: 503,
  // The conversation is longer than the model reads at once: the request, not the server, has to change.
  context_too_long: 422,
  network: 502,
  unexpected: 500,
};

/** Which facts of a domain error's details the browser may see (never provider internals). */
const PUBLIC_DETAILS = ['issues', 'balance', 'required', 'held', 'cap', 'spent', 'remaining', 'modelId', 'modelIds', 'retryAfterSeconds', 'maxBytes', 'reason', 'attachmentId'];

/** An /api error answer: `error` is one of the contract's codes (the domain's and the transport's). */
export const apiError = (c: Context, status: ContentfulStatusCode, error: ApiErrorCode, message: string, details?: Record<string, unknown>) =>
  c.json<ApiErrorBody>(details === undefined ? { error, message } : { error, message, details }, status);

/** A use case's failure as JSON `{error, message, details?}`; billing readiness failures read as one code. */
export function domainFailure(c: Context, failure: DomainError) {
  const code = failure.code === 'billing_not_initialized' ? 'billing_unavailable' : failure.code;
  const shown = Object.fromEntries(Object.entries(failure.details ?? {}).filter(([k]) => PUBLIC_DETAILS.includes(k)));
  // An unexpected failure's message may carry an adapter's wording (a database's, a library's): it
  // is logged, and the caller reads the same sentence as for any other fault of ours.
  const message =
    code === 'billing_unavailable'
      ? 'Billing is unavailable right now; subscription features are turned off'
      : code === 'unexpected'
        ? 'Something went wrong on our side; it has been logged'
        : failure.message;
  const status = STATUS[failure.code];
  logAnswer(c, status, failure);
  return apiError(c, status, code, message, Object.keys(shown).length > 0 ? shown : undefined);
}

/**
 * One line for each failed answer, at the level of who has to act: a 4xx is the caller's own
 * request or situation (nothing to cancel, no customer yet) and is info, so that error lines are
 * the 5xx someone must look at. Only the code and message: details may hold a provider's internals.
 */
function logAnswer(c: Context, status: ContentfulStatusCode, failure: DomainError): void {
  const logger = c.get('logger');
  const context = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status, code: failure.code };
  if (status >= 500) logger?.error(status === 500 ? 'A use case failed unexpectedly' : 'A use case could not be served', { ...context, error: failure });
  else logger?.info('A request was refused', { ...context, message: failure.message });
}
