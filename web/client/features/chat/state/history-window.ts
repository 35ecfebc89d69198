import type { ChatMessage, CompareVote, ConversationSettings, LiveRun, MessageWeight } from '../../../../../core/chat/index.js';

/**
 * The part of a conversation's visible path the browser holds: the pages read so far, one unbroken
 * run of whole turns, oldest first, and the cursors of the pages beside it (null: nothing more on that
 * side). A long conversation opens with its latest page (or the page around a search hit); older pages
 * are put before it as the reader scrolls up, newer ones after it as they scroll down.
 */
export interface HistoryWindow {
  readonly messages: readonly ChatMessage[];
  /** Pass as `before` for the turns before the window. */
  readonly older: string | null;
  /** Pass as `after` for the turns after it (null: the window ends with the latest turn). */
  readonly newer: string | null;
}

/** A page as the server answers it (the whole path, from a server without pages, is one page). */
export interface HistoryPage extends HistoryWindow {
  /** The weight of every message of the visible path, where the server sent them. */
  readonly weights?: readonly MessageWeight[] | undefined;
}

/**
 * What opening a conversation and showing a message answer: a page with its cursors (beside it as
 * `page`, or as its own `older` and `newer`), or the whole path as one page.
 */
export type PageAnswer =
  | readonly ChatMessage[]
  | {
      readonly messages: readonly ChatMessage[];
      readonly page?: { readonly older: string | null; readonly newer: string | null } | undefined;
      readonly older?: string | null | undefined;
      readonly newer?: string | null | undefined;
      readonly weights?: readonly MessageWeight[] | undefined;
      /** Opening a conversation (the app server's answer): its settings, its running run (null: none) and its votes. */
      readonly settings?: ConversationSettings | undefined;
      readonly liveRun?: LiveRun | null | undefined;
      readonly votes?: readonly CompareVote[] | undefined;
    };

/** A page from either answer shape. */
export function pageOfAnswer(answer: PageAnswer): HistoryPage {
  if (Array.isArray(answer)) return { messages: answer as readonly ChatMessage[], older: null, newer: null };
  const { messages, page, weights, older, newer } = answer as Exclude<PageAnswer, readonly ChatMessage[]>;
  return { messages, older: page?.older ?? older ?? null, newer: page?.newer ?? newer ?? null, ...(weights ? { weights } : {}) };
}

const withoutKnown = (page: readonly ChatMessage[], known: readonly ChatMessage[]) => {
  const ids = new Set(known.map((m) => m.id));
  return page.filter((m) => !ids.has(m.id));
};

/** The page before the window, put before it (a message already held is not held twice). */
export function withOlder(window: HistoryWindow, page: HistoryPage): HistoryWindow {
  return { messages: [...withoutKnown(page.messages, window.messages), ...window.messages], older: page.older, newer: window.newer };
}

/** The page after the window, put after it. */
export function withNewer(window: HistoryWindow, page: HistoryPage): HistoryWindow {
  return { messages: [...window.messages, ...withoutKnown(page.messages, window.messages)], older: window.older, newer: page.newer };
}

/**
 * A page read anew (the latest page after a turn, the page around a version shown) placed into the
 * window. From the page's first message on, the page is what the path is now (another version may
 * have replaced what followed it); what the window held before that message stays, so older pages
 * read earlier are not read again. A page that does not meet the window replaces it.
 */
export function placePage(window: HistoryWindow, page: HistoryPage): HistoryWindow {
  const first = page.messages[0];
  if (!first) return page.newer === null && page.older === null ? { messages: [], older: null, newer: null } : { messages: page.messages, older: page.older, newer: page.newer };
  const at = window.messages.findIndex((m) => m.id === first.id);
  if (at >= 0) return { messages: [...window.messages.slice(0, at), ...page.messages], older: at > 0 ? window.older : page.older, newer: page.newer };
  return { messages: page.messages, older: page.older, newer: page.newer };
}
