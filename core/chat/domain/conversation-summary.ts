import { z } from 'zod';
import { conversationIdSchema, messageSchema, MAX_TITLE_LENGTH } from './chat-rules.js';

/**
 * A long conversation continued in a new one: a model the user picks reads the old conversation's
 * visible path (as that model would see it, within its window) and answers SUMMARY_REQUEST; the new
 * conversation opens with the user's visible question (`message`, worded by the browser in the
 * reader's language) and that summary as its first answer.
 */

/** What the summarising model is asked after the old conversation's history (never shown: the question shown is the user's). */
export const SUMMARY_REQUEST = [
  'Summarise the conversation above so that it can be continued in a new conversation that sees only this summary.',
  'Keep what the continuation needs: the goals, the decisions taken and why, the facts, figures, names and code that matter, and the questions still open.',
  'Write it in the language of the conversation, as a structured summary with short headings, without greetings and without mentioning this request.',
].join(' ');

const SUMMARY_TITLE_PREFIX = 'Summary: ';

/** The new conversation's title: "Summary: <old title>", cut to the title limit. */
export const summaryTitle = (oldTitle: string): string => {
  const title = `${SUMMARY_TITLE_PREFIX}${oldTitle.replace(/\s+/g, ' ').trim()}`.trimEnd();
  return title.length <= MAX_TITLE_LENGTH ? title : `${title.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…`;
};

/**
 * The old title within a summary's title ("Summary: <old title>" gives "<old title>"), so that a screen
 * can say "Summary" in its reader's language; null for any other title.
 */
export const summarizedTitleOf = (title: string): string | null =>
  title.startsWith(SUMMARY_TITLE_PREFIX) ? title.slice(SUMMARY_TITLE_PREFIX.length) : null;

/** A new conversation from a summary: the one description of its fields (server use case, browser use case, route). */
export const summarizeConversationSchema = z.object({
  conversationId: conversationIdSchema,
  modelId: z.string({ error: 'Choose the model that summarises' }).trim().min(1, 'Choose the model that summarises').max(100, 'Model id is too long'),
  /** The new conversation's visible first question. */
  message: messageSchema,
});
