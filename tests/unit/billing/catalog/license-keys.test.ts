import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_TOKEN } from '../../../support/billing-fixtures/customers.js';
import { ACTIVATION_ID, BENEFIT_ID, LICENSE_KEY_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { activationWire, LICENSE_KEY, licenseKeyWire } from '../../../support/billing-fixtures/license-keys.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

const withActivations = () => ({ ...licenseKeyWire(), activations: [activationWire()] });

describe('license keys, seller side (billing-api-part-b.md §7 "License keys")', () => {
  const api = mockBilling();
  const keys = api.client.licenseKeys;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list by organization and benefit', async () => {
    api.json(200, page([licenseKeyWire()]));
    const answer = dataOf(await keys.list({ organizationId: ORG_ID, benefitId: BENEFIT_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/license-keys/']);
    expect(api.last().query.slice(0, 2)).toEqual([
      ['organization_id', ORG_ID],
      ['benefit_id', BENEFIT_ID],
    ]);
    expect(answer.items[0]).toMatchObject({ displayKey: '****-0A8B6D5E4F31', limitActivations: 3, customer: { email: 'ada@example.com' } });
  });

  it('billing-api-part-b.md §7: get answers the key with its activations, meta keys untouched', async () => {
    api.json(200, withActivations());
    const key = dataOf(await keys.get({ id: LICENSE_KEY_ID }));
    expect(api.last().path).toBe(`/v1/license-keys/${LICENSE_KEY_ID}`);
    expect(key.activations[0]).toMatchObject({ licenseKeyId: LICENSE_KEY_ID, meta: { hostName: 'ada-laptop', cpu_count: 8 } });
  });

  it('billing-api-part-b.md §3: update sends wire names and only the fields given (usage untouched)', async () => {
    api.json(200, licenseKeyWire({ status: 'disabled', limit_usage: 100 }));
    const key = dataOf(await keys.update({ id: LICENSE_KEY_ID, licenseKeyUpdate: { status: 'disabled', limitUsage: 100, expiresAt: '2027-01-01T00:00:00Z' } }));
    expect([api.last().method, api.last().path]).toEqual(['PATCH', `/v1/license-keys/${LICENSE_KEY_ID}`]);
    expect(api.last().body).toEqual({ status: 'disabled', limit_usage: 100, expires_at: '2027-01-01T00:00:00Z' });
    expect(key.status).toBe('disabled');
  });

  it('billing-api-part-b.md §7: an activation is fetched by key id and activation id', async () => {
    api.json(200, { ...activationWire(), license_key: licenseKeyWire() });
    const activation = dataOf(await keys.getActivation({ id: LICENSE_KEY_ID, activationId: ACTIVATION_ID }));
    expect(api.last().path).toBe(`/v1/license-keys/${LICENSE_KEY_ID}/activations/${ACTIVATION_ID}`);
    expect(activation.licenseKey.key).toBe(LICENSE_KEY);
  });

  it('billing-api-part-b.md §8: license key calls answer 401 Unauthorized and 404 ResourceNotFound', async () => {
    const calls = [
      () => keys.list(),
      () => keys.get({ id: LICENSE_KEY_ID }),
      () => keys.update({ id: LICENSE_KEY_ID, licenseKeyUpdate: { usage: 3 } }),
      () => keys.getActivation({ id: LICENSE_KEY_ID, activationId: ACTIVATION_ID }),
    ];
    for (const call of calls) {
      api.named(401, 'Unauthorized', 'Unauthorized');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'Unauthorized', statusCode: 401 });
    }
    for (const call of calls.slice(1)) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });
});

