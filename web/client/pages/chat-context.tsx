import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Conversation, ModelInfo } from '../../../core/domain/chat.js';
import { useUseCases } from '../app/use-cases-provider.js';

/** What every view of the chat area shares: the sidebar's list, the balance, the plan, the models. */
export interface ChatArea {
  readonly conversations: readonly Conversation[] | undefined;
  readonly credits: number | null;
  readonly subscribed: boolean;
  readonly models: readonly ModelInfo[];
  refreshConversations(): Promise<void>;
  /** Re-reads balance and plan: after each answer, after a cancel, after a checkout. */
  refreshAccount(): Promise<void>;
  /** Text handed to the next chat's composer (a library prompt, a quoted selection). */
  readonly draft: string;
  setDraft(text: string): void;
}

const ChatAreaContext = createContext<ChatArea | null>(null);

export function ChatAreaProvider({ children }: { children: ReactNode }) {
  const { listConversations, getAccountStatus, listModels } = useUseCases();
  const [conversations, setConversations] = useState<readonly Conversation[] | undefined>(undefined);
  const [credits, setCredits] = useState<number | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [models, setModels] = useState<readonly ModelInfo[]>([]);
  const [draft, setDraft] = useState('');

  const refreshConversations = useCallback(async () => {
    const listed = await listConversations({ limit: 100 });
    setConversations(listed.success ? listed.data : []);
  }, [listConversations]);
  const refreshAccount = useCallback(async () => {
    const account = await getAccountStatus();
    if (account.success) {
      setCredits(account.data.credits);
      setSubscribed(account.data.subscribed);
    }
  }, [getAccountStatus]);

  useEffect(() => {
    void refreshConversations();
    void refreshAccount();
    void listModels().then((r) => r.success && setModels(r.data));
  }, [refreshConversations, refreshAccount, listModels]);

  const value = useMemo(
    () => ({ conversations, credits, subscribed, models, refreshConversations, refreshAccount, draft, setDraft }),
    [conversations, credits, subscribed, models, refreshConversations, refreshAccount, draft],
  );
  return <ChatAreaContext.Provider value={value}>{children}</ChatAreaContext.Provider>;
}

export function useChatArea(): ChatArea {
  const area = useContext(ChatAreaContext);
  if (!area) throw new Error('ChatAreaProvider is missing above this component');
  return area;
}
