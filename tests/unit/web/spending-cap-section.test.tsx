// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpendingCapView } from '../../../core/credits/index.js';
import { SpendingCapSection, type SpendingCapStatus } from '../../../web/client/features/account/components/spending-cap-section.js';
import { AnswerError } from '../../../web/client/features/chat/components/answer-error.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(cap: SpendingCapView | null | undefined, status: SpendingCapStatus = 'idle') {
  const calls: string[] = [];
  renderUi(<SpendingCapSection cap={cap} status={status} onSave={(n) => calls.push(`save:${n}`)} onRemove={() => calls.push('remove')} />);
  return { calls, region: screen.getByRole('region', { name: 'Monthly spending cap' }) };
}

describe('SpendingCapSection', () => {
  it('shows the cap, spent this month and what is left, and the field holds the cap', () => {
    const { region } = setup({ cap: 1500, spent: 320, remaining: 1180 });
    expect(within(region).getByTestId('spending-cap-current').textContent).toBe('1,500');
    expect(within(region).getByTestId('spending-cap-spent').textContent).toBe('320');
    expect(within(region).getByTestId('spending-cap-remaining').textContent).toBe('1,180');
    expect((within(region).getByRole('textbox', { name: 'Cap (credits per month)' }) as HTMLInputElement).value).toBe('1500');
  });

  it('without a cap: "No cap", nothing left to show, and Remove is off', () => {
    const { region } = setup({ cap: null, spent: 12, remaining: null });
    expect(within(region).getByTestId('spending-cap-current').textContent).toBe('No cap');
    expect(within(region).queryByTestId('spending-cap-remaining')).toBeNull();
    expect((within(region).getByRole('button', { name: 'Remove cap' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Enter in the field saves a whole number; anything else is explained, tied to the field, and not saved', async () => {
    const { calls, region } = setup({ cap: null, spent: 0, remaining: null });
    const field = within(region).getByRole('textbox', { name: 'Cap (credits per month)' });
    for (const wrong of ['0', '2.5', 'ten', '1000001']) {
      await userEvent.clear(field);
      await userEvent.type(field, `${wrong}{Enter}`);
      const alert = within(region).getByRole('alert');
      expect(alert.textContent).toBe('Enter a whole number of credits from 1 to 1,000,000.');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    }
    await userEvent.clear(field);
    await userEvent.type(field, ' 250 {Enter}');
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['save:250']);
  });

  it('Remove asks to remove; the outcome is announced', async () => {
    const { calls, region } = setup({ cap: 40, spent: 0, remaining: 40 }, 'saved');
    expect(within(region).getByRole('status').textContent).toBe('Saved. Cap per month: 40.');
    await userEvent.click(within(region).getByRole('button', { name: 'Remove cap' }));
    expect(calls).toEqual(['remove']);
    cleanup();
    setup({ cap: 40, spent: 0, remaining: 40 }, 'failed');
    expect(screen.getByRole('alert').textContent).toBe('The cap could not be saved. Please try again.');
  });
});

describe('AnswerError: the spending cap refusal', () => {
  it('says the cap would be passed, with what the message needs, what is left of the cap and what was spent', () => {
    renderUi(<AnswerError error={{ code: 'spending_cap_reached', spendingCap: { cap: 100, spent: 97, required: 5, remaining: 3 } }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This message would pass your monthly spending cap. Credits needed: 5 · left this month: 3 of your cap of 100 (spent: 97). Raise or remove the cap in your account, or wait for next month.',
    );
  });
});
