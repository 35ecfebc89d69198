import { z } from 'zod';

/** One labelled value of a chat message ("Customer", "ada@example.com"). */
export interface SummaryField {
  readonly label: string;
  readonly value: string;
}

/** good: paid, active, granted…; bad: canceled, revoked, refunded…; neutral otherwise. */
export type SummaryTone = 'good' | 'bad' | 'neutral';

/** What a chat message says about one event, whatever the chat service. */
export interface EventSummary {
  readonly type: string;
  /** "Order paid", "Subscription canceled". */
  readonly title: string;
  readonly objectId: string | null;
  readonly fields: readonly SummaryField[];
  readonly tone: SummaryTone;
  /** The envelope timestamp (sandbox time). */
  readonly timestamp: string;
}

// Loose views of the wire objects: every field optional, so a summary never fails on a shape it
// does not know; only what is there is shown.
const text = z.string().nullable().optional();
const amount = z.number().nullable().optional();
const named = z.object({ name: text }).nullable().optional();
const withEmail = z.object({ email: text }).nullable().optional();

const common = z.object({ id: text, status: text, name: text, email: text });
const orderShape = z.object({
  total_amount: amount, currency: text, customer: withEmail, product: named, billing_reason: text,
  invoice_number: text, receipt_number: text, refunded_amount: amount,
});
const subscriptionShape = z.object({
  amount, currency: text, recurring_interval: text, customer: withEmail, product: named,
  cancel_at_period_end: z.boolean().optional(), ends_at: text, customer_cancellation_reason: text,
});
const checkoutShape = z.object({ total_amount: amount, currency: text, customer_email: text, product: named });
const customerShape = z.object({
  external_id: text, active_subscriptions: z.array(z.unknown()).optional(), granted_benefits: z.array(z.unknown()).optional(),
});
const refundShape = z.object({ amount, currency: text, reason: text, order_id: text });
const priceShape = z.object({ amount_type: text, price_amount: amount, price_currency: text });
const productShape = z.object({ recurring_interval: text, is_archived: z.boolean().optional(), prices: z.array(priceShape).optional() });
const benefitShape = z.object({ type: text, description: text });
const grantShape = z.object({
  customer: withEmail, benefit: benefitShape.nullable().optional(), is_granted: z.boolean().optional(), is_revoked: z.boolean().optional(),
});
const organizationShape = z.object({ slug: text });
const discountShape = z.object({ code: text, type: text, basis_points: amount, amount, currency: text });

