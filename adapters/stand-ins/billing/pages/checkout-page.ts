import type { CheckoutPublicWire } from '@ensemble/billing-client/schemas';
import { TEST_CARDS, TEST_CONFIRMATION_TOKENS } from '../engine/test-payments.js';
import { CHECKOUT_COUNTRIES, countryFromLanguages } from './checkout-country.js';
import { CHECKOUT_PAGE_SCRIPT } from './checkout-page-script.js';
import { escapeHtml, formatMoney, inlineJson, messagePage, page } from './html.js';

function priceLabel(checkout: CheckoutPublicWire): string {
  const price = checkout.product_price;
  const product = checkout.product;
  if (price === null) return '';
  const every = product?.is_recurring && product.recurring_interval ? ` / ${product.recurring_interval}` : '';
  if (price.amount_type === 'free') return `Free${every}`;
  return `${formatMoney(checkout.amount, checkout.currency)}${every}`;
}

/**
 * The hosted checkout at the checkout's `url`: product, price, discount code, e-mail, a card form
 * that accepts the sandbox test cards only, and a visible error for declined payments. Stable ids and
 * labels make it drivable by a browser test. With a `return_url` it has a back link to the seller,
 * as the provider's page does. The country is the checkout's billing address's, else a guess from
 * the browser's languages (`acceptLanguage`).
 */
export function renderCheckoutPage(checkout: CheckoutPublicWire, apiBase: string, acceptLanguage?: string): string {
  const product = checkout.product;
  const country = checkout.customer_billing_address?.country ?? countryFromLanguages(acceptLanguage);
  const countries = CHECKOUT_COUNTRIES.map(([code, name]) => `<option value="${code}"${code === country ? ' selected' : ''}>${escapeHtml(name)}</option>`).join('');
  const back = checkout.return_url ? `<p class="back"><a id="return-link" href="${escapeHtml(checkout.return_url)}">← Back to ${escapeHtml(checkout.organization.name)}</a></p>` : '';
  const data = { apiBase, clientSecret: checkout.client_secret, checkout, testCards: { [TEST_CARDS.success]: TEST_CONFIRMATION_TOKENS.success, [TEST_CARDS.declined]: TEST_CONFIRMATION_TOKENS.declined } };
  const body = `${back}
<h1 id="product-name">${escapeHtml(product?.name ?? 'Checkout')}</h1>
<p id="organization-name" class="hint">Sold by ${escapeHtml(checkout.organization.name)}</p>
${product?.description ? `<p id="product-description">${escapeHtml(product.description)}</p>` : ''}
<p id="price-label"><strong>${escapeHtml(priceLabel(checkout))}</strong></p>
<dl aria-label="Order summary">
  <dt>Subtotal</dt><dd id="subtotal-amount"></dd>
  <dt id="discount-name">Discount</dt><dd id="discount-amount"></dd>
  <dt>Tax</dt><dd id="tax-amount"></dd>
  <dt class="total">Total due today</dt><dd class="total" id="total-amount"></dd>
</dl>
${checkout.allow_discount_codes && checkout.is_discount_applicable ? `
<form id="discount-form" class="row" novalidate>
  <div><label for="discount-code">Discount code</label><input id="discount-code" name="discount_code" autocomplete="off"></div>
  <div style="flex:0"><button type="submit" id="apply-discount" class="secondary">Apply</button></div>
</form>
<p id="discount-status" role="status"></p>` : '<form id="discount-form" hidden><input id="discount-code"></form><p id="discount-status" hidden></p>'}
<form id="checkout-form">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(checkout.customer_email ?? '')}">
  <label for="country">Country</label>
  <select id="country" name="country" autocomplete="country">${countries}</select>
  <div class="row">
    <div><label for="address-line1">Address</label><input id="address-line1" autocomplete="address-line1"></div>
    <div><label for="address-city">City</label><input id="address-city" autocomplete="address-level2"></div>
  </div>
  <div class="row">
    <div><label for="address-postal-code">Postal code</label><input id="address-postal-code" autocomplete="postal-code"></div>
    <div><label for="address-state">State</label><input id="address-state" autocomplete="address-level1" placeholder="e.g. US-NY"></div>
  </div>
  <fieldset id="card-fields">
    <legend>Card (test cards only)</legend>
    <label for="cardholder-name">Name on card</label>
    <input id="cardholder-name" name="cardholder_name" autocomplete="cc-name" value="${escapeHtml(checkout.customer_name ?? '')}">
    <label for="card-number">Card number</label>
    <input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
    <div class="row">
      <div><label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="card_expiry" autocomplete="cc-exp" placeholder="12/34" pattern="\\d{2}/\\d{2}"></div>
      <div><label for="card-cvc">CVC</label><input id="card-cvc" name="card_cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="123" pattern="\\d{3,4}"></div>
    </div>
    <p class="hint" id="test-card-hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Any future expiry and any CVC.</p>
  </fieldset>
  <button type="submit" id="pay-button">Pay</button>
  <p id="payment-status" role="status"></p>
  <p id="payment-error" role="alert"></p>
</form>
<script type="application/json" id="checkout-data">${inlineJson(data)}</script>`;
  return page(`Checkout — ${product?.name ?? ''}`, body, `<script>${CHECKOUT_PAGE_SCRIPT}</script>`);
}

export const renderConfirmationPage = (checkout: CheckoutPublicWire): string =>
  checkout.status === 'succeeded'
    ? messagePage('Payment successful', `Thank you! Your order for ${checkout.product?.name ?? 'your product'} is complete.`)
    : messagePage('Payment pending', `This checkout is ${checkout.status}.`);

export const renderExpiredPage = (): string => messagePage('Checkout expired', 'This checkout session has expired. Please start again.');
export const renderMissingPage = (): string => messagePage('Checkout not found', 'This checkout does not exist.');
