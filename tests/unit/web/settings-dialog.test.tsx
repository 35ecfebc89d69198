// @vitest-environment happy-dom
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

  it('each error shows under its own field: a wrong temperature under the temperature, a wrong length under the length', async () => {
    const { dialog } = setup();
    const temperature = within(dialog).getByRole('spinbutton', { name: 'Temperature of Claude Sonnet, 0 to 1' });
    await userEvent.type(temperature, '1.5');
    const temperatureError = within(dialog).getByText('Enter a number from 0 to 1');
    expect(temperature.parentElement?.contains(temperatureError)).toBe(true);
    const length = within(dialog).getByRole('spinbutton', { name: 'Longest answer of Claude Sonnet in tokens, 1 to 4096' });
    expect(length.parentElement?.contains(temperatureError)).toBe(false);
    // The length keeps its price line while the temperature is wrong.
    expect(length.parentElement?.textContent).toContain('Empty: the model’s usual length. You pay for what it writes.');
    await userEvent.type(length, '9000');
    const lengthError = within(dialog).getByText('Enter a whole number from 1 to 4096');
    expect(length.parentElement?.contains(lengthError)).toBe(true);
    expect(temperature.parentElement?.contains(lengthError)).toBe(false);
  });

  it('each model’s fields have their headings beside them, for a screen too narrow for the column headings', () => {
    const { dialog } = setup();
    const row = within(dialog).getByRole('spinbutton', { name: 'Temperature of GPT-4o mini, 0 to 2' }).closest('li') as HTMLElement;
    expect([...row.querySelectorAll('.settings-models__label')].map((l) => l.textContent)).toEqual(['Temperature', 'Longest answer (tokens)']);
  });

  it('a saved preset is said in the dialog, not by a toast over its buttons', async () => {
    const { dialog } = setup();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Save this instruction as' }), 'Kind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preset' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Preset “Kind” saved');
  });
});

describe('the context setting in the settings dialog', () => {
  it('starts from the whole conversation, saved as no setting; the cost line says what it means', async () => {
    const { dialog, saved } = setup();
    expect((within(dialog).getByRole('radio', { name: 'Whole conversation' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole('spinbutton', { name: 'Messages sent whole' })).toBeNull();
    expect(within(dialog).getByText(/Every message sends the whole conversation again/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(saved[0]?.context).toBeUndefined();
  });

  it('the last N messages: N from 2 to 200 (20 at first), saved with the settings', async () => {
    const { dialog, saved } = setup();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Last 20 messages' }));
    const count = within(dialog).getByRole('spinbutton', { name: 'Messages sent whole' });
    expect((count as HTMLInputElement).value).toBe('20');
    await userEvent.clear(count);
    await userEvent.type(count, '201');
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a whole number from 2 to 200');
    expect((within(dialog).getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(count);
    await userEvent.type(count, '1');
    expect((within(dialog).getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(count);
    await userEvent.type(count, '4');
    expect(within(dialog).getByRole('radio', { name: 'Last 4 messages' })).toBeTruthy();
    expect(within(dialog).getByText(/Every message sends at most the last 4 messages: the cost stops growing/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(saved).toEqual([{ instruction: 'Be kind.', models: { 'gpt-4o-mini': { temperature: 0.5 }, 'not-shown': { maxOutputTokens: 10 } }, context: { mode: 'recent', messages: 4 } }]);
  });

  it('a summary of older messages and the last N opens as stored, and can go back to the whole conversation', async () => {
    const { dialog, saved } = setup({ settings: { instruction: '', models: {}, context: { mode: 'summary', messages: 30 } } });
    expect((within(dialog).getByRole('radio', { name: 'Summary of older messages + last 30' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/the opening lines of older ones/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Whole conversation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(saved.map((s) => s.context)).toEqual([{ mode: 'summary', messages: 30 }, undefined]);
  });
});
