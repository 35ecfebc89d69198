import { lazy, type ReactNode } from 'react';
import { ChatPage } from '../features/chat/index.js';

// The library and the account dialog are chunks of their own, loaded when first shown.
const LibraryRoute = lazy(() => import('../features/library/index.js').then((m) => ({ default: m.LibraryRoute })));
const AccountRoute = lazy(() => import('../features/account/index.js').then((m) => ({ default: m.AccountRoute })));

/**
 * The chat area (app spec §2): the chat feature's shared layout with the pages of the features shown
 * in it (the prompt library at /chat/prompts, the account dialog). The shell composes them, so the
 * library and the account use the chat and the chat knows neither.
 * `children`: a page of its own shown in the layout instead of the chat views (/subscribe).
 */
export default function ChatArea({ children }: { children?: ReactNode }) {
  return (
    <ChatPage library={<LibraryRoute />} account={<AccountRoute />}>
      {children}
    </ChatPage>
  );
}
