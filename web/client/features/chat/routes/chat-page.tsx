import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSession, useUseCases } from '../../../use-cases/use-cases-provider.js';
import { ChatLayout } from '../components/chat-layout.js';
import { focusMessageBox } from '../components/message-box-focus.js';
import { Modal } from '../../../ui/modal.js';
import { PageLoading } from '../../../ui/page-loading.js';
import { ChatAreaProvider, useChatArea } from '../state/chat-context.js';

// The answer views (with the Markdown renderer) are a chunk of their own.
const ChatRoute = lazy(() => import('./chat-route.js'));

/** The pages of other features the chat layout shows: the shell (app/) hands them in, so chat imports none of them. */
export interface ChatPageProps {
  /** /chat/prompts: the prompt library. */
  library: ReactNode;
  /** The account dialog's content, opened from the sidebar. */
  account: ReactNode;
  /** A page of its own shown in the layout instead of the chat views (/subscribe). */
  children?: ReactNode;
}

/** /chat, /chat/all, /chat/prompts and /chat/{chatId} inside the shared layout (app spec §2). */
export default function ChatPage(props: ChatPageProps) {
  return (
    <ChatAreaProvider>
      <ChatArea {...props} />
    </ChatAreaProvider>
  );
}

function ChatArea({ library, account, children }: ChatPageProps) {
  const { t, i18n } = useTranslation();
  const [location, navigate] = useLocation();
  const [accountOpen, setAccountOpen] = useState(false);
  const { renameConversation, pinConversation, deleteConversation, searchConversations, toastCenter } = useUseCases();
  const area = useChatArea();
  const email = useSession().user?.email ?? null;
  const activeId = children ? null : activeChatId(location);
  const language = i18n.resolvedLanguage ?? 'en';
  // Stable between renders: the sidebar searches again only when the words (or the language) change.
  const search = useCallback(async (query: string) => {
    const found = await searchConversations({ query, language });
    return found.success ? found.data : null;
  }, [searchConversations, language]);

  const rename = async (conversationId: string, title: string) => {
    const renamed = await renameConversation({ conversationId, title });
    if (!renamed.success) toastCenter.error(t('toast.actionFailed'));
    await area.refreshConversations();
  };
  const pin = async (conversationId: string, pinned: boolean) => {
    const changed = await pinConversation({ conversationId, pinned });
    if (!changed.success) toastCenter.error(t('toast.actionFailed'));
    await area.refreshConversations();
  };
  const remove = async (conversationId: string) => {
    const deleted = await deleteConversation({ conversationId });
    if (!deleted.success) toastCenter.error(t('toast.actionFailed'));
    if (conversationId === activeId) navigate('/');
    await area.refreshConversations();
  };

  return (
    <ChatLayout conversations={area.conversations} activeId={activeId} credits={area.credits} subscribed={area.subscribed} email={email}
      onNewChat={() => { navigate('/'); requestAnimationFrame(focusMessageBox); }} onRename={(id, title) => void rename(id, title)} onPin={(id, pinned) => void pin(id, pinned)}
      older={area.olderConversations} onLoadOlder={() => void area.loadOlderConversations()} onDelete={(id) => void remove(id)}
      onOpenAccount={() => setAccountOpen(true)}
      search={search}
      onOpenHit={(hit) => area.jumpTo(hit.conversationId, hit.messageId)}>
      <Suspense fallback={<PageLoading />}>
        {/* One chat view for /, /all and /{chatId}: a route change re-renders it, never remounts it. */}
        {children ?? (location === '/prompts' ? library : <ChatRoute chatId={activeId} compareRoute={location === '/all'} />)}
      </Suspense>
      <Modal open={accountOpen} wide title={t('account.title')} onClose={() => setAccountOpen(false)}>
        <Suspense fallback={<PageLoading />}>{account}</Suspense>
      </Modal>
    </ChatLayout>
  );
}

function activeChatId(location: string): string | null {
  const id = location.split('/')[1] ?? '';
  return id && id !== 'all' && id !== 'prompts' ? id : null;
}
