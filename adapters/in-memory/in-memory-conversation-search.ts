import type { ChatMessage, Conversation, ConversationSearch, SearchHit, SearchQuery } from '../../core/chat/index.js';
import { MATCH_END, MATCH_START, parseQuery, snippetParts, textSearchConfigFor, wordsOf, type ParsedQuery } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';

interface Source {
  threadsOf(userId: string): Iterable<{ readonly conversation: Conversation; readonly messages: readonly ChatMessage[] }>;
}

const CONTEXT_WORDS = 12;

/**
 * Search over an InMemoryConversationStore, with the Postgres adapter's rules where it can follow
 * them: every word (or "phrase", in order) must occur and no -word may, title hits first then
 * messages newest first, and a plain substring also matches in a language without a stemmer
 * (Japanese). Words match as written, in any case: there is no stemming in memory.
 */
export class InMemoryConversationSearch implements ConversationSearch {
  constructor(private readonly store: Source) {}

  async search(userId: string, query: SearchQuery): Promise<Result<readonly SearchHit[]>> {
    const parsed = parseQuery(query.text);
    const substring = textSearchConfigFor(query.language) === 'simple' ? query.text.trim().toLowerCase() : null;
    const limit = query.limit ?? 20;
    const titles: SearchHit[] = [];
    const messages: { hit: SearchHit; order: number }[] = [];
    let order = 0;
    const threads = [...this.store.threadsOf(userId)].sort((a, b) => b.conversation.updatedAt.localeCompare(a.conversation.updatedAt));
    for (const { conversation, messages: list } of threads) {
      const title = passage(conversation.title, parsed, substring);
      if (title) titles.push({ conversationId: conversation.id, conversationTitle: conversation.title, messageId: null, role: null, modelId: null, snippet: title, at: conversation.updatedAt });
      for (const m of list) {
        order += 1;
        if (m.role === 'system') continue;
        const found = passage(m.content, parsed, substring);
        if (!found) continue;
        messages.push({
          order: Number(m.id.replace(/\D/g, '')) || order,
          hit: { conversationId: conversation.id, conversationTitle: conversation.title, messageId: m.id, role: m.role, modelId: m.modelId, snippet: found, at: m.createdAt },
        });
      }
    }
    messages.sort((a, b) => b.hit.at.localeCompare(a.hit.at) || b.order - a.order);
    return ok([...titles.slice(0, limit), ...messages.slice(0, limit).map((m) => m.hit)].slice(0, limit));
  }
}

/** The marked passage around the first match, or null when the text does not match. */
function passage(raw: string, query: ParsedQuery, substring: string | null): SearchHit['snippet'] | null {
  // The marks are the passage's own: the same characters in the text are dropped, as the database does.
  const text = raw.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
  const tokens = [...text.matchAll(/[\p{L}\p{N}_]+/gu)].map((t) => ({ word: t[0].toLowerCase(), at: t.index, end: t.index + t[0].length }));
  const words = tokens.map((t) => t.word);
  const matched = new Set<number>();
  let allFound = query.all.length > 0;
  for (const phrase of query.all) {
    const starts = words.flatMap((_, i) => (phrase.every((w, k) => words[i + k] === w) ? [i] : []));
    if (starts.length === 0) allFound = false;
    for (const i of starts) phrase.forEach((_, k) => matched.add(i + k));
  }
  const excluded = query.none.some((w) => words.includes(w));
  if (allFound && !excluded) {
    const first = Math.min(...matched);
    const from = Math.max(0, first - CONTEXT_WORDS);
    const to = Math.min(tokens.length - 1, first + CONTEXT_WORDS * 2);
    let marked = '';
    let at = tokens[from]?.at ?? 0;
    for (let i = from; i <= to; i += 1) {
      const token = tokens[i];
      if (!token) continue;
      marked += text.slice(at, token.at) + (matched.has(i) ? `${MATCH_START}${text.slice(token.at, token.end)}${MATCH_END}` : text.slice(token.at, token.end));
      at = token.end;
    }
    return snippetParts(marked);
  }
  if (substring && !excluded && wordsOf(substring).length > 0) {
    const at = text.toLowerCase().indexOf(substring);
    if (at !== -1) return snippetParts(text.slice(Math.max(0, at - 60), at + 180), substring);
  }
  return null;
}
