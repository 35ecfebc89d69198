// @vitest-environment happy-dom
// A refusal is said in the reader's language, never as the server's English sentence: a send refused
// for an image a model cannot read (named, or counted in a blind column), images over one request, a
// model that needs a plan, and an upload the server refuses.
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../web/public/locales/de/translation.json' with { type: 'json' };
import en from '../../../web/public/locales/en/translation.json' with { type: 'json' };
import { AnswerError } from '../../../web/client/features/chat/components/answer-error.js';
import type { ChatErrorView } from '../../../web/client/features/chat/components/chat-types.js';
import { useBlindCompare } from '../../../web/client/features/chat/hooks/use-blind-compare.js';
import { useComposerFiles } from '../../../web/client/features/chat/hooks/use-composer-files.js';
import { ChatAreaProvider } from '../../../web/client/features/chat/state/chat-context.js';
import { ChatSession } from '../../../web/client/features/chat/state/chat-session.js';
import { UseCasesProvider } from '../../../web/client/use-cases/use-cases-provider.js';
import { pngBytes } from '../../support/storage-users.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

function german() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'de', fallbackLng: 'en', resources: { de: { translation: de }, en: { translation: en } },
    interpolation: { escapeValue: false }, react: { useSuspense: false }, initAsync: false,
  });
  return instance;
}

function inGerman(ui: ReactNode, useCases = inMemoryUseCases().useCases) {
  const memory = memoryLocation({ path: '/chat' });
  return (
    <I18nextProvider i18n={german()}>
      <Router hook={memory.hook}><UseCasesProvider useCases={useCases}>{ui}</UseCasesProvider></Router>
    </I18nextProvider>
  );
}

