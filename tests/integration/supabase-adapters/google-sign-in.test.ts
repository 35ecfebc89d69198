import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChange } from '../../../core/auth/index.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseAuthenticator } from '../../../adapters/supabase/supabase-authenticator.js';
import { CALLBACK_URL, redirectTarget, startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';
import { browserClient } from './adapter-harness.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/** What the browser does between the authorize URL and the callback: the stand-in's account page. */
async function chooseGoogleAccount(authorizeUrl: string, email: string): Promise<string> {
  const page = await redirectTarget(authorizeUrl);
  const html = await (await fetch(page.location)).text();
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  if (!state) throw new Error('the account page carries no state');
  const landing = await redirectTarget(new URL('callback', page.location).toString(), {
    method: 'POST',
    body: new URLSearchParams({ state, email }),
  });
  return landing.location.toString();
}

describe('app §7 Google sign-in through SupabaseAuthenticator, callback handled by completeRedirect', () => {
  it.each(['implicit', 'pkce'] as const)('%s flow: authorize → account page → callback → session with provider google', async (flowType) => {
    const auth = new SupabaseAuthenticator(browserClient(supabase, { flowType }), { skipBrowserRedirect: true });
    const changes: AuthChange[] = [];
    auth.onAuthChange((change) => changes.push(change));
    const started = await auth.signInWithOAuth({
      provider: 'google',
      redirectTo: CALLBACK_URL,
      queryParams: { access_type: 'offline', prompt: 'select_account' },
    });
    if (!started.success) throw new Error(started.error.message);
    const email = uniqueEmail('google');
    const landing = await chooseGoogleAccount(started.data.url, email);
    expect(landing.startsWith(CALLBACK_URL)).toBe(true);

    const session = await auth.completeRedirect(landing);
    if (!session.success) throw new Error(session.error.message);
    expect(session.data.user).toMatchObject({ email, appMetadata: { provider: 'google' } });
    expect(changes.filter((c) => c.event === 'SIGNED_IN').map((c) => c.session?.user.email)).toEqual([email]);

    // After sign-out the same callback URL signs nobody in: the code is spent (PKCE) or the
    // session its tokens belong to has ended (implicit).
    await auth.signOut();
    const replay = await auth.completeRedirect(landing);
    expect(replay.success ? 'ok' : replay.error.code).toBe(flowType === 'pkce' ? 'validation' : 'not_authenticated');
    expect(await auth.getSession()).toEqual({ success: true, data: null });
  });
});
