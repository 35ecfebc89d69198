import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { ChatLayout } from '../screens/chat/chat-layout.js';
import { Modal } from '../ui/modal.js';
import { PageLoading } from '../ui/page-loading.js';

// The library and the answer views (with the Markdown renderer) are chunks of their own.
const ChatRoute = lazy(() => import('./chat-route.js'));
const AllModelsRoute = lazy(() => import('./all-models-route.js'));
const LibraryRoute = lazy(() => import('./library-route.js'));
const AccountRoute = lazy(() => import('./account-route.js'));

/**
 * /chat, /chat/all, /chat/prompts and /chat/{chatId} inside the shared layout (app spec §2).
 * Wiring seam: conversations, credits, subscription and the account come from the use cases.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [accountOpen, setAccountOpen] = useState(false);
  return (
    <ChatLayout conversations={[]} activeId={useActiveChatId()} credits={null} subscribed={false} email={null}
      onNewChat={() => navigate('/')} onRename={() => undefined} onDelete={() => undefined} onOpenAccount={() => setAccountOpen(true)}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/all"><AllModelsRoute /></Route>
          <Route path="/prompts"><LibraryRoute /></Route>
          <Route path="/:chatId"><ChatRoute /></Route>
          <Route><ChatRoute /></Route>
        </Switch>
      </Suspense>
      <Modal open={accountOpen} wide title={t('account.title')} onClose={() => setAccountOpen(false)}>
        <Suspense fallback={<PageLoading />}><AccountRoute /></Suspense>
      </Modal>
    </ChatLayout>
  );
}

function useActiveChatId(): string | null {
  const [location] = useLocation();
  const id = location.split('/')[1] ?? '';
  return id && id !== 'all' && id !== 'prompts' ? id : null;
}

