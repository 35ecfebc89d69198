import { customerWire } from './customers.js';
import { ACTIVATION_ID, BENEFIT_ID, CREATED, CUSTOMER_ID, LICENSE_KEY_ID, ORG_ID } from './ids.js';

export const LICENSE_KEY = 'ENSEMBLE-2F6A9C1E-7B4D-4E2A-9C1F-0A8B6D5E4F31';

export const licenseKeyWire = (over: Record<string, unknown> = {}) => {
  const customer = customerWire();
  return {
    id: LICENSE_KEY_ID,
    created_at: CREATED,
    modified_at: null,
    organization_id: ORG_ID,
    customer_id: CUSTOMER_ID,
    customer,
    benefit_id: BENEFIT_ID,
    key: LICENSE_KEY,
    display_key: '****-0A8B6D5E4F31',
    status: 'granted',
    limit_activations: 3,
    usage: 0,
    limit_usage: null,
    validations: 7,
    last_validated_at: '2026-03-03T09:00:00Z',
    expires_at: null,
    ...over,
  };
};

export const activationWire = (over: Record<string, unknown> = {}) => ({
  id: ACTIVATION_ID,
  created_at: CREATED,
  modified_at: null,
  license_key_id: LICENSE_KEY_ID,
  label: 'ada-laptop',
  meta: { hostName: 'ada-laptop', cpu_count: 8 },
  license_key: licenseKeyWire(),
  ...over,
});
