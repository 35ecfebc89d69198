import type { ChatRunLog } from '../../core/chat/index.js';
import type { Logger, RateLimiter, Result } from '../../core/shared/index.js';

/** How often the shared stores are tidied. */
export const UPKEEP_EVERY_MS = 10 * 60 * 1000;

/** A limiter that keeps state worth tidying (Postgres: idle buckets; Redis keys expire by themselves). */
const forgetsIdle = (limiter: RateLimiter): limiter is RateLimiter & { forgetIdle(): Promise<Result<number>> } =>
  typeof (limiter as { forgetIdle?: unknown }).forgetIdle === 'function';

/**
 * Deletes idle rate-limit buckets and chat runs past their retention, at start and every
 * UPKEEP_EVERY_MS. Every instance runs it; running it twice deletes nothing twice.
 */
export function startUpkeep(deps: { rateLimiter: RateLimiter; chatRunLog: ChatRunLog; logger: Logger; everyMs?: number }): { stop(): void; run(): Promise<void> } {
  const run = async () => {
    const expired = await deps.chatRunLog.expire();
    if (!expired.success) deps.logger.warn('Old chat runs could not be deleted; retried later', { error: expired.error });
    else if (expired.data > 0) deps.logger.info('old chat runs deleted', { runs: expired.data });
    if (forgetsIdle(deps.rateLimiter)) {
      const forgotten = await deps.rateLimiter.forgetIdle();
      if (!forgotten.success) deps.logger.warn('Idle rate-limit buckets could not be deleted; retried later', { error: forgotten.error });
    }
  };
  const timer = setInterval(() => void run(), deps.everyMs ?? UPKEEP_EVERY_MS);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer), run };
}
