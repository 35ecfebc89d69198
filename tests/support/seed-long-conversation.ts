// A long conversation for one user, written straight into the database through the Supabase REST API
// (PostgREST's wire, the service-role key), as browser tests and benchmarks need one of a thousand
// messages without asking a model a thousand times. Rows are built here with their ids, so each
// message names its parent (the conversation tree of 20261201000001_conversation_tree.sql), and sent
// in a few bulk inserts. Search needs nothing more: its indexes are built on the messages' content.
import { randomUUID } from 'node:crypto';

export interface SeedLongConversationOptions {
  /** The stand-in's (or a Supabase project's) base URL: REST is at `${restUrl}/rest/v1`. A URL ending in /rest/v1 is taken as it is. */
  readonly restUrl: string;
  readonly serviceRoleKey: string;
  /** The owner of the conversation. */
  readonly userId: string;
  /** Turns of a question and its answer(s). */
  readonly turns: number;
  /** Every this many turns (turn 1 is never one), a side-by-side turn: 2 columns, then 3, then 2… 0 or absent: none. */
  readonly sideBySideEvery?: number;
  /** Every this many turns, the first column's answer has a second version (the one shown); the first is hidden. 0 or absent: none. */
  readonly versionsEvery?: number;
  /** Every this many turns, the answer holds a fenced code block. Default 5; 0: none. */
  readonly codeEvery?: number;
  readonly title?: string;
}

export interface SeededConversation {
  readonly conversationId: string;
  /** The visible path in reading order (what GET /api/conversations/:id answers), hidden versions left out. */
  readonly messageIds: readonly string[];
  /** The last message of the visible path (the last answer of the last turn; the last column in a side-by-side turn). */
  readonly lastMessageId: string;
  /** The first, hidden version of each answer that has two. */
  readonly hiddenIds: readonly string[];
}

/** The models a side-by-side turn's columns are asked, in order (offline models: always in the catalogue). */
export const SEEDED_MODELS = ['offline', 'offline-brief', 'offline-steps'] as const;

/** How many columns turn `turn` (from 1) has under `sideBySideEvery`. */
export function columnsOfTurn(turn: number, sideBySideEvery = 0): number {
  if (sideBySideEvery <= 0 || turn === 1 || turn % sideBySideEvery !== 0) return 1;
  return (turn / sideBySideEvery) % 2 === 1 ? 2 : 3;
}

/** How many messages the visible path of `turns` turns holds (a question and one answer per column each). */
export function visibleMessagesOf(turns: number, sideBySideEvery = 0): number {
  let count = 0;
  for (let turn = 1; turn <= turns; turn += 1) count += 1 + columnsOfTurn(turn, sideBySideEvery);
  return count;
}

/** The number of turns whose visible path holds exactly `messages` messages; throws when none does. */
export function turnsForMessages(messages: number, sideBySideEvery = 0): number {
  for (let turns = 1, count = 0; count < messages; turns += 1) {
    count += 1 + columnsOfTurn(turns, sideBySideEvery);
    if (count === messages) return turns;
  }
  throw new Error(`no number of turns makes exactly ${messages} visible messages with a side-by-side turn every ${sideBySideEvery}`);
}

/** A word that occurs in turn `turn`'s question only (search finds it: one token, no stemming). */
export const searchWordOf = (turn: number) => `harbour${String(turn).padStart(4, '0')}`;

const TOPICS = ['tides', 'lighthouses', 'sourdough', 'glaciers', 'compilers', 'beekeeping', 'orbits', 'typography', 'volcanoes', 'chess openings', 'rivers', 'caching'];
const WORDS = (
  'the of a keeps under rises water light long short slowly because each every season cold warm early late small large ' +
  'which turns after before measure record change stays moves pressure signal window layer depth rhythm pattern careful'
).split(' ');

