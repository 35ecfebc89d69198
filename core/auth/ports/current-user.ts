import type { AuthUser } from '../domain/auth.js';
import { notAuthenticated, fail, ok, type Result } from '../../shared/index.js';

/**
 * How user-bound use cases learn who is asking: `null` when nobody is signed in. In the browser it
 * is `makeGetCurrentUser({ authenticator })`; on the server it is built per request from the
 * caller's verified access token; tests pass a fixed user.
 */
export type CurrentUser = () => Promise<Result<AuthUser | null>>;

/** app spec §8: "No authenticated user" when nobody is signed in; lookup failures pass through. */
export const requireUser = async (currentUser: CurrentUser): Promise<Result<AuthUser>> => {
  const found = await currentUser();
  if (!found.success) return found;
  return found.data === null ? fail(notAuthenticated()) : ok(found.data);
};
