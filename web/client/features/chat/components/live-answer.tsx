import { createContext, memo, useContext, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageView } from './chat-types.js';
import { Markdown } from './markdown.js';

/**
 * Where a streaming answer reads its latest text: the chat session, subscribed to by the answer's text
 * alone, so a streamed token draws that text again and nothing around it (the list, its turns, the
 * composer, the sidebar). Without one (a shared page, a test of the list) the message's own text is drawn.
 */
export interface LiveAnswers {
  subscribe(listener: () => void): () => void;
  /** The latest text of the run's answer drawn as `answerId`; undefined once the run is gone. */
  contentOf(answerId: string): string | undefined;
}

export const LiveAnswerSource = createContext<LiveAnswers | null>(null);

const NO_SUBSCRIPTION = () => () => undefined;

/** An answer's text as Markdown; while it streams, its newest words (or the typing dots before the first). */
export const AnswerText = memo(function AnswerText({ message }: { message: MessageView }) {
  const source = useContext(LiveAnswerSource);
  const streaming = message.streaming === true;
  const read = streaming && source ? source : null;
  // What it last read: the run may end (its answer stored) a moment before this message is given the stored one.
  const last = useRef(message.content);
  const content = useSyncExternalStore(read ? read.subscribe : NO_SUBSCRIPTION, () => (read ? (read.contentOf(message.id) ?? last.current) : message.content));
  last.current = content;
  return content ? <Markdown text={content} growing={streaming} /> : streaming ? <TypingDots /> : null;
});

export function TypingDots() {
  const { t } = useTranslation();
  return (
    <span className="typing" role="status">
      <span /><span /><span />
      <span className="visually-hidden">{t('chat.thinking')}</span>
    </span>
  );
}
