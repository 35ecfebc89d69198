import { CREATED, CUSTOM_FIELD_ID, ORG_ID } from './ids.js';

export const selectFieldWire = (over: Record<string, unknown> = {}) => ({
  id: CUSTOM_FIELD_ID,
  created_at: CREATED,
  modified_at: null,
  metadata: { team_size_bucket: true },
  type: 'select',
  slug: 'team_size',
  name: 'Team size',
  organization_id: ORG_ID,
  properties: {
    form_label: 'How many people use Ensemble?',
    options: [
      { value: 'solo', label: 'Just me' },
      { value: 'small', label: '2-10' },
    ],
  },
  ...over,
});

export const textFieldWire = (over: Record<string, unknown> = {}) => ({
  ...selectFieldWire(),
  type: 'text',
  slug: 'company',
  name: 'Company',
  metadata: {},
  properties: { form_label: 'Company', max_length: 120 },
  ...over,
});
