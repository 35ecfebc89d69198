// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Guard } from '../../../web/client/app/guard.js';
import { UseCasesProvider } from '../../../web/client/use-cases/use-cases-provider.js';

const loading = { loading: true, session: null, user: null, error: null };

function renderGuarded(area: 'open' | 'public') {
  const { hook } = memoryLocation({ path: '/' });
  // The use cases never arrive: only a guard that needs nothing may render its page.
  const never = new Promise<never>(() => {});
  return render(
    <Router hook={hook}>
      <UseCasesProvider useCases={never as never} session={loading}>
        <Guard area={area}>
          <p>page body</p>
        </Guard>
      </UseCasesProvider>
    </Router>,
  );
}

describe('Guard (app §2: home sits inside the guard wrapper)', () => {
  it('the open area (home) paints its page at once, before the session is known', () => {
    renderGuarded('open');
    expect(screen.getByText('page body')).toBeTruthy();
  });
});
