import type { DomainError, DomainErrorCode } from './errors.js';
import type { Logger } from './logger.js';

/**
 * Failures that answer the caller's own request or situation: nothing to cancel, no billing
 * customer yet, a plan already active, a bad input, a limit reached. They are the product working
 * as it should (over HTTP, a 4xx), so they are worth a line at info; an error line is kept for
 * faults someone has to look at (a provider down, a bug), or it is lost among the expected ones.
 */
const EXPECTED: ReadonlySet<DomainErrorCode> = new Set<DomainErrorCode>([
  'not_authenticated',
  'validation',
  'forbidden',
  'not_found',
  'conflict',
  'conversation_busy',
  'insufficient_credits',
  'spending_cap_reached',
  'rate_limited',
  'context_too_long',
]);

export const isExpectedFailure = (error: DomainError): boolean => EXPECTED.has(error.code);

/** Logs a failed call at its level: an expected failure at info, any other at error. */
export const logFailure = (logger: Logger, message: string, error: DomainError, context: Readonly<Record<string, unknown>> = {}): void => {
  if (isExpectedFailure(error)) logger.info(message, { ...context, code: error.code, error });
  else logger.error(message, { ...context, code: error.code, error });
};
