// The migration that makes conversations trees, run on rows written before it: every existing
// conversation becomes a single path, read back exactly as it was (side-by-side columns in the order
// asked, a merge last), and a follow-up continues it.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, openLocalDb, type LocalDb } from '@ensemble/supabase-stand-in';

const TREE = '20261201000001';
const ALICE = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = '22222222-2222-4222-8222-222222222222';
let db: LocalDb;

beforeAll(async () => {
  const migrations = await listMigrations();
  const before = migrations.filter((m) => m.version < TREE).at(-1);
  if (!before) throw new Error('no migration before the tree');
  db = await openLocalDb({ upToVersion: before.version });
  await db.asAdmin(async (tx) => {
    await tx.query(`insert into auth.users (id, email) values ($1, 'alice@example.test')`, [ALICE]);
    await tx.query(`insert into public.conversations (id, user_id, title) values ($1, $2, 'Before trees')`, [CONVERSATION, ALICE]);
    const rows: [string, string, string | null, string[] | null, string[] | null][] = [
      ['user', 'first question', 'offline', null, null],
      ['assistant', 'first answer', 'offline', null, null],
      ['user', 'side by side', null, ['offline', 'offline-brief'], null],
      // Saved as they finished: the second column first.
      ['assistant', 'brief answer', 'offline-brief', null, null],
      ['assistant', 'detailed answer', 'offline', null, null],
      ['assistant', 'merged answer', 'offline', null, ['offline', 'offline-brief']],
      ['user', 'last question', 'offline', null, null],
    ];
    for (const [role, content, modelId, modelIds, mergedFrom] of rows) {
      await tx.query(
        'insert into public.messages (conversation_id, user_id, role, content, model_id, model_ids, merged_from) values ($1, $2, $3, $4, $5, $6, $7)',
        [CONVERSATION, ALICE, role, content, modelId, modelIds, mergedFrom],
      );
    }
  });
  const tree = migrations.find((m) => m.version === TREE);
  if (!tree) throw new Error('the tree migration is missing');
  const script = await readFile(tree.path, 'utf8');
  await db.asAdmin((tx) => tx.exec(`set local role postgres;\n${script}`));
}, 120_000);

afterAll(async () => {
  await db?.close();
});

const path = () =>
  db.withRole('authenticated', { sub: ALICE }, (tx) =>
    tx.query<{ content: string; column_index: number | null; version_count: number }>('select content, column_index, version_count from public.conversation_path($1, $2)', [ALICE, CONVERSATION]),
  );

describe('existing conversations after the tree migration', () => {
  it('read back as one path: each answer under its question, side-by-side columns in the order asked, the merge last', async () => {
    const { rows } = await path();
    expect(rows.map((r) => [r.content, r.column_index])).toEqual([
      ['first question', null],
      ['first answer', 0],
      ['side by side', null],
      ['detailed answer', 0],
      ['brief answer', 1],
      ['merged answer', -1],
      ['last question', null],
    ]);
    expect(rows.every((r) => r.version_count === 1)).toBe(true);
  });

  it('each message knows its parent, and a new message continues the path', async () => {
    const parents = await db.asAdmin((tx) =>
      tx.query<{ content: string; parent: string | null }>(
        'select m.content, p.content as parent from public.messages m left join public.messages p on p.id = m.parent_id order by m.seq',
      ),
    );
    expect(parents.rows).toEqual([
      { content: 'first question', parent: null },
      { content: 'first answer', parent: 'first question' },
      { content: 'side by side', parent: 'first question' },
      { content: 'brief answer', parent: 'side by side' },
      { content: 'detailed answer', parent: 'side by side' },
      { content: 'merged answer', parent: 'side by side' },
      { content: 'last question', parent: 'side by side' },
    ]);
    const started = await db.withRole('service_role', null, (tx) =>
      tx.query<{ turn: { message: { parent_id: string } } }>(
        `select public.start_conversation_turn($1, $2, '', 'a follow-up', 'offline', null, 60) as turn`,
        [ALICE, CONVERSATION],
      ),
    );
    const parent = started.rows[0]?.turn.message.parent_id;
    const last = await db.asAdmin((tx) => tx.query<{ id: string }>(`select id from public.messages where content = 'last question'`));
    expect(parent).toBe(last.rows[0]?.id);
    expect((await path()).rows.at(-1)?.content).toBe('a follow-up');
  });
});
