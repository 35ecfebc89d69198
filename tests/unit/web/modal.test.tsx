// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../web/client/ui/modal.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} title="Rename chat" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
        <input aria-label="Title" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus when it opens', async () => {
    renderUi(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename chat' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    renderUi(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    renderUi(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Modal inside a modal', () => {
  function Nested() {
    const [outer, setOuter] = useState(true);
    const [inner, setInner] = useState(false);
    return (
      <Modal open={outer} title="Account" onClose={() => setOuter(false)}>
        <button type="button" onClick={() => setInner(true)}>Cancel subscription</button>
        <Modal open={inner} title="Are you sure?" onClose={() => setInner(false)}>
          <button type="button">Yes</button>
        </Modal>
      </Modal>
    );
  }

  it('Escape closes only the innermost dialog', async () => {
    renderUi(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
