import { afterEach, describe, expect, it } from 'vitest';
import { selectFieldWire, textFieldWire } from '../../../support/billing-fixtures/custom-fields.js';
import { CUSTOM_FIELD_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('custom fields (billing-api-part-b.md §7)', () => {
  const api = mockBilling();
  const fields = api.client.customFields;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list filters by several types and sorts by slug', async () => {
    api.json(200, page([selectFieldWire(), textFieldWire()]));
    const answer = dataOf(await fields.list({ organizationId: ORG_ID, type: ['select', 'text'], sorting: ['slug'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/custom-fields/']);
    expect(api.last().query.filter(([k]) => k === 'type')).toEqual([
      ['type', 'select'],
      ['type', 'text'],
    ]);
    expect(api.last().query).toContainEqual(['sorting', 'slug']);
    expect(answer.items.map((f) => f.type)).toEqual(['select', 'text']);
  });

  it('billing-api-part-b.md §5: a sixth custom field type is refused before sending', async () => {
    const before = api.seen.length;
    expect(errorOf(await fields.list({ type: 'color' as never })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: create posts wire names and answers 201 with the field', async () => {
    api.json(201, selectFieldWire());
    const field = dataOf(
      await fields.create({
        type: 'select',
        slug: 'team_size',
        name: 'Team size',
        organizationId: ORG_ID,
        metadata: { team_size_bucket: true },
        properties: { formLabel: 'How many people use Ensemble?', options: [{ value: 'solo', label: 'Just me' }] },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/custom-fields/']);
    expect(api.last().body).toEqual({
      type: 'select',
      slug: 'team_size',
      name: 'Team size',
      organization_id: ORG_ID,
      metadata: { team_size_bucket: true },
      properties: { form_label: 'How many people use Ensemble?', options: [{ value: 'solo', label: 'Just me' }] },
    });
    expect(field).toMatchObject({ id: CUSTOM_FIELD_ID, organizationId: ORG_ID, properties: { formLabel: 'How many people use Ensemble?' } });
  });

  it('billing-api-part-b.md §3: a select field needs options; the error names the camelCase path', async () => {
    const error = errorOf(await fields.create({ type: 'select', slug: 'team_size', name: 'Team size', properties: {} as never }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('body.properties.options');
  });

  it('billing-api-part-b.md §7: get, update (type required) and delete use /v1/custom-fields/{id}', async () => {
    api.json(200, textFieldWire());
    expect(dataOf(await fields.get({ id: CUSTOM_FIELD_ID })).slug).toBe('company');
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/custom-fields/${CUSTOM_FIELD_ID}`]);

    api.json(200, textFieldWire({ name: 'Company name' }));
    expect(dataOf(await fields.update({ id: CUSTOM_FIELD_ID, customFieldUpdate: { type: 'text', name: 'Company name' } })).name).toBe('Company name');
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { type: 'text', name: 'Company name' }]);

    // Properties are typed per variant: a text field's lengths, a select field's options.
    api.json(200, textFieldWire());
    dataOf(await fields.update({ id: CUSTOM_FIELD_ID, customFieldUpdate: { type: 'text', properties: { maxLength: 80, formLabel: 'Company' } } }));
    expect(api.last().body).toEqual({ type: 'text', properties: { max_length: 80, form_label: 'Company' } });

    api.next({ status: 204 });
    expect(dataOf(await fields.delete({ id: CUSTOM_FIELD_ID }))).toBeUndefined();
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/custom-fields/${CUSTOM_FIELD_ID}`]);
  });

  it('billing-api-part-b.md §3: an update without its type is refused', async () => {
    expect(errorOf(await fields.update({ id: CUSTOM_FIELD_ID, customFieldUpdate: { name: 'x' } as never })).kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §8: get, update and delete of an unknown field answer 404 ResourceNotFound', async () => {
    for (const call of [
      () => fields.get({ id: CUSTOM_FIELD_ID }),
      () => fields.update({ id: CUSTOM_FIELD_ID, customFieldUpdate: { type: 'checkbox' } }),
      () => fields.delete({ id: CUSTOM_FIELD_ID }),
    ]) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
    }
  });
});
