import type { MiddlewareHandler } from 'hono';

export interface FaultConfig {
  /** Share of requests (0..1) answered 429 with an empty body and `retry-after`. */
  readonly rate429?: number;
  /** Share of requests (0..1) answered with a 500/502/503/504. */
  readonly rate5xx?: number;
  /** Delay added before every request is handled, in ms. */
  readonly latencyMs?: number;
  /** The `retry-after` value in seconds (default 1). */
  readonly retryAfterSeconds?: number;
}

/**
 * Fault injection for reliability tests; off by default, changeable at run time. Only `/v1/...`
 * calls are affected, never the hosted pages nor the sandbox control routes.
 */
export class FaultController {
  private current: FaultConfig;

  constructor(
    initial: FaultConfig = {},
    private readonly random: () => number = Math.random,
  ) {
    this.current = { ...initial };
  }

  get config(): FaultConfig {
    return this.current;
  }

  set(config: FaultConfig): void {
    this.current = { ...config };
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const { rate429 = 0, rate5xx = 0, latencyMs = 0, retryAfterSeconds = 1 } = this.current;
      if (!c.req.path.startsWith('/v1/')) return next();
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const roll = rate429 > 0 || rate5xx > 0 ? this.random() : 1;
      if (roll < rate429) return new Response(null, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } });
      if (roll < rate429 + rate5xx) {
        const statuses = [500, 502, 503, 504] as const;
        const status = statuses[Math.floor(this.random() * statuses.length)] ?? 500;
        return new Response('Internal Server Error', { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
      return next();
    };
  }
}
