// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../web/client/ui/error-boundary.js';
import { renderUi } from './support/render.js';

// React reports caught render errors on the console; the boundary's own reporting is what is checked.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary', () => {
  it('app §2: a render error shows "something went wrong" and "please try later"', () => {
    const reported: unknown[] = [];
    renderUi(<ErrorBoundary onError={(error) => reported.push(error)}><Broken /></ErrorBoundary>);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Please try later/)).toBeTruthy();
    expect(reported).toEqual([new Error('render failed')]);
  });

  it('app §2: the Refresh action runs the refresh handler', async () => {
    let refreshed = 0;
    renderUi(<ErrorBoundary onError={() => undefined} onRefresh={() => refreshed++}><Broken /></ErrorBoundary>);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refreshed).toBe(1);
  });

  it('app §2: Contact support is a link to the support address', () => {
    renderUi(<ErrorBoundary onError={() => undefined} supportHref="mailto:help@example.com"><Broken /></ErrorBoundary>);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('renders its children when nothing fails', () => {
    renderUi(<ErrorBoundary><p>all good</p></ErrorBoundary>);
    expect(screen.getByText('all good')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('still reads in English when no translation file could be loaded', () => {
    const empty = i18next.createInstance();
    void empty.use(initReactI18next).init({ lng: 'fr', resources: {}, initAsync: false });
    render(<I18nextProvider i18n={empty}><ErrorBoundary onError={() => undefined}><Broken /></ErrorBoundary></I18nextProvider>);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });
});
