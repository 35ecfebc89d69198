/** What every capability uses: results and domain errors, aborts, input parsing, clock, logger, scheduler, rate limits, a server's instance. */
export * from './abort-source.js';
export * from './abort.js';
export * from './clock.js';
export * from './errors.js';
export * from './failure-logging.js';
export * from './logger.js';
export * from './merge-streams.js';
export * from './parse-input.js';
export * from './rate-limiter.js';
export * from './result.js';
export * from './scheduler.js';
export * from './server-instance.js';
