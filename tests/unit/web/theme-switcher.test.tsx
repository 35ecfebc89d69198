// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readTheme } from '../../../web/client/ui/theme.js';
import { ThemeSwitcher } from '../../../web/client/ui/theme-switcher.js';
import { renderUi } from './support/render.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  delete document.documentElement.dataset['theme'];
});

describe('ThemeSwitcher', () => {
  it('offers the device’s theme, light and dark; a choice applies at once and is kept on this browser', async () => {
    renderUi(<ThemeSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Appearance' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['As on this device', 'Light', 'Dark']);
    expect((select as HTMLSelectElement).value).toBe('system');
    expect(document.documentElement.dataset['theme']).toBeUndefined();

    await userEvent.selectOptions(select, 'dark');
    expect(document.documentElement.dataset['theme']).toBe('dark');
    expect(readTheme()).toBe('dark');

    await userEvent.selectOptions(select, 'system');
    expect(document.documentElement.dataset['theme']).toBeUndefined();
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('starts from the theme kept on this browser, and ignores a value it does not know', () => {
    window.localStorage.setItem('theme', 'light');
    expect(readTheme()).toBe('light');
    applyTheme(readTheme(), false);
    expect(document.documentElement.dataset['theme']).toBe('light');
    renderUi(<ThemeSwitcher />);
    expect((screen.getByRole('combobox', { name: 'Appearance' }) as HTMLSelectElement).value).toBe('light');
    window.localStorage.setItem('theme', 'purple');
    expect(readTheme()).toBe('system');
  });
});
