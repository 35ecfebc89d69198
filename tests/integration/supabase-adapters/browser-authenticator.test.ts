import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChange } from '../../../core/auth/index.js';
import { withRecoveredSessionsFiltered } from '../../../adapters/browser/recovered-session-filter.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseAuthenticator } from '../../../adapters/supabase/supabase-authenticator.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';
import { browserClient, openLink, readMailbox } from './adapter-harness.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

// The authenticator as the browser composes it: supabase-js, wrapped by the recovered-session filter.
const browserAuthenticator = () => withRecoveredSessionsFiltered(new SupabaseAuthenticator(browserClient(supabase), { skipBrowserRedirect: true }));
const signedIn = (changes: AuthChange[]) => changes.filter((c) => c.event === 'SIGNED_IN');

describe('the browser\'s authenticator reports how this page signed in (app §7 signup_succeeded method)', () => {
  it('a code verified here is a SIGNED_IN with method email_code', async () => {
    const auth = browserAuthenticator();
    const changes: AuthChange[] = [];
    auth.onAuthChange((change) => changes.push(change));
    const email = uniqueEmail();
    await auth.sendEmailCode({ email, shouldCreateUser: true });
    const code = (await readMailbox(supabase, email))?.code ?? '';
    expect((await auth.verifyEmailCode({ email, token: code, type: 'email' })).success).toBe(true);
    await expect.poll(() => signedIn(changes).map((c) => c.method)).toEqual(['email_code']);
  });

  it('a magic link finished here is a SIGNED_IN with method magic_link', async () => {
    const auth = browserAuthenticator();
    const changes: AuthChange[] = [];
    auth.onAuthChange((change) => changes.push(change));
    const email = uniqueEmail();
    await auth.sendMagicLink({ email, emailRedirectTo: 'http://localhost:3000/auth/callback' });
    const landing = await openLink(supabase, (await readMailbox(supabase, email))?.link ?? '');
    expect((await auth.completeRedirect(landing)).success).toBe(true);
    await expect.poll(() => signedIn(changes).map((c) => c.method)).toEqual(['magic_link']);
  });
});