/** A deterministic generator, so the same seed writes the same conversation. */
function numbers(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, topic: string): string {
  const length = 8 + Math.floor(next() * 14);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
  words.splice(Math.floor(next() * length), 0, topic);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

const paragraph = (next: () => number, topic: string) => Array.from({ length: 1 + Math.floor(next() * 4) }, () => sentence(next, topic)).join(' ');

function questionOf(turn: number, next: () => number): string {
  const topic = TOPICS[turn % TOPICS.length]!;
  const ask = `Turn ${turn} (${searchWordOf(turn)}): what should I know about ${topic}?`;
  return next() < 0.3 ? `${ask}\n\n${paragraph(next, topic)}` : ask;
}

function codeBlock(turn: number, next: () => number): string {
  const lines = 3 + Math.floor(next() * 12);
  const body = Array.from({ length: lines }, (_, i) => `  const step${i} = measure(${turn}, ${i}) * ${(next() * 10).toFixed(2)};`);
  return ['```ts', `function turn${turn}(measure: (a: number, b: number) => number) {`, ...body, `  return step${lines - 1};`, '}', '```'].join('\n');
}

function answerOf(turn: number, column: number, version: number, withCode: boolean, next: () => number): string {
  const topic = TOPICS[turn % TOPICS.length]!;
  const parts = [`**Answer ${turn}${column > 0 ? `, column ${column + 1}` : ''}${version > 1 ? `, version ${version}` : ''}** about ${topic}.`];
  const blocks = 1 + Math.floor(next() * 4);
  for (let b = 0; b < blocks; b += 1) {
    const kind = next();
    if (kind < 0.5) parts.push(paragraph(next, topic));
    else if (kind < 0.75) parts.push(Array.from({ length: 2 + Math.floor(next() * 5) }, () => `- ${sentence(next, topic)}`).join('\n'));
    else if (kind < 0.9) parts.push(Array.from({ length: 2 + Math.floor(next() * 4) }, (_, i) => `${i + 1}. ${sentence(next, topic)}`).join('\n'));
    else parts.push(`### ${topic[0]!.toUpperCase()}${topic.slice(1)}, part ${b + 1}\n\n${paragraph(next, topic)}`);
  }
  if (withCode) parts.push(codeBlock(turn, next));
  return parts.join('\n\n');
}

interface Row {
  id: string;
  conversation_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  content: string;
  model_id: string;
  model_ids: string[] | null;
  parent_id: string | null;
  column_index: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  first_token_ms: number | null;
  duration_ms: number | null;
  credits_charged: number | null;
  created_at: string;
}

/** Bodies stay well under the stand-in's 1 MB request limit. */
const MAX_BODY_CHARS = 600_000;

async function post(rest: string, key: string, table: string, body: unknown): Promise<void> {
  const response = await fetch(`${rest}/${table}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`inserting into ${table} answered ${response.status}: ${await response.text()}`);
}

/**
 * Writes a conversation of `turns` turns for `userId`: questions and answers in markdown of varied
 * length (paragraphs, bullet and numbered lists, headings; a code block every `codeEvery` turns), a
 * side-by-side turn every `sideBySideEvery` turns and a second version of an answer every
 * `versionsEvery` turns. Messages are inserted in the order the app would have written them (a hidden
 * version before the one shown), so `seq` and `shown` order them as the app does.
 */
export async function seedLongConversation(options: SeedLongConversationOptions): Promise<SeededConversation> {
  const { serviceRoleKey, userId, turns } = options;
  if (!Number.isInteger(turns) || turns < 1) throw new Error(`turns must be a whole number of at least 1, not ${turns}`);
  const rest = options.restUrl.replace(/\/+$/, '').replace(/(\/rest\/v1)?$/, '/rest/v1');
  const sideBySideEvery = options.sideBySideEvery ?? 0;
  const versionsEvery = options.versionsEvery ?? 0;
  const codeEvery = options.codeEvery ?? 5;
  const conversationId = randomUUID();
  const next = numbers(turns * 7919 + sideBySideEvery * 31 + versionsEvery);
  const rows: Row[] = [];
  const messageIds: string[] = [];
  const hiddenIds: string[] = [];
  // A message a minute, ending now.
  const startsAt = Date.now() - turns * 4 * 60_000;
  const at = () => new Date(startsAt + rows.length * 60_000).toISOString();
  let parent: string | null = null;
  for (let turn = 1; turn <= turns; turn += 1) {
    const models = SEEDED_MODELS.slice(0, columnsOfTurn(turn, sideBySideEvery));
    const question: Row = {
      id: randomUUID(), conversation_id: conversationId, user_id: userId, role: 'user', content: questionOf(turn, next),
      model_id: models[0]!, model_ids: [...models], parent_id: parent, column_index: null,
      input_tokens: null, output_tokens: null, first_token_ms: null, duration_ms: null, credits_charged: null, created_at: at(),
    };
    rows.push(question);
    messageIds.push(question.id);
    models.forEach((model, column) => {
      const versions = column === 0 && versionsEvery > 0 && turn % versionsEvery === 0 ? 2 : 1;
      for (let version = 1; version <= versions; version += 1) {
        const content = answerOf(turn, column, version, codeEvery > 0 && turn % codeEvery === 0, next);
        const answer: Row = {
          id: randomUUID(), conversation_id: conversationId, user_id: userId, role: 'assistant', content,
          model_id: model, model_ids: null, parent_id: question.id, column_index: column,
          input_tokens: 40 + turn * 3, output_tokens: Math.ceil(content.length / 4), first_token_ms: 200 + Math.floor(next() * 600),
          duration_ms: 1000 + Math.floor(next() * 4000), credits_charged: 1 + Math.floor(next() * 3), created_at: at(),
        };
        rows.push(answer);
        (version === versions ? messageIds : hiddenIds).push(answer.id);
      }
    });
    parent = question.id;
  }

  await post(rest, serviceRoleKey, 'conversations', [{ id: conversationId, user_id: userId, title: options.title ?? `A long conversation of ${turns} turns` }]);
  // Bulk inserts in order: a parent is always in the same request or an earlier one.
  let batch: Row[] = [];
  let size = 0;
  for (const row of rows) {
    const chars = row.content.length + 600;
    if (batch.length > 0 && size + chars > MAX_BODY_CHARS) {
      await post(rest, serviceRoleKey, 'messages', batch);
      batch = [];
      size = 0;
    }
    batch.push(row);
    size += chars;
  }
  if (batch.length > 0) await post(rest, serviceRoleKey, 'messages', batch);
  return { conversationId, messageIds, lastMessageId: messageIds.at(-1)!, hiddenIds };
}
