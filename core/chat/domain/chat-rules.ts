import { z } from 'zod';
import type { ChatMessage } from './chat.js';

/** Side-by-side chat: one prompt goes to one to six models at once (big-AGI and ChatHub compare up to six). */
export const MAX_MODELS_PER_CHAT = 6;
export const MAX_MESSAGE_LENGTH = 32_000;
export const MAX_TITLE_LENGTH = 120;

/**
 * Text Postgres can store: no NUL character and no lone UTF-16 surrogate (both are refused by
 * the database, and would otherwise surface as a server error).
 */
export const hasUnstorableText = (text: string): boolean =>
  text.includes('\u0000') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const storableRefine = (what: string) => ({
  check: (text: string) => !hasUnstorableText(text),
  message: `${what} contains a character that cannot be stored (NUL or a broken Unicode surrogate)`,
});

export const modelIdsSchema = z
  .array(z.string().trim().min(1, 'Model id must not be empty').refine(storableRefine('Model id').check, storableRefine('Model id').message), { error: 'Choose at least one model' })
  .min(1, 'Choose at least one model')
  .max(MAX_MODELS_PER_CHAT, `Choose at most ${MAX_MODELS_PER_CHAT} models`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each model may be chosen once');

export const messageSchema = z
  .string({ error: 'Message must be text' })
  .trim()
  .min(1, 'Message must not be empty')
  .max(MAX_MESSAGE_LENGTH, `Message must contain at most ${MAX_MESSAGE_LENGTH} characters`)
  .refine(storableRefine('Message').check, storableRefine('Message').message);

export const conversationIdSchema = z
  .string()
  .trim()
  .min(1, 'Conversation id must not be empty')
  .refine(storableRefine('Conversation id').check, storableRefine('Conversation id').message);

export const titleSchema = z
  .string({ error: 'Title must be text' })
  .trim()
  .min(1, 'Title must not be empty')
  .max(MAX_TITLE_LENGTH, `Title must contain at most ${MAX_TITLE_LENGTH} characters`)
  .refine(storableRefine('Title').check, storableRefine('Title').message);

/** The words of a markdown message as a sidebar shows them: no fences, emphasis, headings or link targets. */
const withoutMarkdown = (text: string): string =>
  text
    .replace(/^\s*(```|~~~)[^\n]*$/gm, ' ')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(?=\S)|\d+[.)]\s+)/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)(.+?)(?<=\S)[*_](?=$|[\s).,!?:;])/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1');

/** A new conversation is named after its first message, cut at a word boundary. */
export const titleFromMessage = (message: string, maxLength = 60): string => {
  const plain = withoutMarkdown(message).replace(/\s+/g, ' ').trim();
  // A message of markup only (say, a bare code fence) keeps its own text rather than no title.
  const flat = plain === '' ? message.replace(/\s+/g, ' ').trim() : plain;
  if (flat.length <= maxLength) return flat;
  // Cut at a word boundary and stored without an ellipsis: the title is words of the message, and
  // where a list has no room for all of them it shows its own ellipsis.
  const cut = flat.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd();
};

/**
 * What one model sees of a side-by-side conversation: every user and system message, and only its
 * own answers (the other models' answers would read as if it had written them). Where it merged a
 * turn's answers, the merged answer stands in for its own answer of that turn; a merge marked outdated
 * (markOutdatedMerges) summarises answers no longer shown, so it is left out and the model's own answer
 * stays. The messages are kept as given, so that the same rule runs over messages and over their
 * weights (history-page.ts).
 */
export const ownSideOf = <T extends Pick<ChatMessage, 'role' | 'modelId' | 'mergedFrom' | 'outdated'>>(messages: readonly T[], modelId: string): readonly T[] => {
  const kept: T[] = [];
  let turnStart = 0;
  for (const m of messages) {
    if (m.role !== 'assistant') {
      if (m.role === 'user') turnStart = kept.length + 1;
      kept.push(m);
    } else if (m.modelId === modelId && !(m.mergedFrom !== undefined && m.outdated === true)) {
      // A merge by this model replaces what it answered in the same turn.
      if (m.mergedFrom !== undefined) kept.splice(turnStart, kept.length - turnStart);
      kept.push(m);
    }
  }
  return kept;
};

/**
 * The visible path with each outdated merge marked: a merge is outdated when a column of its turn shows
 * an answer written after it (a column regenerated or given another model, or the whole turn answered
 * again), for it then merges answers no longer shown. Showing again the versions it merged unmarks it.
 * Times are the stored ones (ISO strings of one clock); equal times do not make a merge outdated.
 */
export const markOutdatedMerges = <T extends Pick<ChatMessage, 'role' | 'mergedFrom' | 'createdAt' | 'outdated'>>(path: readonly T[]): readonly T[] => {
  const marked = [...path];
  for (let start = 0; start < path.length; ) {
    let end = start + 1;
    while (end < path.length && path[end]?.role === 'assistant') end += 1;
    let latest = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i += 1) {
      const m = path[i] as T;
      if (m.role === 'assistant' && m.mergedFrom === undefined) latest = Math.max(latest, Date.parse(m.createdAt));
    }
    for (let i = start; i < end; i += 1) {
      const m = path[i] as T;
      if (m.mergedFrom === undefined) continue;
      const outdated = Date.parse(m.createdAt) < latest;
      if (outdated !== (m.outdated === true)) {
        const { outdated: _was, ...rest } = m;
        marked[i] = (outdated ? { ...rest, outdated: true } : rest) as T;
      }
    }
    start = end;
  }
  return marked;
};

/** The answers a merge fuses: the last turn's column answers, one per model in the order asked, merges left out. */
export const answersToMerge = (messages: readonly ChatMessage[], fromIndex: number): readonly ChatMessage[] => {
  const seen = new Set<string>();
  const answers = messages.slice(fromIndex + 1).filter((m) => {
    if (m.role !== 'assistant' || m.modelId === null || m.mergedFrom !== undefined || seen.has(m.modelId)) return false;
    seen.add(m.modelId);
    return true;
  });
  const asked = messages[fromIndex]?.modelIds ?? [];
  const rank = (id: string | null) => (id !== null && asked.includes(id) ? asked.indexOf(id) : asked.length);
  return [...answers].sort((a, b) => rank(a.modelId) - rank(b.modelId));
};

/** The request a merging model answers: the question, then every answer under its model's name. */
export const MERGE_PROMPT_OPENING = 'Several AI models answered the same question.';
export const mergePrompt = (question: string, answers: readonly { readonly label: string; readonly content: string }[]): string =>
  [
    `${MERGE_PROMPT_OPENING} Merge their answers into one answer that keeps what each got right,`,
    'drops what is wrong or repeated, and resolves disagreements (say so where they cannot be resolved).',
    'Write it in the language of the question, as a direct answer to it, without mentioning the models or this request.',
    '',
    '<question>',
    question,
    '</question>',
    ...answers.flatMap((a, i) => ['', `<answer number="${i + 1}" model="${a.label.replace(/"/g, "'")}">`, a.content, '</answer>']),
  ].join('\n');