async function signedIn() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const granted = await world.deps.usageLedger.grantCredits({ userId: world.userId as string, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  expect(granted.success).toBe(true);
  return world;
}

const ENGLISH = 'Echo (offline) cannot read images: remove cat.png or choose a model that reads images';

describe('a refused send, in the reader\'s language', () => {
  it('an image sent to a model that cannot read it: the session keeps the reason and the models, not only the sentence', async () => {
    const world = await signedIn();
    const uploaded = await world.useCases.uploadAttachment({ name: 'cat.png', type: 'image/png', bytes: pngBytes() });
    if (!uploaded.success) throw new Error(uploaded.error.message);
    const session = new ChatSession(world.useCases);
    session.open(null);
    const outcome = await session.send('What is in this picture?', ['echo-basic'], [uploaded.data]);
    expect('error' in outcome && outcome.error.code).toBe('validation');
    expect(session.snapshot().run?.answers[0]?.error?.refusal).toEqual({ reason: 'images_not_supported', modelIds: ['echo-basic'] });
  });

  it.each<[string, ChatErrorView, boolean, string]>([
    ['names the model that cannot read images', { code: 'validation', message: ENGLISH, refusal: { reason: 'images_not_supported', modelIds: ['echo-basic'] } }, false,
      'Echo (offline) kann keine Bilder lesen. Entferne das Bild oder wähle ein Modell, das Bilder liest.'],
    ['counts them in a blind column', { code: 'validation', message: ENGLISH, refusal: { reason: 'images_not_supported', modelIds: ['echo-basic'] } }, true,
      'Von den gewählten Modellen können 1 keine Bilder lesen'],
    ['says what one request carries', { code: 'validation', message: 'The images of one message may add up to at most 10 MB', refusal: { reason: 'images_too_large', limit: 10 * 1024 * 1024 } }, false,
      'Die Bilder dieser Nachricht sind zusammen größer, als eine Anfrage tragen kann (10 MB).'],
    ['names the model that needs a plan, with the way to subscribe', { code: 'forbidden', message: 'Echo Pro (offline) needs an active subscription', refusal: { reason: 'needs_plan', modelIds: ['echo-pro'] } }, false,
      'Echo Pro (offline) braucht ein aktives Abo. Schließe eines ab oder wähle ein anderes Modell.'],
  ])('%s', (_name, error, hidden, said) => {
    const labels: Record<string, string> = { 'echo-basic': 'Echo (offline)', 'echo-pro': 'Echo Pro (offline)' };
    render(inGerman(<AnswerError error={error} hidden={hidden} labelOf={(id) => labels[id] ?? null} />));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(said);
    expect(alert.textContent).not.toContain(error.message as string);
    if (hidden) expect(alert.textContent).not.toContain('Echo');
    if (error.refusal?.reason === 'needs_plan') expect(screen.getByRole('link', { name: 'Abo abschließen' }).getAttribute('href')).toBe('/subscribe');
  });
});

describe('an answer a provider refused, in the reader\'s language', () => {
  const provider = 'OpenAI answered HTTP 400: Your input exceeds the context window of this model.';

  it('a conversation longer than the model reads at once says the ways on, and offers no retry that would be refused again', () => {
    let retried = 0;
    render(inGerman(<AnswerError error={{ code: 'context_too_long', message: provider }} onRetry={() => (retried += 1)} />));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'Diese Unterhaltung ist länger, als dieses Modell auf einmal lesen kann. Beginne eine neue Unterhaltung aus einer Zusammenfassung, oder sende weniger frühere Nachrichten („Was die Modelle von diesem Chat lesen“, in den Einstellungen des Chats).',
    );
    expect(alert.getAttribute('data-code')).toBe('context_too_long');
    expect(screen.queryByRole('button')).toBeNull();
    expect(retried).toBe(0);
  });

  it('what was too long, where it is not the conversation, gets its own way on; none offers a retry', () => {
    const cases = [
      ['message', 'Diese Nachricht ist länger, als dieses Modell auf einmal lesen kann. Kürze sie, hänge weniger oder kleinere Dateien an, oder wähle ein Modell, das mehr auf einmal liest.'],
      ['summary', 'Die zusammenzufassende Unterhaltung ist länger, als dieses Modell auf einmal lesen kann. Wähle für die Zusammenfassung ein Modell, das mehr auf einmal liest.'],
      ['merge', 'Die zusammenzuführenden Antworten sind länger, als dieses Modell auf einmal lesen kann. Wähle zum Zusammenführen ein Modell, das mehr auf einmal liest.'],
    ] as const;
    for (const [context, said] of cases) {
      const { unmount } = render(inGerman(<AnswerError error={{ code: 'context_too_long', message: provider, context }} onRetry={() => undefined} />));
      expect(screen.getByRole('alert').textContent).toBe(said);
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });

  it('a lost connection keeps its retry', () => {
    let retried = 0;
    render(inGerman(<AnswerError error={{ code: 'network', message: provider }} onRetry={() => (retried += 1)} />));
    screen.getByRole('button', { name: de.chat.retry }).click();
    expect(retried).toBe(1);
  });
});

describe('an upload the server refuses, in the reader\'s language', () => {
  it('a file whose contents are not what its name says', async () => {
    const world = await signedIn();
    const { result } = renderHook(() => useComposerFiles([], []), { wrapper: ({ children }) => inGerman(children, world.useCases) });
    // Named and typed as a PNG, it passes the browser's first checks; the server reads its bytes.
    act(() => result.current.add([new File(['hello'], 'cat.png', { type: 'image/png' })]));
    await waitFor(() => expect(result.current.files[0]?.status).toBe('failed'));
    expect(result.current.files[0]?.error).toBe('cat.png kann nicht angehängt werden: Der Inhalt passt nicht zu dem, was der Name sagt.');
  });
});

describe('a vote the server refuses, in the reader\'s language', () => {
  it('a vote on a turn no longer shown is said so in German, not in the server\'s words', async () => {
    const world = await signedIn();
    const created = await world.deps.conversationStore.createConversation(world.userId as string, 'Harbour plans');
    if (!created.success) throw new Error(created.error.message);
    const { result } = renderHook(() => useBlindCompare(created.data.id), {
      wrapper: ({ children }) => inGerman(<ChatAreaProvider>{children}</ChatAreaProvider>, world.useCases),
    });
    await act(() => result.current.choose('00000000-0000-4000-8000-000000000000', 'echo-basic', 'vote', true));
    const toasts = world.useCases.toastCenter.current().map((toast) => toast.message);
    expect(toasts).toHaveLength(1);
    expect(toasts).toEqual([german().t('compare.voteGone')]);
    expect(toasts[0]).toMatch(/^Diese Runde ist so nicht mehr im Chat/);
  });
});
