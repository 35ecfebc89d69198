import type { Store } from '../../engine/store.js';

/** One record per product (id = product id): what it carries beyond the catalog (custom fields, media files). */
export interface ProductExtrasRecord {
  readonly id: string;
  readonly custom_fields: { custom_field_id: string; required: boolean }[];
  readonly media_ids: string[];
}

export function productExtrasCollections(store: Store) {
  return {
    productExtras: store.collection<ProductExtrasRecord>('product_extras'),
  };
}
