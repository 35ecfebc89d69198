/** What every capability uses: results and domain errors, aborts, input parsing, clock, logger, scheduler, rate limits, a server's instance. */
export { createAbortSource } from './abort-source.js';
export type { AbortSignalLike } from './abort.js';
export type { Clock } from './clock.js';
export { BILLING_NOT_INITIALIZED, DOMAIN_ERROR_CODES, NO_AUTHENTICATED_USER, PARAMETER_TYPE_MESSAGE, billingNotInitialized, domainError, isDomainErrorCode, notAuthenticated } from './errors.js';
export type { DomainError, DomainErrorCode } from './errors.js';
export { isExpectedFailure, logFailure } from './failure-logging.js';
export type { Logger } from './logger.js';
export { mergeStreams } from './merge-streams.js';
export { parseInput } from './parse-input.js';
export { invalidPolicy } from './rate-limiter.js';
export type { RateDecision, RateLimiter, RatePolicy } from './rate-limiter.js';
export { fail, ok } from './result.js';
export type { Result } from './result.js';
export type { Cancel, Scheduler } from './scheduler.js';
export type { Registration, ServerInstance } from './server-instance.js';
