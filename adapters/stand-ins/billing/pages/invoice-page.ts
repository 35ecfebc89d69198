import { escapeHtml, formatMoney, page } from './html.js';
import type { OrderRecord } from '../resources/orders/records.js';

/** A printable invoice for a generated order invoice (sandbox stand-in for the provider's PDF). */
export function renderInvoicePage(order: OrderRecord, sellerName: string): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, order.currency));
  const address = order.billing_address;
  const lines = order.items.map((item) => `<tr><td>${escapeHtml(item.label)}</td><td>${money(item.amount)}</td></tr>`).join('');
  const addressText = address === null ? '' : [address.line1, address.line2, address.postal_code, address.city, address.state, address.country].filter(Boolean).join(', ');
  return page(
    `Invoice ${order.invoice_number}`,
    `<h1>Invoice ${escapeHtml(order.invoice_number)}</h1>
<p>Seller: ${escapeHtml(sellerName)}</p>
<p>Billed to: ${escapeHtml(order.billing_name ?? '')}<br>${escapeHtml(addressText)}</p>
<p>Date: ${escapeHtml(order.created_at.slice(0, 10))}</p>
<table aria-label="Invoice lines"><tbody>${lines}</tbody></table>
<dl><dt>Subtotal</dt><dd>${money(order.subtotal_amount)}</dd><dt>Discount</dt><dd>${money(order.discount_amount)}</dd>
<dt>Tax</dt><dd>${money(order.tax_amount)}</dd><dt class="total">Total</dt><dd class="total">${money(order.total_amount)}</dd>
<dt>Refunded</dt><dd>${money(order.refunded_amount)}</dd></dl>`,
  );
}

/** The payment receipt of a paid order (GET /receipt gives its url once the order is paid). */
export function renderReceiptPage(order: OrderRecord, sellerName: string): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, order.currency));
  return page(
    `Receipt for order ${order.id}`,
    `<h1>Receipt${order.receipt_number == null ? '' : ` ${escapeHtml(order.receipt_number)}`}</h1>
<p>Seller: ${escapeHtml(sellerName)}</p>
<p>Order: ${escapeHtml(order.id)}<br>Date: ${escapeHtml(order.created_at.slice(0, 10))}</p>
<dl><dt class="total">Paid</dt><dd class="total">${money(order.total_amount)}</dd><dt>Refunded</dt><dd>${money(order.refunded_amount)}</dd></dl>`,
  );
}
