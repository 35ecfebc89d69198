// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelInfo, ConversationSettings } from '../../../core/chat/index.js';
import { SettingsDialog, type SettingsDialogProps } from '../../../web/client/features/chat/components/settings-dialog.js';
import { renderUi } from './support/render.js';
import { sampleModels } from './support/sample-data.js';

afterEach(cleanup);

const reasoning: ModelInfo = { id: 'o-reason', label: 'Reasoner', provider: 'openai', inputCreditsPer1k: 2, outputCreditsPer1k: 8, plan: 'free', available: true, supportsTemperature: false, maxOutputTokens: 1000 };
const shown = [sampleModels[0] as ModelInfo, sampleModels[1] as ModelInfo, reasoning];

function setup(overrides: Partial<SettingsDialogProps> = {}) {
  const saved: ConversationSettings[] = [];
  const presetsSaved: string[] = [];
  renderUi(
    <SettingsDialog open onClose={() => undefined} models={shown}
      settings={{ instruction: 'Be kind.', models: { 'gpt-4o-mini': { temperature: 0.5 }, 'not-shown': { maxOutputTokens: 10 } } }}
      presets={[{ id: 'p1', name: 'Pirate', instruction: 'Talk like a pirate.', createdAt: '2026-01-01T00:00:00.000Z' }]}
      onSave={async (s) => (saved.push(s), null)} onSavePreset={async (name, text) => (presetsSaved.push(`${name}:${text}`), null)}
      onDeletePreset={() => undefined} {...overrides} />,
  );
  return { saved, presetsSaved, dialog: screen.getByRole('dialog', { name: 'Instructions and settings of this chat' }) };
}

describe('the settings dialog', () => {
  it('shows the stored instruction and settings; a model that takes no temperature says so', () => {
    const { dialog } = setup();
    expect((within(dialog).getByRole('textbox', { name: 'System instruction' }) as HTMLTextAreaElement).value).toBe('Be kind.');
    expect((within(dialog).getByRole('spinbutton', { name: 'Temperature of GPT-4o mini, 0 to 2' }) as HTMLInputElement).value).toBe('0.5');
    // Anthropic's scale ends at 1.
    expect(within(dialog).getByRole('spinbutton', { name: 'Temperature of Claude Sonnet, 0 to 1' })).toBeTruthy();
    expect(within(dialog).queryByRole('spinbutton', { name: /Temperature of Reasoner/ })).toBeNull();
    expect(within(dialog).getByText('Not adjustable for this model')).toBeTruthy();
  });

  it('saves the instruction and every model’s values, keeping the settings of models not shown', async () => {
    const { dialog, saved } = setup();
    const instruction = within(dialog).getByRole('textbox', { name: 'System instruction' });
    await userEvent.clear(instruction);
    await userEvent.type(instruction, '  Answer in French.  ');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Longest answer of Claude Sonnet in tokens, 1 to 4096' }), '500');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Temperature of GPT-4o mini, 0 to 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(saved).toEqual([{ instruction: 'Answer in French.', models: { 'not-shown': { maxOutputTokens: 10 }, 'claude-sonnet': { maxOutputTokens: 500 } } }]);
  });

  it('the price an answer is held at follows the longest answer typed', async () => {
    const { dialog } = setup();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Longest answer of Claude Sonnet in tokens, 1 to 4096' }), '2000');
    // (1 × 6 + 2000 × 30) / 1000 = 60.006 → 61 credits at most.
    expect(within(dialog).getByText('Highest price of an answer, in credits: 61 (plus your message)')).toBeTruthy();
  });

  it('a value out of the model’s range is explained and nothing can be saved', async () => {
    const { dialog, saved } = setup();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Temperature of Claude Sonnet, 0 to 1' }), '1.5');
    expect(within(dialog).getByText('Enter a number from 0 to 1')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Longest answer of Reasoner in tokens, 1 to 1000' }), '5000');
    expect(within(dialog).getByText('Enter a whole number from 1 to 1000')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    expect(saved).toEqual([]);
  });

  it('a preset fills the instruction; the instruction can be saved as a preset', async () => {
    const { dialog, presetsSaved } = setup();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Your presets' }), 'p1');
    expect((within(dialog).getByRole('textbox', { name: 'System instruction' }) as HTMLTextAreaElement).value).toBe('Talk like a pirate.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Save this instruction as' }), 'Pirate 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preset' }));
    expect(presetsSaved).toEqual(['Pirate 2:Talk like a pirate.']);
  });

  it('a refusal of the server is shown and the dialog stays open', async () => {
    const { dialog } = setup({ onSave: async () => 'Some settings are not valid: check the highlighted fields.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Some settings are not valid: check the highlighted fields.');
  });
});
