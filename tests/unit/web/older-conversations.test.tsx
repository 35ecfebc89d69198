// @vitest-environment happy-dom
// The sidebar holds the latest 100 chats; older ones come a page at a time from "Show older chats", the
// list read again (after a rename, a new chat) keeps as many as it held, and a page whose cursor was
// deleted meanwhile starts the list again instead of failing. Over the in-memory use cases.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../web/public/locales/en/translation.json' with { type: 'json' };
import { ConversationList } from '../../../web/client/features/chat/components/conversation-list.js';
import { ChatAreaProvider, useChatArea } from '../../../web/client/features/chat/state/chat-context.js';
import { UseCasesProvider } from '../../../web/client/use-cases/use-cases-provider.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

const i18n = () => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, react: { useSuspense: false }, initAsync: false,
  });
  return instance;
};

async function withChats(count: number) {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = world.userId as string;
  const ids: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const created = await world.deps.conversationStore.createConversation(userId, `Chat ${i}`);
    if (!created.success) throw new Error(created.error.message);
    ids.push(created.data.id);
  }
  let area: ReturnType<typeof useChatArea> | undefined;
  function Sidebar() {
    area = useChatArea();
    return (
      <ConversationList conversations={area.conversations} activeId={null} onRename={() => undefined} onPin={() => undefined} onDelete={() => undefined}
        older={area.olderConversations} onLoadOlder={() => void area?.loadOlderConversations()} />
    );
  }
  const memory = memoryLocation({ path: '/chat' });
  render(
    <I18nextProvider i18n={i18n()}>
      <Router hook={memory.hook}>
        <UseCasesProvider useCases={world.useCases}>
          <ChatAreaProvider><Sidebar /></ChatAreaProvider>
        </UseCasesProvider>
      </Router>
    </I18nextProvider>,
  );
  const titles = () => screen.queryAllByRole('link').map((a) => a.textContent);
  return { world, userId, ids, titles, area: () => area as ReturnType<typeof useChatArea> };
}

describe('older chats in the sidebar', () => {
  it('a page at a time: 100, then "Show older chats" adds the next 100, then the rest, and the button goes', async () => {
    const { titles } = await withChats(230);
    await waitFor(() => expect(titles()).toHaveLength(100));
    expect(titles()[0]).toBe('Chat 230');
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles()).toHaveLength(200));
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles()).toHaveLength(230));
    expect(titles().at(-1)).toBe('Chat 1');
    expect(new Set(titles()).size).toBe(230);
    expect(screen.queryByRole('button', { name: 'Show older chats' })).toBeNull();
  });

  it('read again, the list keeps as many chats as it held, without the deleted ones; 100 chats or fewer offer nothing older', async () => {
    const { world, userId, ids, titles, area } = await withChats(150);
    await waitFor(() => expect(titles()).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles()).toHaveLength(150));
    expect((await world.deps.conversationStore.deleteConversation(userId, ids[0] as string)).success).toBe(true);
    expect((await world.deps.conversationStore.deleteConversation(userId, ids[149] as string)).success).toBe(true);
    await area().refreshConversations();
    await waitFor(() => expect(titles()).toHaveLength(148));
    expect(titles()).not.toContain('Chat 1');
    expect(titles()[0]).toBe('Chat 149');
    expect(screen.queryByRole('button', { name: 'Show older chats' })).toBeNull();
    cleanup();
    const few = await withChats(100);
    await waitFor(() => expect(few.titles()).toHaveLength(100));
    // A full first page may have more behind it: the button asks, and finds none.
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older chats' })).toBeNull());
    expect(few.titles()).toHaveLength(100);
  });

  it('when the last chat shown moved up meanwhile (a message in another tab), "Show older chats" reads the list again in order, a page longer', async () => {
    const { world, userId, ids, titles } = await withChats(250);
    await waitFor(() => expect(titles()).toHaveLength(100));
    expect(titles().at(-1)).toBe('Chat 151');
    const sent = await world.deps.conversationStore.appendMessage(userId, ids[150] as string, { role: 'user', content: 'bump', modelId: null, inputTokens: null, outputTokens: null });
    expect(sent.success).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles()).toHaveLength(200));
    expect(titles()[0]).toBe('Chat 151');
    expect(new Set(titles()).size).toBe(200);
    expect(titles().at(-1)).toBe('Chat 51');
  });

  it('when the last chat shown was deleted meanwhile (another tab), "Show older chats" reads the list again from its start', async () => {
    const { world, userId, ids, titles } = await withChats(120);
    await waitFor(() => expect(titles()).toHaveLength(100));
    // The 100th shown is Chat 21.
    expect(titles().at(-1)).toBe('Chat 21');
    expect((await world.deps.conversationStore.deleteConversation(userId, ids[20] as string)).success).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles().at(-1)).toBe('Chat 20'));
    expect(titles()).toHaveLength(100);
    expect(screen.getByRole('button', { name: 'Show older chats' })).toBeTruthy();
  });
});
