import { describe, expect, it } from 'vitest';
import { chatWebhookBody, discordPayload, slackPayload } from '../engine/webhook-chat-formats.js';
import { formatAmount, summarizeEvent } from '../engine/webhook-summary.js';
import { formatReceiptNumber, needsReceiptNumber } from '../resources/orders/rules.js';

const AT = '2026-03-01T12:00:00.000Z';
const fields = (type: string, data: unknown) => Object.fromEntries(summarizeEvent(type, AT, data).fields.map((f) => [f.label, f.value]));

describe('webhook event summaries (chat formats)', () => {
  it('formats minor units in the currency’s own decimals, and keeps an unknown code readable', () => {
    expect(formatAmount(2500, 'usd')).toBe('$25.00');
    expect(formatAmount(1999, 'EUR')).toBe('€19.99');
    expect(formatAmount(500, 'jpy')).toBe('¥500');
    expect(formatAmount(42, 'zz')).toBe('42 ZZ (minor units)');
  });

  it('summarizes each event family with its key fields', () => {
    expect(fields('checkout.updated', { id: 'c1', status: 'succeeded', total_amount: 2000, currency: 'usd', customer_email: 'a@x.io', product: { name: 'Plan' } }))
      .toEqual({ Customer: 'a@x.io', Amount: '$20.00', Product: 'Plan', Status: 'succeeded' });
    expect(fields('customer.state_changed', { id: 'u1', email: 'a@x.io', name: null, external_id: 'ext', active_subscriptions: [{}], granted_benefits: [] }))
      .toEqual({ 'E-mail': 'a@x.io', 'External id': 'ext', 'Active subscriptions': '1', 'Granted benefits': '0' });
    expect(fields('order.refunded', { id: 'o1', status: 'refunded', total_amount: 2500, currency: 'usd', refunded_amount: 2500, customer: { email: 'a@x.io' }, product: null, receipt_number: 'ABCD1234-R0007' }))
      .toMatchObject({ Customer: 'a@x.io', Amount: '$25.00', Refunded: '$25.00', Status: 'refunded', 'Receipt number': 'ABCD1234-R0007' });
    expect(fields('subscription.updated', { id: 's1', status: 'active', amount: 900, currency: 'eur', recurring_interval: 'year', cancel_at_period_end: false }))
      .toEqual({ Amount: '€9.00 / year', Status: 'active', 'Cancels at period end': 'no' });
    expect(fields('refund.created', { id: 'r1', status: 'succeeded', amount: 300, currency: 'usd', reason: 'other', order_id: 'o1' }))
      .toEqual({ Amount: '$3.00', Status: 'succeeded', Reason: 'other', Order: 'o1' });
    expect(fields('product.created', { id: 'p1', name: 'Plan', recurring_interval: 'month', is_archived: false, prices: [{ amount_type: 'fixed', price_amount: 2500, price_currency: 'usd' }] }))
      .toEqual({ Name: 'Plan', Price: '$25.00', Billing: 'every month', Archived: 'no' });
    expect(fields('product.updated', { id: 'p2', name: 'Tip jar', recurring_interval: null, prices: [{ amount_type: 'custom' }] }))
      .toMatchObject({ Price: 'pay what you want', Billing: 'one-time' });
    expect(fields('benefit.created', { id: 'b1', type: 'custom', description: 'Priority support' })).toEqual({ Type: 'custom', Description: 'Priority support' });
    expect(fields('benefit_grant.revoked', { id: 'g1', is_granted: false, is_revoked: true, customer: { email: 'a@x.io' }, benefit: { type: 'custom', description: 'Support' } }))
      .toEqual({ Customer: 'a@x.io', Benefit: 'Support', 'Benefit type': 'custom', Status: 'revoked' });
    expect(fields('organization.updated', { id: 'org', name: 'Ensemble', slug: 'ensemble' })).toEqual({ Name: 'Ensemble', Slug: 'ensemble' });
    expect(fields('discount.created', { id: 'd1', name: 'Welcome', code: 'WELCOME20', type: 'percentage', basis_points: 2000 }))
      .toEqual({ Name: 'Welcome', Code: 'WELCOME20', Discount: '20 %' });
  });

  it('titles and tones come from the event type; unknown families fall back to status, name and e-mail', () => {
    expect(summarizeEvent('benefit_grant.created', AT, { id: 'g' })).toMatchObject({ title: 'Benefit grant created', tone: 'good', objectId: 'g' });
    expect(summarizeEvent('subscription.canceled', AT, { id: 's' }).tone).toBe('bad');
    expect(summarizeEvent('order.updated', AT, { id: 'o', status: 'refunded' }).tone).toBe('bad');
    expect(summarizeEvent('customer.updated', AT, { id: 'c' }).tone).toBe('neutral');
    const member = summarizeEvent('member.created', AT, { id: 'm', email: 'm@x.io', role: 'owner' });
    expect(member).toMatchObject({ title: 'Member created', objectId: 'm', fields: [{ label: 'E-mail', value: 'm@x.io' }] });
    // shapes it cannot read leave the fields out rather than fail
    expect(summarizeEvent('order.paid', AT, { id: 'o', total_amount: 'lots' }).fields).toEqual([]);
    expect(summarizeEvent('order.paid', AT, 'not an object')).toMatchObject({ objectId: null, fields: [] });
  });
});

