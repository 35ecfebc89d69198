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
    /**
     * Set on a route that checks the caller's sign-in session in its own write (POST /api/chat) when
     * that session has not been checked lately: the route passes `sessionId` to the write and tells
     * what the write found (`settle`), or asks Supabase Auth (`refusal`) when it answers without one.
     */
    sessionInWrite: SessionInWrite | undefined;
  };
}

export interface SessionInWrite {
  readonly sessionId: string;
  /** What a write in the session found; a session that has ended answers the request's refusal. */
  settle(stands: boolean): Response | null;
  /** Asks Supabase Auth about the session: its refusal, or null when it stands. */
  refusal(): Promise<Response | null>;
}
