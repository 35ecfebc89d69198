/**
 * Domain errors: what the core understands. Adapters map foreign errors (PostgREST codes, HTTP
 * statuses, SDK exceptions) to one of these at their edge; the core never sees the foreign shape.
 */
/** Every domain error code, in one list: the app server's error bodies and the browser's mapping derive from it. */
export const DOMAIN_ERROR_CODES = [
  'not_authenticated',
  'not_found',
  'forbidden',
  'validation',
  'conflict',
  'conversation_busy',
  'insufficient_credits',
  'spending_cap_reached',
  'rate_limited',
  'billing_unavailable',
  'billing_not_initialized',
  'model_unavailable',
  'context_too_long',
  'network',
  'unexpected',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export const isDomainErrorCode = (value: unknown): value is DomainErrorCode =>
  typeof value === 'string' && (DOMAIN_ERROR_CODES as readonly string[]).includes(value);

export interface DomainError {
  readonly code: DomainErrorCode;
  readonly message: string;
  /** Extra facts for logs and precise UI messages (zod issues, provider error name, retryable...). */
  readonly details?: Readonly<Record<string, unknown>>;
}

export const domainError = (
  code: DomainErrorCode,
  message: string,
  details?: Record<string, unknown>,
): DomainError => (details === undefined ? { code, message } : { code, message, details });

/** app spec §8: every user-bound helper answers this when nobody is signed in. */
export const NO_AUTHENTICATED_USER = 'No authenticated user';
export const notAuthenticated = (): DomainError => domainError('not_authenticated', NO_AUTHENTICATED_USER);

/** app spec §8: cancelling without a ready provider client. */
export const BILLING_NOT_INITIALIZED = 'Billing provider SDK is not initialized';
export const billingNotInitialized = (): DomainError =>
  domainError('billing_not_initialized', BILLING_NOT_INITIALIZED);

/** app spec §8: template parameters must be strings or numbers. */
export const PARAMETER_TYPE_MESSAGE = 'Parameter must be a string or number';
