import { customerWire } from './customers.js';
import { CHECKOUT_ID, CREATED, CUSTOMER_ID, MODIFIED, ORDER_ID, PRICE_ID, PRODUCT_ID, SUBSCRIPTION_ID } from './ids.js';
import { customerOrganizationWire } from './organizations.js';
import { checkoutProductWire, productSummaryWire } from './products.js';
import { subscriptionCoreWire } from './subscriptions.js';

const amounts = {
  status: 'paid',
  paid: true,
  subtotal_amount: 1900,
  discount_amount: 0,
  net_amount: 1900,
  tax_amount: 380,
  total_amount: 2280,
  applied_balance_amount: 0,
  due_amount: 0,
  refunded_amount: 0,
  refunded_tax_amount: 0,
  currency: 'usd',
  billing_reason: 'subscription_create',
  billing_name: 'Ada Lovelace',
  billing_address: { line1: '12 Analytical Row', postal_code: 'EC1A 1BB', city: 'London', country: 'GB' },
  invoice_number: 'ENS-0001-0042',
  is_invoice_generated: false,
  customer_id: CUSTOMER_ID,
  product_id: PRODUCT_ID,
  discount_id: null,
  subscription_id: SUBSCRIPTION_ID,
  checkout_id: CHECKOUT_ID,
  items: [
    {
      id: 'f1f1f1f1-a2a2-4b3b-9c4c-d5d5d5d5d5d5',
      created_at: CREATED,
      modified_at: null,
      label: 'Ensemble Pro',
      amount: 1900,
      tax_amount: 380,
      proration: false,
      product_price_id: PRICE_ID,
    },
  ],
};

export const orderWire = (over: Record<string, unknown> = {}) => ({
  id: ORDER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  ...amounts,
  receipt_number: null,
  metadata: { source: 'web' },
  custom_field_data: { team_size: 'solo' },
  platform_fee_amount: 114,
  platform_fee_currency: 'usd',
  customer: customerWire(),
  product: productSummaryWire(),
  discount: null,
  subscription: { ...subscriptionCoreWire(), metadata: {} },
  description: 'Ensemble Pro',
  refundable_amount: 1900,
  refundable_tax_amount: 380,
  ...over,
});

export const customerOrderWire = (over: Record<string, unknown> = {}) => ({
  id: ORDER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  ...amounts,
  product: checkoutProductWire({ organization: customerOrganizationWire() }),
  subscription: subscriptionCoreWire(),
  description: 'Ensemble Pro',
  receipt_number: null,
  refundable_amount: 1900,
  refundable_tax_amount: 380,
  ...over,
});
