import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Conversation, ModelInfo } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { ChatSession, type ChatSessionState, type LiveRun } from './chat-session.js';
import { shownTitle } from '../components/conversation-title.js';
import { useConversationList, type OlderConversations } from './use-conversation-list.js';

/** What every view of the chat area shares: the sidebar's list, the balance, the plan, the models, the chat session. */
export interface ChatArea {
  readonly conversations: readonly Conversation[] | undefined;
  readonly credits: number | null;
  readonly subscribed: boolean;
  readonly models: readonly ModelInfo[];
  /** Whether the models are still being read, were read, or could not be read. */
  readonly modelsStatus: ModelsStatus;
  /** What remains of the monthly spending cap this month; null without a cap (or while unknown). */
  readonly capRemaining?: number | null;
  /** Reads the list again, as many conversations as it holds (the first page, and the older ones shown since). */
  refreshConversations(): Promise<void>;
  /** Whether older conversations than the list holds may exist ('more'), are being read, or there are none. */
  readonly olderConversations: OlderConversations;
  /** Adds the next page of older conversations to the list. */
  loadOlderConversations(): Promise<void>;
  /** Re-reads balance, plan and spending cap: after each answer, after a cancel, after a checkout, after the cap is saved. */
  refreshAccount(): Promise<void>;
  /** The chat on screen, kept above the routes (see ChatSession). */
  readonly session: ChatSession;
  /** The message a search hit jumps to (also read from a #message-{id} address). */
  readonly focus: Focus | null;
  /** Opens a conversation at one of its messages (null: at its end). */
  jumpTo(conversationId: string, messageId: string | null): void;
}

type ModelsStatus = 'loading' | 'ready' | 'failed';

export interface Focus {
  readonly conversationId: string;
  readonly messageId: string;
  readonly at: number;
}

/** `#message-{id}` on a conversation's address: the message to bring into view. */
const focusFromAddress = (): Focus | null => {
  if (typeof window === 'undefined') return null;
  const messageId = /^#message-([\w-]{1,100})$/.exec(window.location.hash)?.[1];
  const conversationId = window.location.pathname.split('/').filter(Boolean).at(-1);
  return messageId && conversationId ? { conversationId, messageId, at: 0 } : null;
};

const ChatAreaContext = createContext<ChatArea | null>(null);

