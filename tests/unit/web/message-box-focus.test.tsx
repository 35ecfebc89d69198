// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { englishI18n, withListSizes } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

beforeAll(async () => {
  await Promise.all([import('../../../web/client/app/chat-area.js'), import('../../../web/client/features/chat/routes/chat-route.js')]);
});

/** The chat area of a user with one stored conversation, at `path`. */
async function chatWithOneConversation(path: string) {
  const world = inMemoryUseCases({ signedIn: 'profiled', credits: 10_000 });
  const started = await world.deps.conversationStore.createConversation(world.userId ?? '', 'Tides and the moon');
  if (!started.success) throw new Error('no conversation');
  const location = memoryLocation({ path, record: true });
  render(withListSizes(<App i18n={englishI18n()} useCases={world.useCases} routerHook={location.hook} />));
  await screen.findByRole('textbox', { name: 'Your message' });
  return { location };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message' });
const sidebar = () => screen.getByRole('complementary', { name: 'Chats and account' });

describe('the message box takes the cursor as a chat is shown', () => {
  it('on opening the chat area, a conversation from the sidebar, New chat (also from the library) and All models', async () => {
    await chatWithOneConversation('/chat');
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));

    await userEvent.click(await within(sidebar()).findByRole('link', { name: 'Tides and the moon' }));
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));

    // New chat on the chat already shown (the address does not change) still puts the cursor there.
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'New chat' }));
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));

    await userEvent.click(within(sidebar()).getByRole('link', { name: 'Prompt library' }));
    await screen.findByRole('heading', { name: 'Prompt library' });
    await userEvent.keyboard('{Control>}{Shift>}o{/Shift}{/Control}');
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));

    await userEvent.click(within(sidebar()).getByRole('link', { name: 'All models' }));
    await waitFor(() => expect(messageBox().getAttribute('placeholder')).toMatch(/^Send to the selected models/));
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));
  });

  it('not on a touch screen, where it would bring up the on-screen keyboard', async () => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia.call(window, query), matches: query === '(pointer: coarse)' })) as typeof window.matchMedia;
    await chatWithOneConversation('/chat');
    await userEvent.click(await within(sidebar()).findByRole('link', { name: 'Tides and the moon' }));
    await screen.findByRole('heading', { name: 'Tides and the moon' });
    expect(document.activeElement).not.toBe(messageBox());
  });
});
