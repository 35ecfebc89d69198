import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { SUPPORTED_LANGUAGES } from '../../../core/interface/index.js';
import { findPlaceholders } from '../../../web/client/features/chat/components/placeholder-field.js';
import { openTestDb } from '../../support/supabase-rest-harness.js';

// The seeded library as the migrations leave it: every prompt and category in all six languages.
let db: LocalDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

const rows = async <T>(sql: string, args: unknown[] = []) => (await db.asAdmin((tx) => tx.query<T>(sql, args))).rows;
const placeholders = (text: string) => (text.match(/\[[^[\]\n]*\]/g) ?? []).sort();
const OTHER_LANGUAGES = SUPPORTED_LANGUAGES.filter((l) => l !== 'en');
/** Placeholders that are the English word in that language too (German capitalises them). */
const SAME_WORD: Readonly<Record<string, readonly string[]>> = { de: ['[Person]', '[Problem]', '[Team]'] };

interface Prompt { id: string; title: string; description: string; body: string; category: string }
interface Translation { prompt_id: string; language: string; title: string; description: string; body: string }

describe('the prompt library is written in all six languages', () => {
  it('every prompt has its English text and a translation into each other language', async () => {
    const prompts = await rows<Prompt>('select id, title, description, body, category from public.prompts order by id');
    const translations = await rows<Translation>('select prompt_id, language, title, description, body from public.prompt_translations');
    expect(prompts.length).toBe(64);
    const missing = prompts.flatMap((p) =>
      OTHER_LANGUAGES.filter((language) => !translations.some((t) => t.prompt_id === p.id && t.language === language)).map((language) => `${p.id}:${language}`),
    );
    expect(missing).toEqual([]);
    for (const p of prompts) expect(p.title.trim() && p.body.trim() && p.description.trim(), p.id).toBeTruthy();
  });

  it('every category has a label in each other language', async () => {
    const categories = (await rows<{ category: string }>('select distinct category from public.prompts order by 1')).map((r) => r.category);
    const labels = await rows<{ category: string; language: string; label: string }>('select category, language, label from public.prompt_category_translations');
    const missing = categories.flatMap((c) => OTHER_LANGUAGES.filter((l) => !labels.some((x) => x.category === c && x.language === l)).map((l) => `${c}:${l}`));
    expect(missing).toEqual([]);
    expect(labels.every((l) => l.label.trim() !== '')).toBe(true);
  });

  it('a translation is really translated, its placeholders too: as many as in English, none of them English', async () => {
    const pairs = await rows<Translation & { en_title: string; en_body: string }>(
      `select t.*, p.title as en_title, p.body as en_body from public.prompt_translations t join public.prompts p on p.id = t.prompt_id`,
    );
    expect(pairs.length).toBe(64 * OTHER_LANGUAGES.length);
    const copied = pairs.filter((t) => t.body === t.en_body || t.title === t.en_title).map((t) => `${t.prompt_id}:${t.language}`);
    expect(copied).toEqual([]);
    expect(pairs.every((t) => t.description.trim() !== '')).toBe(true);
    // The composer offers one field per placeholder it finds: a translated prompt offers as many as the English.
    const counted = pairs
      .filter((t) => placeholders(t.body).length !== placeholders(t.en_body).length || findPlaceholders(t.body).length !== findPlaceholders(t.en_body).length)
      .map((t) => `${t.prompt_id}:${t.language}`);
    expect(counted).toEqual([]);
    const english = new Set(pairs.flatMap((t) => placeholders(t.en_body)).map((p) => p.toLowerCase()));
    expect(english.size).toBeGreaterThan(70);
    const untranslated = pairs.flatMap((t) =>
      [t.title, t.description, t.body].flatMap(placeholders)
        .filter((p) => english.has(p.toLowerCase()) && !SAME_WORD[t.language]?.includes(p))
        .map((p) => `${t.prompt_id}:${t.language}:${p}`),
    );
    expect(untranslated).toEqual([]);
    // Every placeholder still reads as one in the composer (brackets holding a letter, on one line).
    const unseen = pairs.filter((t) => JSON.stringify(findPlaceholders(t.body).map((p) => p.text).sort()) !== JSON.stringify(placeholders(t.body))).map((t) => `${t.prompt_id}:${t.language}`);
    expect(unseen).toEqual([]);
  });

  it('the placeholders migration changes nothing when it runs again', async () => {
    const before = await rows<Translation & { updated_at: string }>('select * from public.prompt_translations order by prompt_id, language');
    const script = await readFile(new URL('../../../adapters/supabase/migrations/20261203400001_prompt_placeholders_translated.sql', import.meta.url), 'utf8');
    await db.asAdmin((tx) => tx.exec(`set local role postgres;\n${script}`));
    const after = await rows<Translation & { updated_at: string }>('select * from public.prompt_translations order by prompt_id, language');
    expect(after).toEqual(before);
  });

  it('a German prompt reads its placeholders in German', async () => {
    const [strategy] = await rows<{ body: string }>(`select body from public.prompt_translations where prompt_id = 'one-page-strategy' and language = 'de'`);
    expect(strategy?.body).toContain('[Team oder Unternehmen]');
    const [japanese] = await rows<{ body: string }>(`select body from public.prompt_translations where prompt_id = 'one-page-strategy' and language = 'ja'`);
    expect(japanese?.body).toContain('[チームまたは会社]');
  });

  it('each language is searched in its own words: German and French stemmed, Japanese by substring, English as written', async () => {
    const search = async (query: string, language: string) =>
      (await rows<{ r: { total: number; items: { id: string; language: string }[] } }>('select public.search_prompts($1, null, false, 100, 0, $2) as r', [query, language]))[0]?.r;
    expect((await search('Gehaltsverhandlung', 'de'))?.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    expect((await search('Karteikart', 'de'))?.items.map((p) => p.id)).toEqual(['flashcards']);
    expect((await search('négociation salariale', 'fr'))?.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    expect((await search('給与交渉', 'ja'))?.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    expect((await search('negociación', 'es'))?.items.map((p) => p.id)).toContain('negotiate-an-offer');
    expect((await search('negociação', 'pt'))?.items.map((p) => p.id)).toContain('negotiate-an-offer');
    expect((await search('negot', 'en'))?.items.map((p) => p.id)).toEqual(['negotiate-an-offer']);
    const german = await search('', 'de');
    expect(german?.total).toBe(64);
    expect(german?.items.every((p) => p.language === 'de')).toBe(true);
  });
});
