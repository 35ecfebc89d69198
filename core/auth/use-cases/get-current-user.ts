import type { AuthUser } from '../domain/auth.js';
import type { Authenticator } from '../ports/authenticator.js';
import { ok, type Result } from '../../shared/index.js';
import type { CurrentUser } from '../ports/current-user.js';

/**
 * The signed-in user of this client, from the locally held session (no round trip: row-level
 * security on the data side is what actually guards the rows).
 */
export const makeGetCurrentUser =
  (deps: { authenticator: Authenticator }): CurrentUser =>
  async (): Promise<Result<AuthUser | null>> => {
    const session = await deps.authenticator.getSession();
    if (!session.success) return session;
    return ok(session.data?.user ?? null);
  };