/** A user message of the visible path and the models that answered it: what regenerate and edit act on. */
export interface Exchange {
  readonly userMessage: ChatMessage;
  readonly index: number;
  readonly answeredBy: readonly string[];
  /** The turn's columns, in order: each column's model as shown (else as asked), merges left out. */
  readonly columns: ReadonlyMap<number, string>;
}

/** The exchange of the given user message of the visible path (default: the last one), or null. */
export const exchangeOf = (messages: readonly ChatMessage[], userMessageId?: string): Exchange | null => {
  const index = userMessageId === undefined ? messages.findLastIndex((m) => m.role === 'user') : messages.findIndex((m) => m.id === userMessageId && m.role === 'user');
  const userMessage = messages[index];
  if (index < 0 || !userMessage) return null;
  const next = messages.findIndex((m, i) => i > index && m.role !== 'assistant');
  const answers = messages.slice(index + 1, next === -1 ? messages.length : next).filter((m) => m.role === 'assistant' && m.modelId !== null && m.mergedFrom === undefined);
  const columns = new Map<number, string>();
  (userMessage.modelIds ?? (userMessage.modelId ? [userMessage.modelId] : [])).forEach((id, i) => columns.set(i, id));
  answers.forEach((m, i) => columns.set(m.column ?? i, m.modelId as string));
  return {
    userMessage,
    index,
    answeredBy: [...new Set(answers.map((m) => m.modelId as string))],
    columns: new Map([...columns].sort(([a], [b]) => a - b)),
  };
};

/** The last user message and the models that answered it: what regenerate and edit-last act on. */
export const lastExchange = (messages: readonly ChatMessage[]): Exchange | null => exchangeOf(messages);