describe('discord and slack bodies', () => {
  const long = 'x'.repeat(5000);
  const summary = summarizeEvent('benefit.updated', AT, { id: 'b<1>', type: 'custom', description: long });

  it('discord: one embed, values clipped to 1024, markdown escaped, within the 6000-character budget', () => {
    const body = discordPayload(summary);
    const embed = body.embeds[0];
    expect(embed?.fields.find((f) => f.name === 'Description')?.value).toHaveLength(1024);
    const many = discordPayload({ ...summary, fields: Array.from({ length: 30 }, (_, i) => ({ label: `F${i}`, value: long })) }).embeds[0];
    expect(many?.fields.length).toBeLessThanOrEqual(5);
    const total = (many?.title.length ?? 0) + (many?.description.length ?? 0) + (many?.footer.text.length ?? 0)
      + (many?.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    expect(discordPayload(summarizeEvent('customer.created', AT, { id: 'c', email: 'a_b*c@x.io' })).embeds[0]?.fields[0]?.value).toBe('a\\_b\\*c@x.io');
  });

  it('slack: mrkdwn escapes &, < and >, and clips field texts to 2000', () => {
    const body = slackPayload(summary);
    expect(body.text).toBe('Benefit updated b&lt;1&gt;');
    const section = body.blocks[1] as { fields: { text: string }[] };
    expect(section.fields.every((f) => f.text.length <= 2000)).toBe(true);
    expect(slackPayload(summarizeEvent('organization.updated', AT, { id: 'o', name: 'A & B' })).blocks[1]).toEqual({
      type: 'section', fields: [{ type: 'mrkdwn', text: '*Name*\nA &amp; B' }],
    });
  });

  it('chatWebhookBody is plain JSON of the chosen format', () => {
    expect(Object.keys(JSON.parse(chatWebhookBody('discord', 'order.paid', AT, { id: 'o' })) as object)).toEqual(['username', 'embeds']);
    expect(Object.keys(JSON.parse(chatWebhookBody('slack', 'order.paid', AT, { id: 'o' })) as object)).toEqual(['text', 'blocks']);
  });
});

describe('receipt number rules', () => {
  it('paid, partially refunded and refunded orders need one until they have one; others never do', () => {
    expect(needsReceiptNumber({ status: 'paid', receipt_number: null })).toBe(true);
    expect(needsReceiptNumber({ status: 'refunded' })).toBe(true);
    expect(needsReceiptNumber({ status: 'paid', receipt_number: 'X-R0001' })).toBe(false);
    for (const status of ['pending', 'draft', 'void']) expect(needsReceiptNumber({ status, receipt_number: null })).toBe(false);
  });

  it('formats the organization prefix, R and a zero-padded running number', () => {
    expect(formatReceiptNumber('1a2b3c4d-0000-4000-8000-000000000000', 7)).toBe('1A2B3C4D-R0007');
    expect(formatReceiptNumber('1a2b3c4d-0000', 12345)).toBe('1A2B3C4D-R12345');
    expect(() => formatReceiptNumber('x', 0)).toThrow();
  });
});
