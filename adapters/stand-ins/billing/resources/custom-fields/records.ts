import type { BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface CustomFieldRecord extends BaseRecord {
  readonly organization_id: string;
  readonly type: 'text' | 'number' | 'date' | 'checkbox' | 'select';
  readonly slug: string;
  readonly name: string;
  readonly metadata: Metadata;
  readonly properties: Record<string, unknown>;
}

export function customFieldCollections(store: Store) {
  return {
    customFields: store.collection<CustomFieldRecord>('custom_fields', {
      org: (f) => f.organization_id,
      slug: (f) => `${f.organization_id}|${f.slug}`,
    }),
  };
}
