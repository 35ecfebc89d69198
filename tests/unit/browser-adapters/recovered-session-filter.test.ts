import { describe, expect, it } from 'vitest';
import type { AuthChange } from '../../../core/auth/index.js';
import { withRecoveredSessionsFiltered } from '../../../adapters/browser/recovered-session-filter.js';
import { createInMemoryAdapters } from '../../../adapters/composition/in-memory.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recovered sessions are not sign-ins (app §4 SIGNED_IN rule)', () => {
  it('a SIGNED_IN for the user already signed in when the page started reads as TOKEN_REFRESHED', async () => {
    const { db, authenticator } = createInMemoryAdapters();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    authenticator.signInAs(user.id);
    const filtered = withRecoveredSessionsFiltered(authenticator);
    const seen: AuthChange['event'][] = [];
    filtered.onAuthChange((change) => seen.push(change.event));
    authenticator.signInAs(user.id);
    await settle();
    expect(seen).toEqual(['TOKEN_REFRESHED']);
  });

  it('a real sign-in, and a sign-in after a sign-out, pass as SIGNED_IN with their method', async () => {
    const { db, authenticator } = createInMemoryAdapters();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    const filtered = withRecoveredSessionsFiltered(authenticator);
    const seen: string[] = [];
    filtered.onAuthChange((change) => seen.push(`${change.event}${change.method ? `:${change.method}` : ''}`));
    authenticator.signInAs(user.id, 'email_code');
    await settle();
    await filtered.signOut();
    authenticator.signInAs(user.id, 'magic_link');
    await settle();
    expect(seen).toEqual(['SIGNED_IN:email_code', 'SIGNED_OUT', 'SIGNED_IN:magic_link']);
  });

  it('a sign-in another tab finished (supabase-js broadcasts it, with no method) reads as TOKEN_REFRESHED', async () => {
    const { db, authenticator } = createInMemoryAdapters();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    const filtered = withRecoveredSessionsFiltered(authenticator);
    const seen: AuthChange[] = [];
    filtered.onAuthChange((change) => seen.push(change));
    authenticator.signInAs(user.id);
    await settle();
    expect(seen.map((c) => c.event)).toEqual(['TOKEN_REFRESHED']);
    // The session still reaches this tab: it is signed in, only the sign-in events stay with the other tab.
    expect(seen[0]?.session?.user.id).toBe(user.id);
  });
});
