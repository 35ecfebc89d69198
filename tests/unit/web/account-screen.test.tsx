// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountScreen, type AccountScreenProps } from '../../../web/client/features/account/components/account-screen.js';
import { sampleLedger } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(overrides: Partial<AccountScreenProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <AccountScreen email="ada@example.com" credits={1988} history={sampleLedger}
      subscription={{ status: 'active', currentPeriodEnd: '2026-12-20T09:00:00Z', cancelAtPeriodEnd: false }}
      billingAvailable cancelStatus="idle" onCancel={(reason, comment) => calls.push(`cancel:${reason}:${comment}`)}
      onOpenPortal={() => calls.push('portal')} marketingConsent={false} onMarketingConsentChange={(c) => calls.push(`consent:${c}`)}
      onSignOut={() => calls.push('sign-out')} {...overrides} />,
  );
  return calls;
}

describe('AccountScreen', () => {
  it('shows the e-mail, the balance, the history and the renewal date', () => {
    setup();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Credits' }).querySelector('.account__credits')?.textContent).toBe('1,988');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chat usage · claude-sonnet-121,988'),
      expect.stringContaining('Plan refill+2,0002,000'),
    ]);
    expect(screen.getByText('Renews on December 20, 2026')).toBeTruthy();
  });

  it('names a model in the history by its catalogue label, and by its id once the catalogue no longer offers it', () => {
    setup({ modelLabels: { 'claude-sonnet': 'Claude Sonnet' } });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Chat usage · Claude Sonnet');
    cleanup();
    setup({ modelLabels: { 'gpt-4o': 'GPT-4o' } });
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]?.textContent).toContain('Chat usage · claude-sonnet');
  });

  it('billing-api §3: cancelling at period end needs one of the eight reasons, with an optional comment', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel at period end' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const reasons = within(dialog).getByRole('combobox', { name: 'Why are you cancelling?' });
    expect(within(reasons).getAllByRole('option')).toHaveLength(9);
    await userEvent.selectOptions(reasons, 'too_expensive');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Anything you would like to add/ }), '  Budget cuts ');
    await userEvent.click(confirm);
    expect(calls).toEqual(['cancel:too_expensive:Budget cuts']);
  });

  it('a subscription set to end shows its end date and no cancel button', () => {
    setup({ subscription: { status: 'active', currentPeriodEnd: '2026-12-20T09:00:00Z', cancelAtPeriodEnd: true } });
    expect(screen.getByText('Ends soon')).toBeTruthy();
    expect(screen.getByText(/Ends on December 20, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('offers the portal, the marketing choice and sign-out', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /occasional news/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(calls).toEqual(['portal', 'consent:true', 'sign-out']);
  });

  it('without billing the subscription section explains instead of offering actions', () => {
    setup({ billingAvailable: false });
    expect(screen.getByText(/Billing details are not available/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });
});
