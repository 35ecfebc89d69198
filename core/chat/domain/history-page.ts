import { z } from 'zod';
import { tallyTexts } from '../../credits/index.js';
import type { AttachmentRef } from './attachments.js';
import type { ChatMessage } from './chat.js';
import { markOutdatedMerges } from './chat-rules.js';

/**
 * A long conversation is read in pages of whole turns (a question with every answer shown under it),
 * newest first: the latest page opens the conversation, older pages follow by cursor as the reader
 * scrolls up, and a message opened from elsewhere (a search hit) opens the page around it, from which
 * newer pages follow by cursor too. A cursor is the id of a message of the visible path; one that is no
 * longer on it (another version was shown meanwhile) is refused, and the reader opens the latest page.
 */

/** Turns per page when the reader names none. */
export const DEFAULT_PAGE_TURNS = 30;
/** The most turns one page holds. */
export const MAX_PAGE_TURNS = 100;

const cursor = z.string().trim().min(1, 'must not be empty').max(200, 'is too long');

/** Which page of the visible path: the latest (no cursor), the turns before or after a message, or those around it. */
export const pageQuerySchema = z
  .strictObject({
    limit: z
      .number({ error: 'The page size must be a number of turns' })
      .int('The page size must be a whole number of turns')
      .min(1, 'The page size must be at least 1 turn')
      .max(MAX_PAGE_TURNS, `The page size must be at most ${MAX_PAGE_TURNS} turns`)
      .optional(),
    before: cursor.optional(),
    after: cursor.optional(),
    around: cursor.optional(),
  })
  .refine((q) => [q.before, q.after, q.around].filter((c) => c !== undefined).length <= 1, 'Give at most one of before, after and around');

export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of the visible path, and the cursors of the pages beside it (null: there is none). */
export interface MessagePage<T> {
  /** Whole turns, oldest first. */
  readonly messages: readonly T[];
  /** Pass as `before` for the turns before this page. */
  readonly older: string | null;
  /** Pass as `after` for the turns after this page (null: the page ends with the latest turn). */
  readonly newer: string | null;
}

/** The index of each turn's first message: a turn starts at each message that is not an answer. */
const turnStarts = (path: readonly Pick<ChatMessage, 'role'>[]): number[] => {
  const starts: number[] = [];
  path.forEach((m, i) => {
    if (i === 0 || m.role !== 'assistant') starts.push(i);
  });
  return starts;
};

/**
 * The page of the visible path a query asks for, or null when its cursor is not a message of the path.
 * Pages never split a turn.
 */
export function pageOf<T extends Pick<ChatMessage, 'id' | 'role'>>(path: readonly T[], query: PageQuery = {}): MessagePage<T> | null {
  const limit = query.limit ?? DEFAULT_PAGE_TURNS;
  const starts = turnStarts(path);
  const turnOf = (id: string): number | null => {
    const index = path.findIndex((m) => m.id === id);
    if (index < 0) return null;
    let turn = 0;
    while (turn + 1 < starts.length && (starts[turn + 1] as number) <= index) turn += 1;
    return turn;
  };
  let first: number;
  let end: number; // exclusive, in turns
  if (query.before !== undefined) {
    const at = turnOf(query.before);
    if (at === null) return null;
    end = at;
    first = Math.max(0, end - limit);
  } else if (query.after !== undefined) {
    const at = turnOf(query.after);
    if (at === null) return null;
    first = at + 1;
    end = Math.min(starts.length, first + limit);
  } else if (query.around !== undefined) {
    const at = turnOf(query.around);
    if (at === null) return null;
    first = Math.max(0, at - Math.floor((limit - 1) / 2));
    end = Math.min(starts.length, first + limit);
    first = Math.max(0, end - limit);
  } else {
    end = starts.length;
    first = Math.max(0, end - limit);
  }
  if (first >= end) {
    // Nothing on that side: an empty page whose cursors lead back to where the reader stands.
    const edge = query.before ?? query.after ?? null;
    return { messages: [], older: query.after !== undefined ? edge : null, newer: query.before !== undefined ? edge : null };
  }
  const from = starts[first] as number;
  const to = end < starts.length ? (starts[end] as number) : path.length;
  const messages = path.slice(from, to);
  return {
    messages,
    older: first > 0 ? (messages[0] as T).id : null,
    newer: end < starts.length ? (path[to - 1] as T).id : null,
  };
}

