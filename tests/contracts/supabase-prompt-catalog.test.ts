import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabasePromptCatalog } from '../../adapters/supabase/supabase-prompt-catalog.js';
import { StandInUsers, browserClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { sampleCategoryLabels, samplePromptTranslations, samplePrompts } from '../support/prompt-builders.js';
import { promptCatalogContract } from './prompt-catalog.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/**
 * The contract wants exactly the sample library, so the seeded one (migrations) is replaced, as the
 * database owner would: favourites and translations go with it (on delete cascade), and sort_order
 * keeps the sample order; the sample translations and category labels replace the seeded ones.
 */
async function seedSamplePrompts(): Promise<void> {
  await supabase.db.asAdmin(async (tx) => {
    await tx.query('delete from public.prompts');
    await tx.query('delete from public.prompt_category_translations');
    for (const [index, p] of samplePrompts().entries()) {
      await tx.query(
        'insert into public.prompts (id, title, category, description, body, tags, sort_order) values ($1, $2, $3, $4, $5, $6, $7)',
        [p.id, p.title, p.category, p.description, p.body, p.tags, index],
      );
    }
    for (const t of samplePromptTranslations()) {
      await tx.query('insert into public.prompt_translations (prompt_id, language, title, description, body) values ($1, $2, $3, $4, $5)', [
        t.promptId, t.language, t.title, t.description, t.body,
      ]);
    }
    for (const c of sampleCategoryLabels()) {
      await tx.query('insert into public.prompt_category_translations (category, language, label) values ($1, $2, $3)', [c.category, c.language, c.label]);
    }
  });
}

promptCatalogContract('SupabasePromptCatalog on the local stand-in', async () => {
  await seedSamplePrompts();
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  return {
    catalog: new SupabasePromptCatalog(client),
    createUser: () => users.create(),
    actAs: (userId) => users.signInAs(client, userId),
  };
});
