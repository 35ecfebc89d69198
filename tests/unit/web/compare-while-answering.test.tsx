// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { englishI18n, withListSizes } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([import('../../../web/client/app/chat-area.js'), import('../../../web/client/features/chat/routes/chat-route.js')]);
});

/** The in-memory app whose models write their first word, then wait until `release` is called. */
function heldAnswers() {
  const world = inMemoryUseCases({ signedIn: 'profiled', credits: 10_000 });
  const gateway = world.deps.modelGateway;
  const stream = gateway.stream.bind(gateway);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  gateway.stream = async function* held(request) {
    let words = 0;
    for await (const event of stream(request)) {
      if (event.type === 'delta' && ++words === 2) await released;
      yield event;
    }
  };
  return { world, release };
}

/** What the composer is set to send next: the models named on the picker, and whether side by side is on. */
const composerChoice = () => ({
  models: screen.getByRole('button', { name: /^Models:/ }).textContent,
  sideBySide: screen.getByRole('button', { name: /Side by side/ }).getAttribute('aria-pressed'),
  placeholder: screen.getByRole('textbox', { name: 'Your message' }).getAttribute('placeholder'),
});

describe('a side-by-side chat started at /chat/all', () => {
  it('stays side by side with the same models while its first answers are written, and after they are stored', async () => {
    const { world, release } = heldAnswers();
    const location = memoryLocation({ path: '/chat/all', record: true });
    const { container } = render(withListSizes(<App i18n={englishI18n()} useCases={world.useCases} routerHook={location.hook} />));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    // The two first models the user may use, side by side, once the models are read.
    await waitFor(() => expect(composerChoice().models).toBe('Models: Echo (offline), Echo Swift (offline)▾'));
    const before = composerChoice();
    expect(before.sideBySide).toBe('true');
    expect(before.placeholder).toBe('Send to the selected models (2)…');

    await userEvent.type(box, 'How do tides work?{Enter}');
    // The server names the conversation; the route moves to it while both answers are still being written.
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/chat\/(?!all$)[^/]+$/));
    await waitFor(() => expect(container.querySelectorAll('.answer-column').length).toBe(2));
    expect(composerChoice()).toEqual(before);

    release();
    await screen.findByText('echo-basic heard: How do tides work?');
    await screen.findByText('echo-swift heard: How do tides work?');
    await screen.findByRole('button', { name: /Send/ });
    expect(composerChoice()).toEqual(before);
  });
});