/** Minor units in the currency's own decimals ("$25.00", "¥500"); an unknown code stays readable. */
export function formatAmount(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${currency.toUpperCase()} (minor units)`;
  }
}

type Fields = (readonly [string, string | null | undefined])[];

const money = (minor: number | null | undefined, currency: string | null | undefined): string | null =>
  typeof minor === 'number' && typeof currency === 'string' ? formatAmount(minor, currency) : null;

const yesNo = (value: boolean | undefined): string | null => (value === undefined ? null : value ? 'yes' : 'no');

/** The family's key fields; unknown families fall back to status, name and e-mail. */
function familyFields(family: string, data: unknown, base: z.output<typeof common>): Fields {
  const shaped = <S extends z.ZodType>(schema: S): Partial<z.output<S>> => {
    const parsed = schema.safeParse(data);
    return parsed.success ? parsed.data : {};
  };
  switch (family) {
    case 'order': {
      const o = shaped(orderShape);
      return [
        ['Customer', o.customer?.email], ['Amount', money(o.total_amount, o.currency)], ['Product', o.product?.name],
        ['Status', base.status], ['Billing reason', o.billing_reason], ['Invoice number', o.invoice_number],
        ['Receipt number', o.receipt_number],
        ['Refunded', o.refunded_amount ? money(o.refunded_amount, o.currency) : null],
      ];
    }
    case 'subscription': {
      const s = shaped(subscriptionShape);
      const price = money(s.amount, s.currency);
      return [
        ['Customer', s.customer?.email], ['Amount', price !== null && s.recurring_interval ? `${price} / ${s.recurring_interval}` : price],
        ['Product', s.product?.name], ['Status', base.status], ['Cancels at period end', yesNo(s.cancel_at_period_end)],
        ['Ends at', s.ends_at], ['Cancellation reason', s.customer_cancellation_reason],
      ];
    }
    case 'checkout': {
      const c = shaped(checkoutShape);
      return [['Customer', c.customer_email], ['Amount', money(c.total_amount, c.currency)], ['Product', c.product?.name], ['Status', base.status]];
    }
    case 'customer': {
      const c = shaped(customerShape);
      return [
        ['E-mail', base.email], ['Name', base.name], ['External id', c.external_id],
        ['Active subscriptions', c.active_subscriptions === undefined ? null : String(c.active_subscriptions.length)],
        ['Granted benefits', c.granted_benefits === undefined ? null : String(c.granted_benefits.length)],
      ];
    }
    case 'refund': {
      const r = shaped(refundShape);
      return [['Amount', money(r.amount, r.currency)], ['Status', base.status], ['Reason', r.reason], ['Order', r.order_id]];
    }
    case 'product': {
      const p = shaped(productShape);
      const price = p.prices?.[0];
      const priceText = price === undefined ? null
        : price.amount_type === 'fixed' ? money(price.price_amount, price.price_currency)
          : price.amount_type === 'free' ? 'free' : price.amount_type === 'custom' ? 'pay what you want' : price.amount_type;
      return [
        ['Name', base.name], ['Price', priceText], ['Billing', p.recurring_interval ? `every ${p.recurring_interval}` : 'one-time'],
        ['Archived', yesNo(p.is_archived)],
      ];
    }
    case 'benefit': {
      const b = shaped(benefitShape);
      return [['Type', b.type], ['Description', b.description]];
    }
    case 'benefit_grant': {
      const g = shaped(grantShape);
      const state = g.is_revoked === true ? 'revoked' : g.is_granted === true ? 'granted' : g.is_granted === false ? 'pending' : null;
      return [['Customer', g.customer?.email], ['Benefit', g.benefit?.description], ['Benefit type', g.benefit?.type], ['Status', state]];
    }
    case 'organization':
      return [['Name', base.name], ['Slug', shaped(organizationShape).slug]];
    case 'discount': {
      const d = shaped(discountShape);
      const off = d.type === 'percentage' && typeof d.basis_points === 'number' ? `${d.basis_points / 100} %` : money(d.amount, d.currency);
      return [['Name', base.name], ['Code', d.code], ['Discount', off]];
    }
    default:
      return [['Status', base.status], ['Name', base.name], ['E-mail', base.email]];
  }
}

const GOOD = new Set(['paid', 'active', 'succeeded', 'confirmed', 'granted', 'uncanceled', 'resumed', 'created', 'cycled']);
const BAD = new Set(['canceled', 'revoked', 'refunded', 'partially_refunded', 'deleted', 'expired', 'failed', 'past_due', 'paused']);

function toneOf(action: string, status: string | null | undefined): SummaryTone {
  if (BAD.has(action)) return 'bad';
  if (GOOD.has(action)) return 'good';
  if (typeof status === 'string' && BAD.has(status)) return 'bad';
  return 'neutral';
}

const humanize = (word: string): string => word.replace(/_/g, ' ');

/** A short, readable summary of one webhook event, built from its wire data. */
export function summarizeEvent(type: string, timestamp: string, data: unknown): EventSummary {
  const dot = type.indexOf('.');
  const family = dot < 0 ? type : type.slice(0, dot);
  const action = dot < 0 ? '' : type.slice(dot + 1);
  const parsedBase = common.safeParse(data);
  const base = parsedBase.success ? parsedBase.data : {};
  const title = `${humanize(family).replace(/^./, (c) => c.toUpperCase())} ${humanize(action)}`.trim();
  const fields = familyFields(family, data, base)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([label, value]) => ({ label, value }));
  return { type, title, objectId: base.id ?? null, fields, tone: toneOf(action, base.status), timestamp };
}
