import type { ValidationItem } from './provider-failure.js';

interface Address {
  readonly country: string;
  readonly state?: string | null;
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly city?: string | null;
  readonly postal_code?: string | null;
}

export type FieldMode = 'required' | 'optional' | 'disabled';
export interface BillingAddressFields {
  readonly country: FieldMode;
  readonly state: FieldMode;
  readonly city: FieldMode;
  readonly postal_code: FieldMode;
  readonly line1: FieldMode;
  readonly line2: FieldMode;
}

/** Which address fields a checkout asks for (the provider's `billing_address_fields`). */
export function billingAddressFields(input: {
  readonly address: Address | null;
  readonly requireBillingAddress: boolean;
  readonly isBusinessCustomer: boolean;
}): BillingAddressFields {
  const country = input.address?.country ?? null;
  const full = input.requireBillingAddress || input.isBusinessCustomer || country === 'US';
  const onFull = (mode: FieldMode): FieldMode => (full ? mode : 'disabled');
  return {
    country: 'required',
    state: country === 'US' || country === 'CA' ? 'required' : onFull('optional'),
    line1: onFull('required'),
    line2: onFull('optional'),
    city: onFull('required'),
    postal_code: onFull('required'),
  };
}

export interface ConfirmFacts {
  readonly customerEmail: string | null;
  readonly customerKnown: boolean;
  readonly customerBillingName: string | null;
  readonly address: Address | null;
  readonly requireBillingAddress: boolean;
  readonly isBusinessCustomer: boolean;
  readonly isPaymentFormRequired: boolean;
  readonly confirmationTokenId: string | null;
}

const missing = (loc: readonly string[], msg = 'Field is required.'): ValidationItem => ({
  type: 'missing',
  loc: ['body', ...loc],
  msg,
  input: null,
});

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';

/**
 * The checks confirm runs after applying its update (reference §4 "Confirm"): e-mail unless a
 * customer is known; the billing address (as `billing_address_fields` requires it) when the payment
 * form is required; billing name for business customers; a confirmation token when the payment
 * form is required. All failures come back together, as one 422 list.
 */
export function confirmErrors(facts: ConfirmFacts): ValidationItem[] {
  const errors: ValidationItem[] = [];
  if (!facts.customerKnown && blank(facts.customerEmail)) errors.push(missing(['customer_email']));
  const fields = billingAddressFields({
    address: facts.address,
    requireBillingAddress: facts.requireBillingAddress,
    isBusinessCustomer: facts.isBusinessCustomer,
  });
  if (facts.isPaymentFormRequired || facts.requireBillingAddress || facts.isBusinessCustomer) {
    if (facts.address === null) {
      errors.push(missing(['customer_billing_address']));
    } else {
      for (const key of ['state', 'line1', 'city', 'postal_code'] as const) {
        if (fields[key] === 'required' && blank(facts.address[key])) errors.push(missing(['customer_billing_address', key]));
      }
    }
  }
  if (facts.isBusinessCustomer && blank(facts.customerBillingName)) errors.push(missing(['customer_billing_name']));
  if (facts.isPaymentFormRequired && blank(facts.confirmationTokenId)) {
    errors.push(missing(['confirmation_token_id'], 'Confirmation token is required.'));
  }
  return errors;
}
