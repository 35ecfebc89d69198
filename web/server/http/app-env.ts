import type { ServerUseCaseSource } from '../../../adapters/composition/server.js';
import type { ServerUseCases } from '../../../adapters/composition/use-case-registry.js';
import type { AuthUser } from '../../../core/auth/index.js';
import type { Logger } from '../../../core/shared/index.js';

/** Where routes get use cases: `shared` for calls with no caller, `forCaller` per verified request. */
export type { ServerUseCases, ServerUseCaseSource };

/** Hono context variables set by the middleware. */
export interface AppEnv {
  Variables: {
    logger: Logger;
    requestId: string;
    user: AuthUser;
    useCases: ServerUseCases;
    /** Set when the request's rate limit is counted after its route answered (http/rate-limit.ts). */
    countAfterRoute: (() => void) | undefined;
  };
}
