import { describe, expect, it } from 'vitest';
import type { CheckoutPublicWire } from '@ensemble/billing-client/schemas';
import { renderCheckoutPage, renderConfirmationPage } from '../pages/checkout-page.js';
import { SANDBOX_BANNER } from '../pages/html.js';
import { countryFromLanguages } from '../pages/checkout-country.js';

const product = {
  id: 'p1', created_at: '2026-01-01T00:00:00Z', modified_at: null, name: '<img src=x onerror=alert(1)> Pro', description: 'Best </script><script>alert(2)</script>',
  recurring_interval: 'month', is_recurring: true, is_archived: false, organization_id: 'o1', prices: [], benefits: [], medias: [],
};
const checkout = {
  id: 'c1', client_secret: 'polar_c_x', status: 'open', amount: 2500, discount_amount: 0, net_amount: 2500, tax_amount: 0, total_amount: 2500,
  currency: 'usd', allow_discount_codes: true, is_discount_applicable: true, is_payment_form_required: true, is_payment_required: true,
  customer_email: '"><script>alert(3)</script>', customer_name: null, customer_billing_address: null, product,
  product_price: { amount_type: 'fixed', price_amount: 2500 }, organization: { name: 'Ensemble & Co' }, success_url: 'https://app/ok',
} as unknown as CheckoutPublicWire;

describe('hosted checkout page (README "Hosted checkout")', () => {
  const html = renderCheckoutPage(checkout, 'http://localhost:54380');

  it('is labelled as the local sandbox and shows product, price and the test cards', () => {
    expect(html).toContain(SANDBOX_BANNER);
    expect(html).toContain('$25.00 / month');
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).toContain('id="discount-code"');
    expect(html).toContain('Sold by Ensemble &amp; Co');
  });

  it('escapes every user-controlled text, including inside the inline JSON', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Pro');
    const json = /<script type="application\/json" id="checkout-data">([^<]*)<\/script>/.exec(html);
    expect(json).not.toBeNull();
    const data = JSON.parse(json?.[1] ?? '{}') as { checkout: { product: { description: string } }; testCards: Record<string, string> };
    expect(data.checkout.product.description).toBe(product.description);
    expect(data.testCards['4242424242424242']).toBe('ctoken_sandbox_success');
  });

  it('the confirmation page tells whether the checkout succeeded', () => {
    expect(renderConfirmationPage({ ...checkout, status: 'succeeded' })).toContain('Payment successful');
    expect(renderConfirmationPage(checkout)).toContain('Payment pending');
  });
});

describe('hosted checkout: country, back link and icon', () => {
  const selected = (page: string) => /<option value="([A-Z]{2})" selected>/.exec(page)?.[1];

  it('the country defaults from the browser\'s languages, not to one fixed country', () => {
    expect(countryFromLanguages('en-US,en;q=0.9')).toBe('US');
    expect(countryFromLanguages('en-GB,en;q=0.9')).toBe('GB');
    expect(countryFromLanguages('de-DE,de;q=0.9,en;q=0.8')).toBe('DE');
    expect(countryFromLanguages('fr-CA,fr;q=0.9')).toBe('CA');
    expect(countryFromLanguages('ja')).toBe('JP');
    expect(countryFromLanguages('en;q=0.2, pt-BR')).toBe('BR');
    expect(countryFromLanguages('x-bogus, *')).toBe('US');
    expect(countryFromLanguages(undefined)).toBe('US');
    expect(selected(renderCheckoutPage(checkout, 'http://localhost:54380', 'en-US,en;q=0.9'))).toBe('US');
    expect(selected(renderCheckoutPage(checkout, 'http://localhost:54380', 'ja-JP'))).toBe('JP');
  });

  it('a billing address the checkout already has wins over the guess', () => {
    const known = { ...checkout, customer_billing_address: { country: 'SE' } } as unknown as CheckoutPublicWire;
    expect(selected(renderCheckoutPage(known, 'http://localhost:54380', 'en-US'))).toBe('SE');
  });

  it('with a return_url the page links back to the seller; without, it does not', () => {
    const returning = { ...checkout, return_url: 'https://app.example/subscribe?checkout=returned&x="y"' } as unknown as CheckoutPublicWire;
    const page = renderCheckoutPage(returning, 'http://localhost:54380');
    expect(page).toContain('id="return-link" href="https://app.example/subscribe?checkout=returned&amp;x=&quot;y&quot;"');
    expect(page).toContain('Back to Ensemble &amp; Co');
    expect(renderCheckoutPage(checkout, 'http://localhost:54380')).not.toContain('return-link');
  });

  it('carries its icon inline, so the browser asks the sandbox for no favicon', () => {
    expect(renderCheckoutPage(checkout, 'http://localhost:54380')).toContain('<link rel="icon" href="data:image/svg+xml,');
  });
});