export function ChatAreaProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const {
    listConversations, getAccountStatus, getSpendingCap, listModels, openChat, sendChatMessage, regenerateChatAnswers, editChatMessage,
    mergeChatAnswers, getConversationSettings, saveConversationSettings, resumeChatRun, stopChatRun, findLiveChatRun, showMessage, toastCenter,
    summarizeChatConversation,
  } = useUseCases();
  const [, navigate] = useLocation();
  const { listed, olderConversations, refreshConversations, loadOlderConversations } = useConversationList(listConversations, () => toastCenter.error(t('toast.loadFailed')));
  // Titles as the reader sees them ("Summary: …" in their language), in every view of the chat area.
  const conversations = useMemo(() => listed?.map((c) => {
    const title = shownTitle(c.title, t);
    return title === c.title ? c : { ...c, title };
  }), [listed, t]);
  const [credits, setCredits] = useState<number | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [capRemaining, setCapRemaining] = useState<number | null>(null);
  const [models, setModels] = useState<readonly ModelInfo[]>([]);
  const [modelsStatus, setModelsStatus] = useState<ModelsStatus>('loading');
  const [focus, setFocus] = useState<Focus | null>(focusFromAddress);
  const jumpTo = useCallback(
    (conversationId: string, messageId: string | null) => {
      setFocus(messageId ? { conversationId, messageId, at: Date.now() } : null);
      navigate(`/${conversationId}${messageId ? `#message-${messageId}` : ''}`);
    },
    [navigate],
  );

  const refreshAccount = useCallback(async () => {
    const [account, cap] = await Promise.all([getAccountStatus(), getSpendingCap()]);
    if (account.success) {
      setCredits(account.data.credits);
      setSubscribed(account.data.subscribed);
    }
    if (cap.success) setCapRemaining(cap.data.remaining);
  }, [getAccountStatus, getSpendingCap]);

  // One session for the whole chat area: it outlives every route change inside it.
  const [session] = useState(
    () =>
      new ChatSession(
        {
          // One request opens a conversation: its page with its settings, running run and votes.
          openConversation: openChat, sendChatMessage, regenerateChatAnswers, editChatMessage, mergeChatAnswers, getConversationSettings, saveConversationSettings,
          summarizeChatConversation,
          resumeChatRun, stopChatRun, findLiveChatRun, showMessage,
        },
        {
          // The server named a new chat: its address follows, the chat on screen stays as it is.
          onConversationStarted: (conversationId) => {
            navigate(`/${conversationId}`, { replace: true });
            void refreshConversations();
          },
          onLoadFailed: () => {
            toastCenter.error(t('toast.loadFailed'));
            navigate('/', { replace: true });
          },
        },
      ),
  );

  useEffect(() => {
    void refreshConversations();
    void refreshAccount();
    void listModels().then((r) => {
      if (r.success) setModels(r.data);
      setModelsStatus(r.success ? 'ready' : 'failed');
    });
  }, [refreshConversations, refreshAccount, listModels]);
  // Leaving the chat area stops reading; the answer goes on on the server and shows again on return.
  useEffect(() => () => session.detach(), [session]);
  // The balance follows every run to its end: read again when the run on screen ends (sent, resumed
  // after a reload, stopped, failed), each answer charged by then. A run the screen does not show (left
  // streaming for another conversation, or sent just before a reload and not yet named) is followed
  // quietly to its end, and the balance read then. Nothing is read while no run ends.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const following = useRef(new Set<string>());
  const followToEnd = useCallback(
    async (conversationId: string) => {
      if (following.current.has(conversationId)) return;
      following.current.add(conversationId);
      try {
        const found = await findLiveChatRun({ conversationId });
        if (mounted.current && found.success && found.data) {
          const resumed = await resumeChatRun({ runId: found.data.runId });
          if (resumed.success) for await (const event of resumed.data.events) if (!mounted.current || event.type === 'done') break;
        }
        // Read at the run's end, or now when it ended meanwhile.
        if (mounted.current) await refreshAccount();
      } finally {
        following.current.delete(conversationId);
      }
    },
    [findLiveChatRun, resumeChatRun, refreshAccount],
  );
  useEffect(() => {
    let was = session.snapshot();
    return session.subscribe(() => {
      const now = session.snapshot();
      const ended = was.run?.streaming === true && now.run?.streaming !== true;
      const left = was.conversationId !== now.conversationId ? was.conversationId : null;
      was = now;
      if (!ended) return;
      if (left !== null) void followToEnd(left);
      else void refreshAccount();
    });
  }, [session, refreshAccount, followToEnd]);
  // Once the conversations are listed: a run of the newest one that the screen does not show is followed too.
  const newestChecked = useRef(false);
  useEffect(() => {
    if (newestChecked.current || conversations === undefined) return;
    newestChecked.current = true;
    const newest = conversations[0];
    if (newest && newest.id !== session.snapshot().conversationId) void followToEnd(newest.id);
  }, [conversations, session, followToEnd]);

  const value = useMemo(
    () => ({
      conversations, credits, subscribed, models, modelsStatus, capRemaining, refreshConversations, olderConversations, loadOlderConversations,
      refreshAccount, session, focus, jumpTo,
    }),
    [conversations, credits, subscribed, models, modelsStatus, capRemaining, refreshConversations, olderConversations, loadOlderConversations, refreshAccount, session, focus, jumpTo],
  );
  return <ChatAreaContext.Provider value={value}>{children}</ChatAreaContext.Provider>;
}

export function useChatArea(): ChatArea {
  const area = useContext(ChatAreaContext);
  if (!area) throw new Error('ChatAreaProvider is missing above this component');
  return area;
}


/** Whether two runs differ only by the words their streaming answers have written so far. */
function sameBesidesTokens(a: LiveRun | null, b: LiveRun | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.question === b.question && a.questionStored === b.questionStored && a.questionId === b.questionId && a.mergedFrom === b.mergedFrom && a.attachments === b.attachments
    && a.modelIds === b.modelIds && a.columns === b.columns && a.streaming === b.streaming && a.answers.length === b.answers.length
    && a.answers.every((answer, i) => {
      const other = b.answers[i];
      if (answer === other) return true;
      // A streaming answer's text and figures are not drawn around it (its text reads them itself, see AnswerText).
      return other !== undefined && answer.streaming && other.streaming && answer.modelId === other.modelId && answer.error === other.error;
    });
}

/** Whether two states of the session differ only by the words the streaming answers have written. */
function onlyTokensMoved(before: ChatSessionState, now: ChatSessionState): boolean {
  for (const key of Object.keys(now) as (keyof ChatSessionState)[]) {
    if (key !== 'run' && before[key] !== now[key]) return false;
  }
  return sameBesidesTokens(before.run, now.run);
}

/**
 * The chat session's state as the chat route draws it: a new state for every change but a streamed
 * token. While an answer streams, the run kept here holds the words it had when something else last
 * changed; the answer's text reads the newest ones itself (LiveAnswerSource), so the route, the list,
 * its turns and the composer are not drawn again for each token.
 */
export function useChatSessionView(): { session: ChatSession; state: ChatSessionState } {
  const { session } = useChatArea();
  const held = useRef<{ seen: ChatSessionState; shown: ChatSessionState } | null>(null);
  const read = useCallback(() => {
    const now = session.snapshot();
    const last = held.current;
    if (last?.seen === now) return last.shown;
    const shown = last && onlyTokensMoved(last.seen, now) ? last.shown : now;
    held.current = { seen: now, shown };
    return shown;
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, read);
  return { session, state };
}
