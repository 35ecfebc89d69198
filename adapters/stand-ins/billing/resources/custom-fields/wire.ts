import type { CustomFieldRecord } from './records.js';

export function customFieldWire(f: CustomFieldRecord) {
  return {
    id: f.id, created_at: f.created_at, modified_at: f.modified_at, metadata: f.metadata, type: f.type, slug: f.slug, name: f.name,
    organization_id: f.organization_id, properties: f.properties,
  };
}
