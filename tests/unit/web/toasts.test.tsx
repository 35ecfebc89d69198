// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryScheduler } from '../../../adapters/in-memory/in-memory-scheduler.js';
import { makeToastCenter } from '../../../core/interface/index.js';
import { ToastOutlet } from '../../../web/client/ui/toast-outlet.js';
import { Toasts, type ToastView } from '../../../web/client/ui/toasts.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const toasts: ToastView[] = [
  { id: 't1', type: 'success', message: 'Saved' },
  { id: 't2', type: 'error', message: 'Could not save' },
  { id: 't3', type: 'info', message: 'Heads up', title: 'Note' },
];

describe('Toasts', () => {
  it('app §2: shows every toast in one labelled region, errors as alerts', () => {
    renderUi(<Toasts toasts={toasts} onDismiss={() => undefined} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.className).toBe('toasts');
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual([
      expect.stringContaining('Saved'),
      expect.stringContaining('NoteHeads up'),
    ]);
  });

  it('app §2: each toast is dismissible and reports which one was dismissed', async () => {
    const dismissed: string[] = [];
    renderUi(<Toasts toasts={toasts} onDismiss={(id) => dismissed.push(id)} />);
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    expect(buttons).toHaveLength(3);
    await userEvent.click(buttons[1]!);
    expect(dismissed).toEqual(['t2']);
  });

  it('renders nothing but the empty region when there are no toasts', () => {
    renderUi(<Toasts toasts={[]} onDismiss={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Notifications' }).children).toHaveLength(0);
  });
});

describe('ToastOutlet with the core toast centre', () => {
  it('app §9: a toast shows, then vanishes after 4000 ms; a dismissed one goes at once', async () => {
    const scheduler = new InMemoryScheduler();
    const center = makeToastCenter({ scheduler });
    renderUi(<ToastOutlet center={center} />);
    act(() => {
      center.success('Saved');
      center.info('Heads up');
    });
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual([expect.stringContaining('Saved'), expect.stringContaining('Heads up')]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await act(() => scheduler.advance(3999));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    await act(() => scheduler.advance(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
