// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AllModelsView, type AllModelsViewProps } from '../../../web/client/screens/chat/all-models-view.js';
import { sampleModels } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

// jsdom has no layout, so ranges cannot measure themselves; the popover only needs a rectangle.
beforeAll(() => {
  if (!Range.prototype.getBoundingClientRect) {
    Range.prototype.getBoundingClientRect = () => ({ top: 200, left: 300, width: 80, height: 16, right: 380, bottom: 216, x: 300, y: 200, toJSON: () => ({}) });
  }
});

function setup(overrides: Partial<AllModelsViewProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <AllModelsView models={sampleModels} selected={['gpt-4o-mini', 'claude-sonnet']} onSelectedChange={(ids) => calls.push(`models:${ids.join('+')}`)}
      subscribed prompt="Name a coffee shop" streaming={false} onSend={(t) => calls.push(`send:${t}`)} onStop={() => calls.push('stop')}
      answers={[
        { modelId: 'gpt-4o-mini', content: 'Café Azulejo', streaming: false },
        { modelId: 'claude-sonnet', content: 'Saudade and Co', streaming: false },
      ]}
      onCopySelection={(id, text) => calls.push(`copy:${id}:${text}`)} onAddSelectionToChat={(id, text) => calls.push(`add:${id}:${text}`)} {...overrides} />,
  );
  return calls;
}

function select(text: string) {
  const node = screen.getByText(text);
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  fireEvent.mouseUp(node);
}

describe('AllModelsView', () => {
  it('shows one labelled column per model', () => {
    setup();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual(['col-gpt-4o-mini', 'col-claude-sonnet']);
    expect(within(screen.getByRole('region', { name: 'Claude Sonnet' })).getByText('Saudade and Co')).toBeTruthy();
  });

  it('app §2: text selected in an answer can be added to the chat, tied to that model', async () => {
    const calls = setup();
    select('Saudade and Co');
    await userEvent.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected text' })).getByRole('button', { name: /Add to chat/ }));
    expect(calls).toEqual(['add:claude-sonnet:Saudade and Co']);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('app §2: text selected in an answer can be copied, tied to that model', async () => {
    const user = userEvent.setup();
    const calls = setup();
    select('Café Azulejo');
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: /Copy/ }));
    expect(calls).toEqual(['copy:gpt-4o-mini:Café Azulejo']);
    expect(await navigator.clipboard.readText()).toBe('Café Azulejo');
  });

  it('a selection outside the answers offers nothing', () => {
    setup();
    select('Name a coffee shop');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('asks for a model before anything can be sent', () => {
    setup({ selected: [], prompt: null, answers: [] });
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Compare models side by side' })).toBeTruthy();
  });
});
