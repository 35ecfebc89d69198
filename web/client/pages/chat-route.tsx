import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ChatMessage } from '../../../core/domain/chat.js';
import { useUseCases } from '../app/use-cases-provider.js';
import type { MessageView } from '../screens/chat/chat-types.js';
import { ChatView } from '../screens/chat/chat-view.js';
import { useChatArea } from './chat-context.js';
import { useChatRun } from './use-chat-run.js';

const MODEL_KEY = 'ensemble.chatModel';

/** /chat and /chat/{chatId}: one model, streamed answers, stop, regenerate, edit the last message. */
export default function ChatRoute({ chatId }: { chatId: string | null }) {
  const { t } = useTranslation();
  const { openConversation, runChat, regenerateAnswer, editLastMessage, toastCenter } = useUseCases();
  const area = useChatArea();
  const [, navigate] = useLocation();
  const runner = useChatRun();
  const [stored, setStored] = useState<readonly ChatMessage[] | undefined>(chatId === null ? [] : undefined);
  const [pending, setPending] = useState<string | null>(null);
  const [modelId, setModelId] = useState<string | null>(() => safeRead(MODEL_KEY));
  const chosen = area.models.find((m) => m.id === modelId && m.available) ? modelId : (area.models.find((m) => m.available && (m.plan === 'free' || area.subscribed))?.id ?? null);
  const [draft] = useState(() => area.draft);
  useEffect(() => {
    if (area.draft) area.setDraft('');
  }, [area]);

  useEffect(() => {
    if (chatId === null) return;
    let live = true;
    void openConversation({ conversationId: chatId }).then((opened) => {
      if (!live) return;
      if (opened.success) setStored(opened.data.messages);
      else {
        toastCenter.error(t('toast.loadFailed'));
        navigate('/', { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [chatId, openConversation, toastCenter, navigate, t]);

  const send = async (start: Parameters<typeof runner.run>[1], text: string | null, cut: 'answers' | 'exchange' | 'none') => {
    if (!chosen) return;
    setPending(text);
    if (cut !== 'none') setStored((m) => (m ? dropLast(m, cut) : m));
    const outcome = await runner.run([chosen], start);
    void area.refreshAccount();
    if ('conversationId' in outcome) {
      if (chatId === null) {
        await area.refreshConversations();
        navigate(`/${outcome.conversationId}`, { replace: true });
        return;
      }
      const reopened = await openConversation({ conversationId: outcome.conversationId });
      if (reopened.success) {
        setStored(reopened.data.messages);
        setPending(null);
      }
    }
  };

  const messages = useMemo<MessageView[] | undefined>(() => {
    if (stored === undefined) return undefined;
    const views: MessageView[] = stored.filter((m) => m.role !== 'system').map((m) => ({ id: m.id, role: m.role as 'user' | 'assistant', content: m.content, modelId: m.modelId }));
    if (pending !== null) views.push({ id: 'pending-user', role: 'user', content: pending, modelId: chosen });
    for (const a of runner.answers) {
      if (a.content === '' && !a.streaming && a.error === null) continue;
      views.push({ id: `live-${a.modelId}`, role: 'assistant', content: a.content, modelId: a.modelId, streaming: a.streaming, error: a.error });
    }
    return views;
  }, [stored, pending, runner.answers, chosen]);

  const modelIds = chosen ? [chosen] : [];
  return (
    <ChatView messages={messages} models={area.models} modelId={chosen} subscribed={area.subscribed} streaming={runner.streaming}
      draft={draft}
      onModelChange={(id) => {
        setModelId(id);
        safeWrite(MODEL_KEY, id);
      }}
      onSend={(text) => void send((signal) => runChat({ message: text, modelIds, signal, ...(chatId ? { conversationId: chatId } : {}) }), text, 'none')}
      onStop={runner.stop}
      onRegenerate={() => chatId && void send((signal) => regenerateAnswer({ conversationId: chatId, modelIds, signal }), null, 'answers')}
      onEditLast={(text) => chatId && void send((signal) => editLastMessage({ conversationId: chatId, message: text, modelIds, signal }), text, 'exchange')} />
  );
}

/** Removes the last answers ('answers') or the last user message with its answers ('exchange'). */
function dropLast(messages: readonly ChatMessage[], cut: 'answers' | 'exchange'): readonly ChatMessage[] {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]?.role !== 'user') i -= 1;
  return messages.slice(0, cut === 'answers' ? i + 1 : Math.max(i, 0));
}

function safeRead(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeWrite(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // The choice lasts for this page only.
  }
}
