// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../core/chat/index.js';
import { AnswerStatus, answerEndOf, type RunView } from '../../../web/client/features/chat/components/answer-status.js';
import { ContextBanner } from '../../../web/client/features/chat/components/context-banner.js';
import de from '../../../web/public/locales/de/translation.json' with { type: 'json' };
import en from '../../../web/public/locales/en/translation.json' with { type: 'json' };
import es from '../../../web/public/locales/es/translation.json' with { type: 'json' };
import fr from '../../../web/public/locales/fr/translation.json' with { type: 'json' };
import ja from '../../../web/public/locales/ja/translation.json' with { type: 'json' };
import pt from '../../../web/public/locales/pt/translation.json' with { type: 'json' };
import { englishI18n } from './support/render.js';
import { sampleModels } from './support/sample-data.js';

afterEach(cleanup);

const streaming: RunView = { streaming: true, answers: [{ error: null, metrics: {} }] };
const failed: RunView = { streaming: false, answers: [{ error: { code: 'model_unavailable' }, metrics: {} }] };
const cutShort: RunView = { streaming: false, answers: [{ error: null, metrics: { stopped: true } }] };

describe('the answer status: a polite region outside the windowed list', () => {
  it('says nothing while an answer streams, then how the run ended: finished, stopped or failed', () => {
    expect(answerEndOf(null, streaming, false)).toBeNull();
    expect(answerEndOf(streaming, streaming, false)).toBeNull();
    expect(answerEndOf(null, null, false)).toBeNull();
    expect(answerEndOf(streaming, null, false)).toBe('finished');
    expect(answerEndOf(streaming, null, true)).toBe('stopped');
    expect(answerEndOf(streaming, cutShort, false)).toBe('stopped');
    expect(answerEndOf(streaming, failed, false)).toBe('failed');
  });

  it('announces each end in the polite status, and clears it when the next answer starts', () => {
    const ui = (run: RunView | null, stopped = false) => (
      <I18nextProvider i18n={englishI18n()}>
        <AnswerStatus run={run} lastAnswersStopped={stopped} />
      </I18nextProvider>
    );
    const { rerender } = render(ui(null));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    rerender(ui(streaming));
    expect(status.textContent).toBe('');
    rerender(ui(null));
    expect(status.textContent).toBe('Answer finished');
    rerender(ui(streaming));
    expect(status.textContent).toBe('');
    rerender(ui(null, true));
    expect(status.textContent).toBe('Answer stopped');
    rerender(ui(streaming));
    rerender(ui(failed));
    expect(status.textContent).toBe('The answer could not be completed');
  });

  it('has short words in all six languages', () => {
    for (const file of [en, de, fr, es, pt, ja]) {
      const { finished, stopped, failed: failedText } = file.chat.status;
      for (const text of [finished, stopped, failedText]) expect(text.length).toBeGreaterThan(0);
      expect(finished.length).toBeLessThanOrEqual(40);
      expect(file.chat.longConversation.details.length).toBeGreaterThan(0);
      expect(file.chat.longConversation.less.length).toBeGreaterThan(0);
    }
  });
});

describe('the long conversation note', () => {
  it('has a Details toggle that opens and closes its details (shown on a phone only, by the style sheet)', async () => {
    const models = sampleModels.filter((m) => m.available) as ModelInfo[];
    render(
      <I18nextProvider i18n={englishI18n()}>
        <ContextBanner load={{ modelId: models[0]!.id, historyTokens: 9_000, contextWindow: 128_000, credits: 12 }} models={models}
          preferredModelId={models[0]!.id} priceOf={() => 20} onStart={() => undefined} onDismiss={() => undefined} />
      </I18nextProvider>,
    );
    const note = screen.getByRole('region', { name: 'This conversation has grown long.' });
    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.textContent).toMatch(/Start a new conversation from a summary/);
    expect(note.className).not.toMatch(/context-banner--open/);
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true');
    expect(note.className).toMatch(/context-banner--open/);
  });
});
