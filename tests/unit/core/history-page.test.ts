import { describe, expect, it } from 'vitest';
import type { ChatMessage, PageQuery } from '../../../core/chat/index.js';
import { DEFAULT_PAGE_TURNS, MAX_PAGE_TURNS, SUMMARY_LINE_CHARS, missingCursorMessage, pageOf, pageQuerySchema, pageWithWeights, summaryLineOf, weightOf } from '../../../core/chat/index.js';

const message = (id: string, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c1',
  role,
  content,
  modelId: role === 'assistant' ? 'echo-basic' : null,
  inputTokens: null,
  outputTokens: null,
  createdAt: '2026-12-02T06:00:00.000Z',
  ...extra,
});

/** n turns: q1, a1, q2, a2, … (ids and contents alike). */
const turns = (n: number): ChatMessage[] =>
  Array.from({ length: n }, (_, i) => [message(`q${i + 1}`, 'user', `q${i + 1}`), message(`a${i + 1}`, 'assistant', `a${i + 1}`)]).flat();

const ids = (page: { messages: readonly { id: string }[] } | null) => page?.messages.map((m) => m.id) ?? null;

describe('pageOf: pages of whole turns', () => {
  it('an empty conversation has one empty page whatever the limit, and no cursor on either side', () => {
    for (const query of [{}, { limit: 1 }, { limit: MAX_PAGE_TURNS }] satisfies PageQuery[]) {
      expect(pageOf([], query)).toEqual({ messages: [], older: null, newer: null });
    }
    expect(pageWithWeights([])).toEqual({ messages: [], older: null, newer: null, weights: [] });
  });

  it('an empty conversation has no message to be a cursor: null', () => {
    expect(pageOf([], { before: 'q1' })).toBeNull();
    expect(pageOf([], { after: 'q1' })).toBeNull();
    expect(pageOf([], { around: 'q1' })).toBeNull();
  });

  it('one turn is the whole of the latest page, of any size', () => {
    for (const limit of [1, 2, MAX_PAGE_TURNS]) expect(pageOf(turns(1), { limit })).toEqual({ messages: turns(1), older: null, newer: null });
    expect(pageOf(turns(1), { around: 'a1', limit: 1 })).toEqual({ messages: turns(1), older: null, newer: null });
    // Nothing before or after it: an empty page whose cursor leads back.
    expect(pageOf(turns(1), { before: 'q1' })).toEqual({ messages: [], older: null, newer: 'q1' });
    expect(pageOf(turns(1), { after: 'a1' })).toEqual({ messages: [], older: 'a1', newer: null });
  });

  it('a question still unanswered (a turn being written) is a turn of its own', () => {
    const path = [...turns(2), message('q3', 'user', 'q3')];
    expect(ids(pageOf(path, { limit: 1 }))).toEqual(['q3']);
    expect(ids(pageOf(path, { limit: 1, before: 'q3' }))).toEqual(['q2', 'a2']);
  });

  it('at exact multiples of the page size, paging back ends on a full page whose older cursor is null', () => {
    const path = turns(3 * DEFAULT_PAGE_TURNS);
    const latest = pageOf(path);
    expect(latest?.messages).toHaveLength(2 * DEFAULT_PAGE_TURNS);
    expect(latest?.messages[0]?.id).toBe(`q${2 * DEFAULT_PAGE_TURNS + 1}`);
    const middle = pageOf(path, { before: latest?.older as string });
    expect(middle).toMatchObject({ older: 'q31', newer: 'a60' });
    const first = pageOf(path, { before: middle?.older as string });
    expect(first?.messages).toHaveLength(2 * DEFAULT_PAGE_TURNS);
    expect(first).toMatchObject({ older: null, newer: 'a30' });
    // Reading every page back to back gives the whole path once.
    expect([...(first?.messages ?? []), ...(middle?.messages ?? []), ...(latest?.messages ?? [])]).toEqual(path);
    // The same forward from the first page, by `newer`.
    const second = pageOf(path, { after: first?.newer as string });
    expect(ids(second)).toEqual(ids(middle));
    const third = pageOf(path, { after: second?.newer as string });
    expect(third).toEqual(latest);
    expect(pageOf(path, { limit: MAX_PAGE_TURNS })).toEqual({ messages: path, older: null, newer: null });
  });

  it('one turn more than a page leaves a last page of one turn', () => {
    const path = turns(4);
    const latest = pageOf(path, { limit: 3 });
    expect(latest).toMatchObject({ older: 'q2', newer: null });
    expect(pageOf(path, { limit: 3, before: 'q2' })).toEqual({ messages: turns(1), older: null, newer: 'a1' });
  });

  it('around a message: the page is centred on its turn, shifted to stay full at either end', () => {
    const path = turns(10);
    expect(ids(pageOf(path, { around: 'a5', limit: 3 }))).toEqual(['q4', 'a4', 'q5', 'a5', 'q6', 'a6']);
    expect(ids(pageOf(path, { around: 'q5', limit: 4 }))).toEqual(['q4', 'a4', 'q5', 'a5', 'q6', 'a6', 'q7', 'a7']);
    expect(pageOf(path, { around: 'q1', limit: 3 })).toMatchObject({ older: null, newer: 'a3' });
    expect(pageOf(path, { around: 'a10', limit: 3 })).toMatchObject({ older: 'q8', newer: null });
  });

  it('a side-by-side turn with a merge is one turn: its answers are never split from their question', () => {
    const path = [
      message('q1', 'user', 'q1', { modelIds: ['m1', 'm2'] }),
      message('a1-0', 'assistant', 'one', { column: 0, version: { index: 2, count: 2 } }),
      message('a1-1', 'assistant', 'two', { column: 1 }),
      message('a1-m', 'assistant', 'merged', { column: -1, mergedFrom: ['m1', 'm2'] }),
      ...turns(2).map((m) => ({ ...m, id: `${m.id}x` })),
    ];
    expect(ids(pageOf(path, { limit: 1, around: 'a1-1' }))).toEqual(['q1', 'a1-0', 'a1-1', 'a1-m']);
    expect(ids(pageOf(path, { limit: 1, before: 'q1x' }))).toEqual(['q1', 'a1-0', 'a1-1', 'a1-m']);
    expect(ids(pageOf(path, { limit: 1, after: 'a1-0' }))).toEqual(['q1x', 'a1x']);
  });

  it('a cursor that is not on the path gives null, and says which it was', () => {
    expect(pageOf(turns(3), { before: 'elsewhere' })).toBeNull();
    expect(pageWithWeights(turns(3), { around: 'elsewhere' })).toBeNull();
    expect(missingCursorMessage({ after: 'm9' })).toMatch(/m9 \(after\) is not on the conversation's visible path/);
  });
});

describe('pageWithWeights', () => {
  it('carries the weight of every message of the whole path, whichever page is asked for', () => {
    const path = [...turns(4), message('q5', 'user', 'a question with a longer text than the others, to weigh more')];
    const page = pageWithWeights(path, { limit: 1, before: 'q2' });
    expect(ids(page)).toEqual(['q1', 'a1']);
    expect(page?.weights).toEqual(path.map(weightOf));
    expect(page?.weights.at(-1)?.quarters).toBeGreaterThan(page?.weights[0]?.quarters ?? Infinity);
  });
});

describe('pageQuerySchema', () => {
  it('refuses a size out of bounds, an empty cursor and two cursors at once, with a precise message', () => {
    const issue = (query: unknown) => {
      const r = pageQuerySchema.safeParse(query);
      return r.success ? 'ok' : r.error.issues[0]?.message;
    };
    expect(issue({ limit: 0 })).toBe('The page size must be at least 1 turn');
    expect(issue({ limit: MAX_PAGE_TURNS + 1 })).toBe(`The page size must be at most ${MAX_PAGE_TURNS} turns`);
    expect(issue({ limit: 1.5 })).toBe('The page size must be a whole number of turns');
    expect(issue({ before: ' ' })).toBe('must not be empty');
    expect(issue({ before: 'a', after: 'b' })).toBe('Give at most one of before, after and around');
    expect(issue({ page: 2 })).toMatch(/page/);
    expect(issue({ limit: MAX_PAGE_TURNS, around: 'a' })).toBe('ok');
  });
});

describe('the line a summary keeps of a message', () => {
  /** The rule as written plainly: the whole text run together, then its opening words. */
  const plainly = (m: { role: 'user' | 'assistant'; content: string }) => {
    const flat = m.content.replace(/\s+/g, ' ').trim();
    let opening = flat;
    if (flat.length > SUMMARY_LINE_CHARS) {
      const cut = flat.slice(0, SUMMARY_LINE_CHARS);
      const space = cut.lastIndexOf(' ');
      opening = `${space > SUMMARY_LINE_CHARS / 2 ? cut.slice(0, space) : cut}…`;
    }
    return `${m.role === 'assistant' ? 'Assistant' : 'User'}: ${opening}`;
  };

  it('reads only the opening of a long message and says the same as the whole text run together', () => {
    const pieces = ['word', ' ', '  ', '\n', '\n\n\t ', 'a', 'longerword', '\u00a0', '潮汐', ' \u2028 ', '—', ''];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const texts = [
      '', ' ', ' '.repeat(2000), `${' '.repeat(1000)}x`, `x${' '.repeat(1000)}`, `${'a'.repeat(700)} ${'b'.repeat(10)}`,
      `${' \n'.repeat(600)}${'tide '.repeat(300)}${' '.repeat(900)}`, 'x'.repeat(SUMMARY_LINE_CHARS + 1), `${'x'.repeat(SUMMARY_LINE_CHARS)} `,
      `${'x '.repeat(SUMMARY_LINE_CHARS / 2)}${' '.repeat(3000)}`, `${'x'.repeat(SUMMARY_LINE_CHARS)}${' '.repeat(3000)}`, `${'y'.repeat(SUMMARY_LINE_CHARS + 1)}${' '.repeat(5000)}z`,
    ];
    for (let i = 0; i < 400; i += 1) texts.push(Array.from({ length: next() % 900 }, () => pieces[next() % pieces.length]).join(''));
    for (const content of texts) {
      for (const role of ['user', 'assistant'] as const) expect(summaryLineOf({ role, content })).toBe(plainly({ role, content }));
    }
  });
});
