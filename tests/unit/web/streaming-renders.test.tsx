// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { englishI18n, withListSizes } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';
import { countRenders } from './support/render-counts.js';

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([import('../../../web/client/app/chat-area.js'), import('../../../web/client/features/chat/routes/chat-route.js')]);
});

/** What a draw of each watched component counts as: the streaming answer's text apart from every stored message. */
const labelOf = (name: string, props: unknown): string | null => {
  const message = (props as { message?: { id: string; streaming?: boolean } } | null)?.message;
  if (name === 'AnswerText') return message?.streaming ? 'streaming text' : 'stored text';
  if (name === 'MessageItem') return message?.id.startsWith('live-') ? 'live message' : 'stored message';
  return ['ChatRoute', 'ChatView', 'Composer', 'ChatLayout', 'ConversationList', 'TurnItem', 'ModelPicker', 'SettingsDialog', 'SettingsDialogBody'].includes(name) ? name : null;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WORDS = Array.from({ length: 120 }, (_, i) => `word${i + 1}`).join(' ');

describe('streaming an answer draws the streaming answer alone (issue 27)', () => {
  it('while tokens arrive, the composer, the sidebar, the chat route and the stored messages are not drawn again', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled', credits: 100_000 });
    // The offline model's tokens arrive over time, as a provider's do (each a few milliseconds apart).
    const gateway = world.deps.modelGateway;
    const stream = gateway.stream.bind(gateway);
    let paceMs = 0;
    gateway.stream = async function* paced(request) {
      for await (const event of stream(request)) {
        if (event.type === 'delta' && paceMs > 0) await pause(paceMs);
        yield event;
      }
    };
    const { container } = render(withListSizes(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memoryLocation({ path: '/chat' }).hook} />));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    // Two stored turns first.
    for (const question of ['How do tides work?', 'And the moon?']) {
      await userEvent.type(box, `${question}{Enter}`);
      await screen.findByText(`echo-basic heard: ${question}`);
      await waitFor(() => expect(screen.getByRole('button', { name: /Send/ })).toBeTruthy());
    }
    await waitFor(() => expect(container.querySelectorAll('[id^="message-"]:not([id^="message-live-"])').length).toBe(4));

    paceMs = 8;
    await userEvent.click(box);
    await userEvent.paste(WORDS);
    await userEvent.keyboard('{Enter}');
    const live = () => container.querySelector('#message-live-0')?.textContent ?? '';
    await waitFor(() => expect(live()).toContain('word5 '));
    const streamedParagraph = container.querySelector('#message-live-0 .markdown > p');
    expect(streamedParagraph).not.toBeNull();
    const counter = countRenders(container, labelOf);
    counter.reset();
    // Sampled every few milliseconds while the answer goes from its 5th word to its 60th.
    const sampling = setInterval(() => counter.sample(), 4);
    try {
      await waitFor(() => expect(live()).toContain('word60 '));
      counter.sample();
    } finally {
      clearInterval(sampling);
    }
    // The answer grew on screen, drawn by its text alone, frame after frame.
    expect(counter.count('streaming text')).toBeGreaterThanOrEqual(5);
    for (const still of ['ChatRoute', 'ChatView', 'Composer', 'ModelPicker', 'ChatLayout', 'ConversationList', 'TurnItem', 'stored message', 'live message', 'stored text']) {
      expect({ [still]: counter.count(still) }).toEqual({ [still]: 0 });
    }

    // The answer ends whole, and the composer offers Send again. The stored answer takes the streamed
    // one's place as it was drawn: its text is not drawn anew (the same paragraph element stays).
    const stored = await screen.findByText(`echo-basic heard: ${WORDS}`);
    await screen.findByRole('button', { name: /Send/ });
    await waitFor(() => expect(container.querySelector('#message-live-0')).toBeNull());
    expect(stored).toBe(streamedParagraph);
    expect(stored.closest('[id^="message-"]')?.id).not.toContain('live');
  });

  it('a message sent and answered draws no closed dialog: the settings dialog is drawn only while it is open', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled', credits: 100_000 });
    const { container } = render(withListSizes(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memoryLocation({ path: '/chat' }).hook} />));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    const counter = countRenders(container, labelOf);
    counter.reset();
    const sampling = setInterval(() => counter.sample(), 2);
    try {
      await userEvent.type(box, 'How do tides work?{Enter}');
      await screen.findByText('echo-basic heard: How do tides work?');
      await screen.findByRole('button', { name: /Send/ });
      counter.sample();
    } finally {
      clearInterval(sampling);
    }
    // The chat was drawn again for the send and the answer, the dialog behind it never.
    expect(counter.count('ChatRoute')).toBeGreaterThan(0);
    expect({ closed: counter.count('SettingsDialog') + counter.count('SettingsDialogBody') }).toEqual({ closed: 0 });
    // Opened, it is there with the conversation's settings.
    await userEvent.click(screen.getAllByRole('button', { name: 'Instructions & settings' })[0]!);
    await screen.findByRole('dialog');
  });
});
