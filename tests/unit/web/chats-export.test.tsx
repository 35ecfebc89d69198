// @vitest-environment happy-dom
// "Download all chats" in the account: every conversation with its settings and messages saved as one
// JSON file; when a conversation cannot be read, nothing is saved and the reader is told. Over the
// in-memory use cases.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../web/public/locales/en/translation.json' with { type: 'json' };
import { ChatsExportSection } from '../../../web/client/features/account/components/chats-export-section.js';
import { useChatsExport } from '../../../web/client/features/account/hooks/use-chats-export.js';
import { UseCasesProvider } from '../../../web/client/use-cases/use-cases-provider.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const i18n = () => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, react: { useSuspense: false }, initAsync: false,
  });
  return instance;
};

function Section() {
  const { status, download } = useChatsExport();
  return <ChatsExportSection status={status} onDownload={() => void download()} />;
}

async function withChats() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = world.userId as string;
  const store = world.deps.conversationStore;
  for (const [title, question] of [['Tides', 'When is high water?'], ['Lighthouses', 'Which is the oldest?']] as const) {
    const created = await store.createConversation(userId, title);
    if (!created.success) throw new Error(created.error.message);
    await store.appendMessage(userId, created.data.id, { role: 'user', content: question, modelId: null, inputTokens: null, outputTokens: null });
    await store.appendMessage(userId, created.data.id, { role: 'assistant', content: `An answer to: ${question}`, modelId: 'offline', inputTokens: 3, outputTokens: 5 });
    if (title === 'Tides') await store.saveSettings(userId, created.data.id, { instruction: 'Answer like a harbour master.', models: {} });
  }
  // What the browser is given to save: the file's name and its text.
  const saved: { name: string; text: Promise<string> }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push({ name: '', text: (blob as Blob).text() });
    return 'blob:export';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
  render(
    <I18nextProvider i18n={i18n()}>
      <UseCasesProvider useCases={world.useCases}><Section /></UseCasesProvider>
    </I18nextProvider>,
  );
  return { world, store, saved };
}

describe('Download all chats', () => {
  it('saves one JSON file with every chat, its settings and its messages, newest first, and says so', async () => {
    const { world, saved } = await withChats();
    await userEvent.click(screen.getByRole('button', { name: 'Download all chats' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^ensemble-chats-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await (saved[0] as { text: Promise<string> }).text) as {
      format: string; version: number; conversations: { conversation: { title: string }; settings: { instruction: string }; messages: { content: string }[] }[];
    };
    expect(file).toMatchObject({ format: 'ensemble.conversations', version: 1 });
    expect(file.conversations.map((c) => c.conversation.title)).toEqual(['Lighthouses', 'Tides']);
    expect(file.conversations[1]?.settings.instruction).toBe('Answer like a harbour master.');
    expect(file.conversations[1]?.messages.map((m) => m.content)).toEqual(['When is high water?', 'An answer to: When is high water?']);
    expect(world.useCases.toastCenter.current().map((toast) => toast.message)).toEqual(['Your chats are downloaded.']);
    expect((screen.getByRole('button', { name: 'Download all chats' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a chat that cannot be read saves nothing and says the download failed; the button works again', async () => {
    const { world, store, saved } = await withChats();
    store.failures.failNext('listMessages');
    await userEvent.click(screen.getByRole('button', { name: 'Download all chats' }));
    await waitFor(() => expect(world.useCases.toastCenter.current().map((toast) => toast.message)).toEqual(['Your chats could not be downloaded. Try again in a moment.']));
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Download all chats' }));
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});