describe('license keys, customer portal (billing-api-part-b.md §7 "Customer portal")', () => {
  const api = mockBilling();
  const keys = api.client.customerPortal.licenseKeys;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §6: get sends the customer session token, not the access token', async () => {
    api.json(200, withActivations());
    dataOf(await keys.get({ customerSession: SESSION_TOKEN }, { id: LICENSE_KEY_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/customer-portal/license-keys/${LICENSE_KEY_ID}`]);
    expect(api.last().headers.authorization).toBe(`Bearer ${SESSION_TOKEN}`);
  });

  it('billing-api-part-b.md §7: validate posts the key with conditions kept as given', async () => {
    api.json(200, { ...licenseKeyWire({ validations: 8 }), activation: activationWire() });
    const validated = dataOf(
      await keys.validate({ key: LICENSE_KEY, organizationId: ORG_ID, activationId: ACTIVATION_ID, incrementUsage: 1, conditions: { majorVersion: 2 } }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/customer-portal/license-keys/validate']);
    expect(api.last().body).toEqual({
      key: LICENSE_KEY,
      organization_id: ORG_ID,
      activation_id: ACTIVATION_ID,
      increment_usage: 1,
      conditions: { majorVersion: 2 },
    });
    expect(validated).toMatchObject({ validations: 8, activation: { id: ACTIVATION_ID } });
  });

  it('billing-api-part-b.md §6: validate, activate and deactivate work without any token', async () => {
    const anonymous = mockBilling({ accessToken: '' });
    const open = anonymous.client.customerPortal.licenseKeys;
    anonymous.json(200, { ...activationWire(), license_key: licenseKeyWire() });
    const activation = dataOf(await open.activate({ key: LICENSE_KEY, organizationId: ORG_ID, label: 'ada-laptop', meta: { hostName: 'ada-laptop' } }));
    expect([anonymous.last().path, anonymous.last().headers.authorization]).toEqual(['/v1/customer-portal/license-keys/activate', undefined]);
    expect(anonymous.last().body).toEqual({ key: LICENSE_KEY, organization_id: ORG_ID, label: 'ada-laptop', meta: { hostName: 'ada-laptop' } });
    expect(activation.label).toBe('ada-laptop');

    anonymous.next({ status: 204 });
    expect(dataOf(await open.deactivate({ key: LICENSE_KEY, organizationId: ORG_ID, activationId: ACTIVATION_ID }))).toBeUndefined();
    expect(anonymous.last().path).toBe('/v1/customer-portal/license-keys/deactivate');
    expect(anonymous.last().body).toEqual({ key: LICENSE_KEY, organization_id: ORG_ID, activation_id: ACTIVATION_ID });
    anonymous.agent.assertNoPendingInterceptors();
  });

  it('billing-api-part-b.md §8: an activation past the limit answers 403 NotPermitted', async () => {
    api.named(403, 'NotPermitted', 'License key only allows 3 activations.');
    const error = errorOf(await keys.activate({ key: LICENSE_KEY, organizationId: ORG_ID, label: 'fourth' }));
    expect(error).toMatchObject({ kind: 'provider', error: 'NotPermitted', detail: 'License key only allows 3 activations.' });
  });

  it('billing-api-part-b.md §8: portal key calls answer 401 Unauthorized and 404 ResourceNotFound', async () => {
    const calls = [
      () => keys.get({ customerSession: SESSION_TOKEN }, { id: LICENSE_KEY_ID }),
      () => keys.validate({ key: LICENSE_KEY, organizationId: ORG_ID }),
      () => keys.activate({ key: LICENSE_KEY, organizationId: ORG_ID, label: 'x' }),
      () => keys.deactivate({ key: LICENSE_KEY, organizationId: ORG_ID, activationId: ACTIVATION_ID }),
    ];
    for (const call of calls) {
      api.named(401, 'Unauthorized', 'Unauthorized');
      expect(errorOf(await call())).toMatchObject({ error: 'Unauthorized' });
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });

  it('billing-api-part-b.md §6: the portal get without a session is refused before sending', async () => {
    const before = api.seen.length;
    expect(errorOf(await keys.get({ customerSession: '' }, { id: LICENSE_KEY_ID })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });
});
