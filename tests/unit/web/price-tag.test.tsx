// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubscribeScreen } from '../../../web/client/features/subscribe/components/subscribe-screen.js';
import type { PlanOfferView } from '../../../web/client/ui/price-tag.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const plan = (overrides: Partial<PlanOfferView> = {}): PlanOfferView => ({
  name: 'Ensemble Pro',
  description: null,
  basePriceCents: 2500,
  discountedPriceCents: null,
  discountPercent: null,
  currency: 'usd',
  interval: 'month',
  benefits: ['Every model', '2,000 credits each month'],
  creditsPerPeriod: null,
  discountDuration: null,
  ...overrides,
});

const subscribe = (offer: PlanOfferView | null | undefined) =>
  renderUi(<SubscribeScreen plan={offer} current={null} status="idle" onSubscribe={() => undefined} onResume={() => undefined} />);

describe('price on the subscribe screen', () => {
  it('app §7: with a discount the base price is struck through beside the discounted price', () => {
    const { container } = subscribe(plan({ discountedPriceCents: 2000, discountPercent: 20 }));
    expect(container.querySelector('del')?.textContent).toBe('Regular price $25.00');
    expect(container.querySelector('ins')?.textContent).toBe('Your price $20.00');
    expect(screen.getByText('20% off')).toBeTruthy();
  });

  it('without a discount only the base price shows, nothing struck through', () => {
    const { container } = subscribe(plan());
    expect(container.querySelector('del')).toBeNull();
    expect(container.querySelector('.price__now')?.textContent).toBe('$25.00');
    expect(screen.queryByText(/% off/)).toBeNull();
  });

  it('a "discount" that does not lower the price is not shown as one', () => {
    const { container } = subscribe(plan({ discountedPriceCents: 2500, discountPercent: 0 }));
    expect(container.querySelector('del')).toBeNull();
  });

  it('lists what the plan includes and offers to subscribe', () => {
    subscribe(plan());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Every model', '2,000 credits each month']);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('DESIGN.md: billing unavailable is explained instead of a price', () => {
    subscribe(null);
    expect(screen.getByText('Subscriptions are paused')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('a plan cancelled at period end says when it ends, instead of "Your plan", and offers to resume it', () => {
    renderUi(<SubscribeScreen plan={plan()} current={{ endsOn: '2026-12-24T10:00:00Z' }} status="idle" onSubscribe={() => undefined} onResume={() => undefined} />);
    expect(screen.getByText('Ends on December 24, 2026')).toBeTruthy();
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('states the credits each period grants and how long the discount lasts, in the reader\'s language', () => {
    const { container, unmount } = subscribe(plan({ discountedPriceCents: 2000, discountPercent: 20, creditsPerPeriod: 1000, discountDuration: { kind: 'forever' } }));
    expect(container.querySelector('[data-testid="plan-terms"]')?.textContent).toBe('1,000 credits every month · Discount for as long as you keep the plan');
    unmount();
    const months = subscribe(plan({ discountedPriceCents: 2000, discountPercent: 20, creditsPerPeriod: 1000, discountDuration: { kind: 'repeating', months: 3 } }));
    expect(months.container.querySelector('[data-testid="plan-terms"]')?.textContent).toBe('1,000 credits every month · Discount for the first 3 months, then $25.00');
    months.unmount();
    const once = subscribe(plan({ discountedPriceCents: 2000, discountPercent: 20, creditsPerPeriod: 1, discountDuration: { kind: 'once' } }));
    expect(once.container.querySelector('[data-testid="plan-terms"]')?.textContent).toBe('1 credit every month · Discount on the first payment, then $25.00');
  });

  it('a discount that does not lower the price says nothing of its duration', () => {
    const { container } = subscribe(plan({ creditsPerPeriod: 1000, discountDuration: { kind: 'forever' } }));
    expect(container.querySelector('[data-testid="plan-terms"]')?.textContent).toBe('1,000 credits every month');
  });

  it('back from the checkout without paying: nothing was charged, said as information, not as a failed payment', () => {
    renderUi(<SubscribeScreen plan={plan()} current={null} status="left" onSubscribe={() => undefined} onResume={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('You left the checkout without paying, so nothing was charged.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/did not go through/)).toBeNull();
  });

  it('says so when no model of the plan can answer on this server', () => {
    renderUi(<SubscribeScreen plan={plan()} current={null} status="idle" onSubscribe={() => undefined} onResume={() => undefined} paidModelsAvailable={false} />);
    expect(screen.getByText(/no model of the plan can answer/)).toBeTruthy();
  });
});
