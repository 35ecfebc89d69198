import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabasePromptCatalog } from '../../../adapters/supabase/supabase-prompt-catalog.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { browserClient } from './adapter-harness.js';

let supabase: LocalSupabase;
let catalog: SupabasePromptCatalog;
beforeAll(async () => {
  supabase = await startTestSupabase();
  catalog = new SupabasePromptCatalog(browserClient(supabase));
});
afterAll(async () => {
  await supabase?.stop();
});

const ANYONE = '00000000-0000-4000-8000-000000000000';

describe('SupabasePromptCatalog on the seeded library (the prompt library is searchable by full text)', () => {
  it('every word of the query is a prefix, and all must match', async () => {
    const both = await catalog.searchPrompts(ANYONE, { query: 'Negot  Offer', language: 'en' });
    expect(both.success && both.data.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    const none = await catalog.searchPrompts(ANYONE, { query: 'negot zebra', language: 'en' });
    expect(none.success && none.data.total).toBe(0);
  });

  it('a word prefix finds the prompt, and tags are searched too', async () => {
    const byPrefix = await catalog.searchPrompts(ANYONE, { query: 'negot', language: 'en' });
    expect(byPrefix.success && byPrefix.data.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    const byTag = await catalog.searchPrompts(ANYONE, { query: 'plain-language', language: 'en' });
    expect(byTag.success && byTag.data.items.map((p) => p.id)).toContain('explain-like-a-colleague');
  });

  it('query syntax and SQL-looking input are plain words, never an error', async () => {
    for (const query of ["'; drop table prompts; --", 'a & | ! :* (', '"unterminated', '%_\\']) {
      const page = await catalog.searchPrompts(ANYONE, { query, language: 'en' });
      expect(page.success ? 'ok' : page.error.message).toBe('ok');
    }
    const all = await catalog.searchPrompts(ANYONE, { language: 'en' });
    expect(all.success && all.data.total).toBeGreaterThanOrEqual(60);
  });

  it('a page past the last match is empty and still reports the total', async () => {
    const page = await catalog.searchPrompts(ANYONE, { category: 'Writing', offset: 500, limit: 10, language: 'en' });
    const first = await catalog.searchPrompts(ANYONE, { category: 'Writing', limit: 1, language: 'en' });
    if (!page.success || !first.success) throw new Error('search failed');
    expect(page.data.items).toEqual([]);
    expect(page.data.total).toBe(first.data.total);
    expect(first.data.total).toBeGreaterThan(1);
  });

  it('signed out, nothing is a favourite and favourites-only is empty', async () => {
    const page = await catalog.searchPrompts(ANYONE, { favoritesOnly: true, language: 'en' });
    expect(page).toEqual({ success: true, data: { items: [], total: 0 } });
  });
});
