/**
 * The hosted checkout page's browser script, as plain JavaScript text (no build step). It talks to
 * the public client-secret API exactly as an embedded checkout would: PATCH for discount codes,
 * POST /confirm with a confirmation token derived from the test card, then waits for `succeeded`
 * and goes to `success_url`.
 */
export const CHECKOUT_PAGE_SCRIPT = String.raw`
(() => {
  const data = JSON.parse(document.getElementById('checkout-data').textContent);
  const api = data.apiBase + '/v1/checkouts/client/' + encodeURIComponent(data.clientSecret);
  const $ = (id) => document.getElementById(id);
  let checkout = data.checkout;

  const money = (minor) => new Intl.NumberFormat('en-US', { style: 'currency', currency: checkout.currency.toUpperCase() }).format(minor / 100);

  function render() {
    $('subtotal-amount').textContent = money(checkout.amount);
    $('discount-amount').textContent = checkout.discount_amount > 0 ? '−' + money(checkout.discount_amount) : money(0);
    $('discount-name').textContent = checkout.discount ? 'Discount (' + (checkout.discount.code || checkout.discount.name) + ')' : 'Discount';
    $('tax-amount').textContent = money(checkout.tax_amount || 0);
    $('total-amount').textContent = money(checkout.total_amount);
    $('card-fields').hidden = !checkout.is_payment_form_required;
    for (const input of $('card-fields').querySelectorAll('input')) input.required = checkout.is_payment_form_required;
    $('pay-button').textContent = checkout.is_payment_required ? 'Pay ' + money(checkout.total_amount) : 'Confirm';
  }

  async function call(method, url, body) {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let json = null;
    try { json = await response.json(); } catch { json = null; }
    return { status: response.status, json };
  }

  function errorText(json) {
    if (json && typeof json.detail === 'string') return json.error + ': ' + json.detail;
    if (json && Array.isArray(json.detail)) return json.detail.map((d) => d.loc.slice(1).join('.') + ': ' + d.msg).join(' · ');
    return 'Something went wrong. Please try again.';
  }

  $('discount-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = $('discount-code').value.trim();
    $('discount-status').textContent = '';
    const result = await call('PATCH', api, { discount_code: code === '' ? null : code });
    if (result.status === 200) {
      checkout = result.json;
      render();
      $('discount-status').textContent = code === '' ? 'Discount removed.' : 'Discount applied.';
    } else {
      $('discount-status').textContent = errorText(result.json);
    }
  });

  const cards = data.testCards;
  $('checkout-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = $('payment-error');
    error.textContent = '';
    const body = { customer_email: $('email').value.trim(), customer_name: $('cardholder-name').value.trim() || null };
    const address = { country: $('country').value };
    for (const [key, id] of [['line1', 'address-line1'], ['city', 'address-city'], ['postal_code', 'address-postal-code'], ['state', 'address-state']]) {
      const value = $(id).value.trim();
      if (value !== '') address[key] = value;
    }
    body.customer_billing_address = address;
    if (checkout.is_payment_form_required) {
      const number = $('card-number').value.replace(/\s+/g, '');
      const token = cards[number];
      if (token === undefined) {
        error.textContent = 'Unknown card: use a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined).';
        return;
      }
      body.confirmation_token_id = token;
    }
    const button = $('pay-button');
    button.disabled = true;
    $('payment-status').textContent = 'Processing…';
    try {
      const result = await call('POST', api + '/confirm', body);
      if (result.status !== 200) {
        error.textContent = errorText(result.json);
        $('payment-status').textContent = '';
        return;
      }
      checkout = result.json;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const current = await call('GET', api);
        if (current.status === 200 && current.json.status === 'succeeded') {
          $('payment-status').textContent = 'Payment succeeded. Redirecting…';
          window.location.assign(current.json.success_url);
          return;
        }
        if (current.status === 200 && current.json.status === 'open') {
          error.textContent = 'PaymentError: the payment failed. Please try again with a different card.';
          $('payment-status').textContent = '';
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      error.textContent = 'The payment is taking longer than expected.';
    } finally {
      button.disabled = false;
    }
  });

  render();
})();
`;
