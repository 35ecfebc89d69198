// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createBrowserUseCases, type PublicConfig } from '../../../adapters/composition/browser.js';
import { BROWSER_USE_CASES } from '../../../adapters/composition/use-case-registry.js';
import { closedPort } from '../../support/local-http.js';

const config = (supabaseUrl: string | null): PublicConfig => ({
  supabaseUrl, supabaseAnonKey: supabaseUrl === null ? null : 'anon-key', tagManagerId: null, supportWidgetSrc: null, billingAvailable: true, creditsPerPeriod: 1000,
});

describe("the browser's composition root", () => {
  it('builds every browser use case over supabase-js and the /api adapters, without a request', async () => {
    const useCases = createBrowserUseCases(config(await closedPort()), 'http://localhost:3000');
    expect(Object.keys(useCases).sort()).toEqual([...BROWSER_USE_CASES].sort());
    for (const [name, useCase] of Object.entries(useCases)) expect([name, typeof useCase]).not.toEqual([name, 'undefined']);
    // Signed out: the session controller settles on no session (supabase-js keeps none yet).
    await useCases.sessionController.loaded();
    expect(useCases.sessionController.getState()).toMatchObject({ loading: false, session: null });
    expect((await useCases.getAccountStatus()).success).toBe(false);
  });

  it('refuses to start without a Supabase project', () => {
    expect(() => createBrowserUseCases(config(null), 'http://localhost:3000')).toThrow('The app server has no Supabase project configured (SUPABASE_URL, SUPABASE_ANON_KEY)');
  });
});
