// @vitest-environment happy-dom
// The conversation read again at the end of an answer (web/client/features/chat/state/chat-session.ts)
// may come back late: after the next question was sent and answered. What it holds is then older than
// what the screen shows, and it must not take its place: the history, its weights (what the estimate
// beside Send counts) and an answer that failed since stay as the newer turn left them.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { englishI18n, withListSizes } from './support/render.js';
import type { ChatSessionPorts } from '../../../web/client/features/chat/state/chat-session.js';
import { ChatSession } from '../../../web/client/features/chat/state/chat-session.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

/** A session whose reads of the whole conversation (no cursor) wait until the test lets them through. */
async function sessionWithHeldReads() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const granted = await world.deps.usageLedger.grantCredits({ userId: world.userId as string, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const held: { answer: Promise<unknown>; release: () => void }[] = [];
  let holding = false;
  const openConversation: ChatSessionPorts['openConversation'] = (input) => {
    const answer = world.useCases.openConversation(input);
    if (!holding) return answer;
    // Read now (the server answers what it holds now); handed over once released.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    held.push({ answer, release });
    return gate.then(() => answer);
  };
  const session = new ChatSession({ ...world.useCases, openConversation });
  return { session, held, hold: (on: boolean) => void (holding = on) };
}

const conversationOf = (outcome: { conversationId: string } | { error: unknown }): string => {
  if (!('conversationId' in outcome)) throw new Error(`run refused: ${JSON.stringify(outcome.error)}`);
  return outcome.conversationId;
};

/** Lets every held read through and waits until the session has shown what it does with them (a frame each). */
async function releaseAll(held: { answer: Promise<unknown>; release: () => void }[]) {
  for (const read of held.splice(0)) {
    read.release();
    await read.answer;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(cleanup);

describe('ChatSession: a late read of the conversation', () => {
  it('a read asked at the end of the first answer and answered after the second keeps both turns and all their weights', async () => {
    const { session, held, hold } = await sessionWithHeldReads();
    session.open(null);
    // The first answer's read is held; the second question is sent and answered meanwhile.
    hold(true);
    const id = conversationOf(await session.send('First question', ['echo-basic']));
    session.open(id);
    expect(held).toHaveLength(1);
    const first = held.splice(0);
    hold(false);
    await session.send('Second question', ['echo-basic']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.snapshot().messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // Now the first read comes back: two messages, older than the screen.
    await releaseAll(first);
    const shown = session.snapshot();
    expect(shown.messages?.map((m) => m.content)).toEqual([
      'First question', 'echo-basic heard: First question', 'Second question', 'echo-basic heard: Second question',
    ]);
    expect(shown.weights).toHaveLength(4);
  });

  it('on screen: the late read leaves both turns in the list and the estimate beside Send as the second answer left it', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const granted = await world.deps.usageLedger.grantCredits({ userId: world.userId as string, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
    if (!granted.success) throw new Error(granted.error.message);
    // The reads asked at the end of the first answer wait until released; the others answer at once.
    const held: { release: () => void }[] = [];
    let holding = true;
    const openChat: typeof world.useCases.openChat = (input) => {
      const answer = world.useCases.openChat(input);
      if (!holding) return answer;
      return new Promise<void>((resolve) => held.push({ release: resolve })).then(() => answer);
    };
    const { container } = render(withListSizes(<App i18n={englishI18n()} useCases={{ ...world.useCases, openChat }} routerHook={memoryLocation({ path: '/chat' }).hook} />));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    const stored = () => container.querySelectorAll('[id^="message-"]:not([id^="message-live-"])').length;
    await userEvent.type(box, 'How do tides work?{Enter}');
    await screen.findByText('echo-basic heard: How do tides work?');
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    holding = false;
    await userEvent.type(box, 'And the moon?{Enter}');
    await screen.findByText('echo-basic heard: And the moon?');
    await waitFor(() => expect(stored()).toBe(4));
    const cost = () => container.querySelector('.composer__cost')?.getAttribute('data-held');
    await waitFor(() => expect(cost()).toBeTruthy());
    const before = cost();
    for (const read of held.splice(0)) read.release();
    // However long it is waited for: the late read changes nothing on screen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() => expect(stored()).toBe(4));
    expect(screen.getByText('echo-basic heard: How do tides work?')).toBeTruthy();
    expect(screen.getByText('echo-basic heard: And the moon?')).toBeTruthy();
    expect(cost()).toBe(before);
  });
});
