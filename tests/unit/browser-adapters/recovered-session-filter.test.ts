import { describe, expect, it } from 'vitest';
import type { AuthChange } from '../../../core/domain/auth.js';
import { withRecoveredSessionsFiltered } from '../../../adapters/browser/recovered-session-filter.js';
import { createInMemoryDependencies } from '../../../adapters/composition/in-memory-dependencies.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recovered sessions are not sign-ins (app §4 SIGNED_IN rule)', () => {
  it('a SIGNED_IN for the user already signed in when the page started reads as TOKEN_REFRESHED', async () => {
    const { db, authenticator } = createInMemoryDependencies();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    authenticator.signInAs(user.id);
    const filtered = withRecoveredSessionsFiltered(authenticator);
    const seen: AuthChange['event'][] = [];
    filtered.onAuthChange((change) => seen.push(change.event));
    authenticator.signInAs(user.id);
    await settle();
    expect(seen).toEqual(['TOKEN_REFRESHED']);
  });

  it('a real sign-in, and a sign-in after a sign-out, pass as SIGNED_IN', async () => {
    const { db, authenticator } = createInMemoryDependencies();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    const filtered = withRecoveredSessionsFiltered(authenticator);
    const seen: AuthChange['event'][] = [];
    filtered.onAuthChange((change) => seen.push(change.event));
    authenticator.signInAs(user.id);
    await settle();
    await filtered.signOut();
    authenticator.signInAs(user.id);
    await settle();
    expect(seen).toEqual(['SIGNED_IN', 'SIGNED_OUT', 'SIGNED_IN']);
  });
});
