import type { UseCases } from '../../../adapters/composition/use-case-registry.js';
import type { SERVER_USE_CASES } from '../../../adapters/composition/use-case-registry.js';
import type { AuthUser } from '../../../core/auth/index.js';
import type { Logger } from '../../../core/shared/index.js';
import type { CurrentUser } from '../../../core/auth/index.js';

export type ServerUseCases = Pick<UseCases, (typeof SERVER_USE_CASES)[number]>;

/** Where routes get use cases: `shared` for calls with no caller, `forCaller` per verified request. */
export interface ServerUseCaseSource {
  readonly shared: ServerUseCases;
  forCaller(currentUser: CurrentUser): ServerUseCases;
}

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
