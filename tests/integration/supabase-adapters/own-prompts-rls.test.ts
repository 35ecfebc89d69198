import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabasePromptCatalog } from '../../../adapters/supabase/supabase-prompt-catalog.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { StandInUsers, browserClient } from './adapter-harness.js';

let supabase: LocalSupabase;
let alice: string;
let bob: string;
let asAlice: SupabaseClient;
let asBob: SupabaseClient;
let anon: SupabaseClient;
let alicePrompt: string;

const draft = { title: 'Release notes for {{version}}', description: 'Private', body: 'Write the release notes of {{version}}.', category: 'Writing', language: 'en' } as const;

beforeAll(async () => {
  supabase = await startTestSupabase();
  const users = new StandInUsers(supabase);
  [alice, bob] = [await users.create(), await users.create()];
  [asAlice, asBob] = [await users.clientFor(alice), await users.clientFor(bob)];
  anon = browserClient(supabase);
  const made = await new SupabasePromptCatalog(asAlice).createOwnPrompt(alice, draft);
  if (!made.success) throw new Error(made.error.message);
  alicePrompt = made.data.id;
});
afterAll(async () => {
  await supabase?.stop();
});

const aliceRow = async () => {
  const { data } = await asAlice.from('prompts').select('title, body, user_id').eq('id', alicePrompt).single();
  return data;
};

describe("row-level security on a user's own prompts, straight through REST", () => {
  it("B and anon read nothing of A's prompt: not by id, not by search, not through get_prompt", async () => {
    for (const client of [asBob, anon]) {
      expect((await client.from('prompts').select('id').eq('id', alicePrompt)).data).toEqual([]);
      expect((await client.from('prompts').select('id').not('user_id', 'is', null)).data).toEqual([]);
      expect((await client.rpc('get_prompt', { p_id: alicePrompt })).data).toBeNull();
      const found = await client.rpc('search_prompts', { p_query: 'release notes' });
      expect(found.data).toMatchObject({ total: 0, items: [] });
    }
    expect(await aliceRow()).toEqual({ title: draft.title, body: draft.body, user_id: alice });
  });

  it("B's and anon's update and delete by id change nothing", async () => {
    for (const client of [asBob, anon]) {
      const updated = await client.from('prompts').update({ title: 'Taken' }).eq('id', alicePrompt).select('id');
      expect(updated.data ?? []).toEqual([]);
      const deleted = await client.from('prompts').delete().eq('id', alicePrompt).select('id');
      expect(deleted.data ?? []).toEqual([]);
    }
    expect(await aliceRow()).toEqual({ title: draft.title, body: draft.body, user_id: alice });
  });

  it('no one inserts a prompt for someone else, anon none at all, and catalogue prompts stay read-only', async () => {
    expect((await asBob.from('prompts').insert({ user_id: alice, title: 'Planted', body: 'x' })).error?.code).toBe('42501');
    expect((await anon.from('prompts').insert({ user_id: alice, title: 'Planted', body: 'x' })).error?.code).toBe('42501');
    expect((await asBob.from('prompts').insert({ title: 'No owner', body: 'x', category: 'Writing' })).error?.code).toBe('42501');
    const { data: first } = await anon.from('prompts').select('id, title').order('id').limit(1).single();
    if (!first) throw new Error('the library is empty');
    expect((await asBob.from('prompts').update({ title: 'Taken' }).eq('id', first.id).select('id')).data ?? []).toEqual([]);
    expect((await asBob.from('prompts').delete().eq('id', first.id).select('id')).data ?? []).toEqual([]);
    expect((await anon.from('prompts').select('title').eq('id', first.id).single()).data).toEqual({ title: first.title });
  });

  it("B cannot favourite A's prompt, nor hand it to himself by changing its owner", async () => {
    expect((await asBob.from('prompt_favorites').insert({ user_id: bob, prompt_id: alicePrompt })).error?.code).toBe('42501');
    const r = await new SupabasePromptCatalog(asBob).setFavorite(bob, alicePrompt, true);
    expect(r.success ? 'ok' : r.error.code).toBe('not_found');
    expect((await asAlice.from('prompts').update({ user_id: bob }).eq('id', alicePrompt)).error?.code).toBe('42501');
    expect((await asAlice.from('prompts').update({ tags: ['x'] }).eq('id', alicePrompt)).error?.code).toBe('42501');
  });

  it('the database checks the limits too: lengths, a catalogue category, at most 200 prompts', async () => {
    const insert = (row: Record<string, unknown>) => asBob.from('prompts').insert({ user_id: bob, title: 'T', body: 'B', ...row });
    expect((await insert({ title: 'x'.repeat(121) })).error?.code).toBe('23514');
    expect((await insert({ body: '' })).error?.code).toBe('23514');
    expect((await insert({ description: 'x'.repeat(401) })).error?.code).toBe('23514');
    expect((await insert({ language: 'it' })).error?.code).toBe('23514');
    expect((await insert({ category: 'Cooking' })).error?.message).toMatch(/^invalid_argument: category Cooking/);
    const bulk = Array.from({ length: 200 }, (_, i) => ({ user_id: bob, title: `P${i}`, body: 'b' }));
    expect((await asBob.from('prompts').insert(bulk)).error).toBeNull();
    const over = await new SupabasePromptCatalog(asBob).createOwnPrompt(bob, { ...draft, category: null });
    expect(over.success ? 'ok' : over.error).toMatchObject({ code: 'validation', message: expect.stringContaining('at most 200 prompts'), details: { reason: 'too_many_prompts', limit: 200 } });
  });
});
