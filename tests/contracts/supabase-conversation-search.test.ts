import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationSearch } from '../../adapters/supabase/supabase-conversation-search.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { conversationSearchContract } from './conversation-search.contract.js';
import { seedThrough } from './search-seeding.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

// As the app server holds it: the service role, which row-level security does not see; the
// function names the user in every statement.
conversationSearchContract('SupabaseConversationSearch (service role) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  const service = serviceClient(supabase);
  return { search: new SupabaseConversationSearch(service), createUser: () => users.create(), actAs: async () => undefined, seed: seedThrough(new SupabaseConversationStore(service)) };
});

// With a user's own token: row-level security applies, and the function refuses another user's id.
conversationSearchContract('SupabaseConversationSearch (the user’s token) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  const client = browserClient(supabase);
  return {
    search: new SupabaseConversationSearch(client),
    createUser: () => users.create(),
    actAs: (userId) => users.signInAs(client, userId),
    seed: seedThrough(new SupabaseConversationStore(client)),
  };
});

// What only Postgres does: words in their other forms, in the interface language.
describe('SupabaseConversationSearch: Postgres text search in the user’s language', () => {
  const world = async () => {
    const users = new StandInUsers(supabase);
    const service = serviceClient(supabase);
    const user = await users.create();
    return { user, search: new SupabaseConversationSearch(service), seed: seedThrough(new SupabaseConversationStore(service)) };
  };
  const found = async (search: SupabaseConversationSearch, user: string, text: string, language: string) => {
    const r = await search.search(user, { text, language });
    if (!r.success) throw new Error(r.error.message);
    return r.data.map((h) => h.snippet.filter((p) => p.match).map((p) => p.text).join(' '));
  };

  it.each([
    ['en', 'The keepers were running up the stairs', 'run', 'running'],
    ['fr', 'Les phares bretons guident les marins', 'phare', 'phares'],
    ['de', 'Die Leuchttürme stehen an der Küste', 'Küste', 'Küste'],
    ['es', 'Los faros iluminan la costa', 'faro', 'faros'],
    ['pt', 'Os faróis iluminam a costa', 'iluminar', 'iluminam'],
  ])('%s: "%s" is found by "%s" (stemmed), with the word marked', async (language, text, query, marked) => {
    const { user, search, seed } = await world();
    await seed(user, 'Untitled', [{ role: 'user', content: text }]);
    expect(await found(search, user, query, language)).toEqual([marked]);
  });

  it('the configuration follows the language: English stems do not apply to a French search', async () => {
    const { user, search, seed } = await world();
    await seed(user, 'Untitled', [{ role: 'user', content: 'The keepers were running' }]);
    expect(await found(search, user, 'run', 'fr')).toEqual([]);
    expect(await found(search, user, 'running', 'fr')).toEqual(['running']);
  });

  it('a query of stop words only is searched as typed', async () => {
    const { user, search, seed } = await world();
    await seed(user, 'Untitled', [{ role: 'user', content: 'To be or not to be' }]);
    expect(await found(search, user, 'not', 'en')).toEqual(['not']);
  });

  it('with a user’s own token, naming another user finds nothing (the function refuses it, as RLS does)', async () => {
    const users = new StandInUsers(supabase);
    const [alice, bob] = [await users.create(), await users.create()];
    await seedThrough(new SupabaseConversationStore(serviceClient(supabase)))(alice, 'Alice', [{ role: 'user', content: 'nutmeg' }]);
    const client = browserClient(supabase);
    await users.signInAs(client, bob);
    const r = await new SupabaseConversationSearch(client).search(alice, { text: 'nutmeg', language: 'en' });
    expect(r.success && r.data).toEqual([]);
  });
});
