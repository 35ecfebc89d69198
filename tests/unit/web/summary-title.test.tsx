// @vitest-environment happy-dom
// A conversation started from a summary is stored as "Summary: <old title>"; every view of the chat area
// shows it with "Summary" in the reader's language (the sidebar, the chat's heading, search results, a shared page).
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { summaryTitle } from '../../../core/chat/index.js';
import de from '../../../web/public/locales/de/translation.json' with { type: 'json' };
import en from '../../../web/public/locales/en/translation.json' with { type: 'json' };
import ja from '../../../web/public/locales/ja/translation.json' with { type: 'json' };
import { shownTitle } from '../../../web/client/features/chat/components/conversation-title.js';
import { SearchResults } from '../../../web/client/features/chat/components/search-results.js';
import { ChatAreaProvider, useChatArea } from '../../../web/client/features/chat/state/chat-context.js';
import { UseCasesProvider } from '../../../web/client/use-cases/use-cases-provider.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

function i18nIn(lng: 'de' | 'ja' | 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng, fallbackLng: 'en', resources: { de: { translation: de }, ja: { translation: ja }, en: { translation: en } },
    interpolation: { escapeValue: false }, react: { useSuspense: false }, initAsync: false,
  });
  return instance;
}

describe('the title of a conversation started from a summary', () => {
  it('says "Summary" in the reader\'s language; any other title is shown as it is', () => {
    const stored = summaryTitle('Harbour plans');
    expect(stored).toBe('Summary: Harbour plans');
    expect(shownTitle(stored, i18nIn('de').t)).toBe('Zusammenfassung: Harbour plans');
    expect(shownTitle(stored, i18nIn('ja').t)).toBe('要約：Harbour plans');
    expect(shownTitle(stored, i18nIn('en').t)).toBe('Summary: Harbour plans');
    expect(shownTitle('Harbour plans', i18nIn('de').t)).toBe('Harbour plans');
    expect(shownTitle('Summary of the week', i18nIn('de').t)).toBe('Summary of the week');
  });

  it('in German, the chat area lists it as "Zusammenfassung: …", and a search hit names it so', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const created = await world.deps.conversationStore.createConversation(world.userId as string, summaryTitle('Harbour plans'));
    expect(created.success).toBe(true);
    function Titles() {
      const { conversations } = useChatArea();
      return <ul>{conversations?.map((c) => <li key={c.id}>{c.title}</li>)}</ul>;
    }
    const memory = memoryLocation({ path: '/chat' });
    render(
      <I18nextProvider i18n={i18nIn('de')}>
        <Router hook={memory.hook}>
          <UseCasesProvider useCases={world.useCases}>
            <ChatAreaProvider><Titles /></ChatAreaProvider>
            <SearchResults hits={[{ conversationId: 'c1', conversationTitle: summaryTitle('Harbour plans'), messageId: null, role: null, modelId: null, snippet: [], at: '2026-11-28T12:00:00.000Z' }]} onOpen={() => undefined} />
          </UseCasesProvider>
        </Router>
      </I18nextProvider>,
    );
    await screen.findByText('Zusammenfassung: Harbour plans', { selector: 'li' });
    expect(screen.getByText('Zusammenfassung: Harbour plans', { selector: '.search-hit__title' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Summary:');
  });
});