/**
 * What the price of a message needs of each message of the visible path, without its text: who wrote
 * it, where it stands, its files, and its size (quarter tokens, see token-estimate.ts) whole and as the
 * opening line a summary of older turns keeps (summaryLineOf). A reader holding one page still prices
 * the next message exactly as the server holds it.
 */
export interface MessageWeight {
  readonly role: ChatMessage['role'];
  readonly modelId: string | null;
  readonly mergedFrom?: readonly string[];
  /** A merge no model is sent (ChatMessage.outdated). */
  readonly outdated?: true;
  readonly attachments?: readonly AttachmentRef[];
  readonly quarters: number;
  readonly summaryQuarters: number;
}

/** The most characters of a message an older turn's summary keeps. */
export const SUMMARY_LINE_CHARS = 160;

/**
 * The first `length` characters of a text with its white space run together and trimmed
 * (`text.replace(/\s+/g, ' ').trim().slice(0, length)`), reading only as much of the text as they
 * need: every message of a long conversation is weighed on each open, and an answer is often long.
 */
function openingOf(text: string, length: number): string {
  for (let end = Math.max(4 * length, 512); end < text.length; end *= 2) {
    // The start of the text run together is the start of the whole run together: a run of white space
    // cut at `end` is one space either way, and only the whole text's last space is trimmed.
    const start = text.slice(0, end).replace(/\s+/g, ' ').trimStart();
    if (start.length >= length + 2) return start.slice(0, length);
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, length);
}

/** The line a summary of older turns keeps of a message: who spoke, and its opening words. */
export const summaryLineOf = (m: Pick<ChatMessage, 'role' | 'content'>): string => {
  const flat = openingOf(m.content, SUMMARY_LINE_CHARS + 1);
  let opening = flat;
  if (flat.length > SUMMARY_LINE_CHARS) {
    const cut = flat.slice(0, SUMMARY_LINE_CHARS);
    const space = cut.lastIndexOf(' ');
    opening = `${space > SUMMARY_LINE_CHARS / 2 ? cut.slice(0, space) : cut}…`;
  }
  return `${m.role === 'assistant' ? 'Assistant' : 'User'}: ${opening}`;
};

export const weightOf = (m: ChatMessage): MessageWeight => ({
  role: m.role,
  modelId: m.modelId,
  ...(m.mergedFrom === undefined ? {} : { mergedFrom: m.mergedFrom }),
  ...(m.outdated === true ? { outdated: true } : {}),
  ...(m.attachments === undefined || m.attachments.length === 0 ? {} : { attachments: m.attachments }),
  quarters: tallyTexts([m.content]).quarters,
  summaryQuarters: tallyTexts([summaryLineOf(m)]).quarters,
});

/** A page of the visible path with the weight of every message of the whole path (what opening a conversation answers). */
export type PathPage = MessagePage<ChatMessage> & { readonly weights: readonly MessageWeight[] };

/**
 * The page a query asks for of a visible path, with the weights of the whole path: what the reader
 * holds of a long conversation, its outdated merges marked (markOutdatedMerges). Null when the query's
 * cursor is not a message of the path.
 */
export function pageWithWeights(path: readonly ChatMessage[], query: PageQuery = {}): PathPage | null {
  const marked = markOutdatedMerges(path);
  const page = pageOf(marked, query);
  return page === null ? null : { ...page, weights: marked.map(weightOf) };
}

/** Which cursor of a query is not on the visible path, in words (for the not_found a missing cursor answers). */
export const missingCursorMessage = (query: PageQuery): string => {
  const [name, id] = query.before !== undefined ? ['before', query.before] : query.after !== undefined ? ['after', query.after] : ['around', query.around ?? ''];
  return `Message ${id} (${name}) is not on the conversation's visible path; open its latest page`;
};
