import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profiling } from '../../../core/account/index.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationStore } from '../../../adapters/supabase/supabase-conversation-store.js';
import { SupabaseProfileStore } from '../../../adapters/supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../../../adapters/supabase/supabase-profile-writer.js';
import { SupabaseProfilingStore } from '../../../adapters/supabase/supabase-profiling-store.js';
import { SupabasePromptCatalog } from '../../../adapters/supabase/supabase-prompt-catalog.js';
import { SupabaseUsageLedger } from '../../../adapters/supabase/supabase-usage-ledger.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { StandInUsers, browserClient, serviceClient } from './adapter-harness.js';

const answers: Profiling = {
  role: 'designer', roleOther: '', companySize: '1-10', workOutputs: ['images'], workOutputOther: '',
  ensembleUse: 'work', ensembleUseOther: '', completed: true, currentStep: 4,
};

let supabase: LocalSupabase;
let alice: string;
let bob: string;
let asAlice: SupabaseClient;
let asBob: SupabaseClient;
const codeOf = (r: { success: boolean; error?: { code: string } }) => (r.success ? 'ok' : r.error?.code);

beforeAll(async () => {
  supabase = await startTestSupabase();
  const users = new StandInUsers(supabase);
  [alice, bob] = [await users.create(), await users.create()];
  [asAlice, asBob] = [await users.clientFor(alice), await users.clientFor(bob)];
});
afterAll(async () => {
  await supabase?.stop();
});

describe('row-level security through the adapters, as two real users', () => {
  it("B neither reads nor changes A's profile", async () => {
    expect(await new SupabaseProfileStore(asBob).getProfile(alice)).toEqual({ success: true, data: null });
    expect((await new SupabaseProfileStore(asBob).updateMarketingConsent(alice, true)).success).toBe(true);
    const own = await new SupabaseProfileStore(asAlice).getProfile(alice);
    expect(own.success && own.data?.marketingConsent).toBe(false);
  });

  it('a user cannot raise their credits, set subscription_status or the feature flag (service role only)', async () => {
    const before = await new SupabaseProfileStore(asAlice).getProfile(alice);
    for (const change of [{ credits: 1_000_000 }, { subscription_status: 'active' }, { feature_flag: true }]) {
      const { error } = await asAlice.from('profiles').update(change).eq('id', alice);
      expect(error?.code).toBe('42501');
    }
    expect(codeOf(await new SupabaseProfileWriter(asAlice).setFeatureFlag(alice, true))).toBe('forbidden');
    expect(codeOf(await new SupabaseProfileWriter(asAlice).setSubscriptionState(alice, { status: 'active' }))).toBe('forbidden');
    const ledger = new SupabaseUsageLedger(asAlice);
    expect(codeOf(await ledger.grantCredits({ userId: alice, amount: 500, kind: 'manual_grant', reason: 'me', reference: null }))).toBe('forbidden');
    expect(codeOf(await ledger.logUsage({ userId: bob, modelId: 'offline', inputTokens: 1000, outputTokens: 0 }))).toBe('forbidden');
    expect(await new SupabaseProfileStore(asAlice).getProfile(alice)).toEqual(before);
  });

  it('signed out, log_usage and grant_credits say not_authenticated', async () => {
    const ledger = new SupabaseUsageLedger(browserClient(supabase));
    expect(codeOf(await ledger.logUsage({ userId: alice, modelId: 'offline', inputTokens: 1, outputTokens: 1 }))).toBe('not_authenticated');
    expect(codeOf(await ledger.grantCredits({ userId: alice, amount: 5, kind: 'manual_grant', reason: 'x', reference: null }))).toBe('not_authenticated');
  });

  it("B cannot read A's credit ledger", async () => {
    const { data, error } = await asBob.from('credit_ledger').select('id').eq('user_id', alice);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: own } = await asAlice.from('credit_ledger').select('kind').eq('user_id', alice);
    expect(own).toEqual([{ kind: 'signup_grant' }]);
  });

  it("upsert_user_profiling refuses A's row to B, and B reads none of it", async () => {
    expect(await new SupabaseProfilingStore(asAlice).upsertProfiling(alice, answers)).toEqual({ success: true, data: undefined });
    const intrusion = await new SupabaseProfilingStore(asBob).upsertProfiling(alice, { ...answers, role: 'intruder' });
    expect(intrusion.success ? 'ok' : intrusion.error).toMatchObject({ code: 'forbidden', details: { code: '42501' } });
    expect(await new SupabaseProfilingStore(asBob).getProfiling(alice)).toEqual({ success: true, data: null });
    expect(await new SupabaseProfilingStore(asAlice).getProfiling(alice)).toEqual({ success: true, data: answers });
  });

  it("B neither sees nor changes A's conversations and messages", async () => {
    const mine = new SupabaseConversationStore(asAlice);
    const conv = await mine.createConversation(alice, 'Private plans');
    if (!conv.success) throw new Error(conv.error.message);
    const secret = await mine.appendMessage(alice, conv.data.id, { role: 'user', content: 'secret', modelId: null, inputTokens: null, outputTokens: null });
    if (!secret.success) throw new Error(secret.error.message);
    const theirs = new SupabaseConversationStore(asBob);
    // B passing A's id as the owner changes nothing: the token decides, not the argument.
    expect(await theirs.listConversations(alice)).toEqual({ success: true, data: [] });
    expect(await theirs.listMessages(alice, conv.data.id)).toEqual({ success: true, data: [] });
    expect(codeOf(await theirs.renameConversation(alice, conv.data.id, 'Mine now'))).toBe('not_found');
    expect(codeOf(await theirs.deleteConversation(alice, conv.data.id))).toBe('not_found');
    expect(codeOf(await theirs.truncateFrom(bob, conv.data.id, secret.data.id))).toBe('not_found');
    const messages = await mine.listMessages(alice, conv.data.id);
    expect(messages.success && messages.data.map((m) => m.content)).toEqual(['secret']);
  });

  it("B neither sees nor removes A's favourites, nor adds one in A's name", async () => {
    const promptId = 'tighten-a-draft';
    expect(codeOf(await new SupabasePromptCatalog(asAlice).setFavorite(alice, promptId, true))).toBe('ok');
    const bobs = new SupabasePromptCatalog(asBob);
    const seen = await bobs.searchPrompts(bob, { favoritesOnly: true, language: 'en' });
    expect(seen.success && seen.data.total).toBe(0);
    expect(codeOf(await bobs.setFavorite(alice, promptId, false))).toBe('ok');
    expect(codeOf(await bobs.setFavorite(alice, 'headline-variations', true))).toBe('forbidden');
    const { data } = await serviceClient(supabase).from('prompt_favorites').select('prompt_id').eq('user_id', alice);
    expect(data).toEqual([{ prompt_id: promptId }]);
  });
});
