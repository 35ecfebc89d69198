import { paginate, type Page } from './query.js';
import { jsonText, toJson } from './respond.js';
import type { Store } from './store.js';

/**
 * Pre-serialised wire views, kept beside the records they show. Records are immutable values (a
 * change puts a new object), so a view computed from its record alone is cached against that object
 * and a write invalidates it by replacing the record. A view that also reads other records (a product
 * shows its prices and benefits) is cached with the store's generation and the public URL it was
 * computed at, and computed again after any write or once the sandbox knows where it listens.
 */
export type RecordJson<R> = (record: R) => string;

/** JSON text of `view(record)`, for views computed from the record alone. */
export function recordJson<R extends object>(view: (record: R) => unknown): RecordJson<R> {
  const cache = new WeakMap<R, string>();
  return (record) => {
    let text = cache.get(record);
    if (text === undefined) {
      text = toJson(view(record));
      cache.set(record, text);
    }
    return text;
  };
}

/** JSON text of `view(record)`, for views that read other records or the public URL too. */
export function storeJson<R extends object>(source: { readonly store: Store; readonly publicUrl: string }, view: (record: R) => unknown): RecordJson<R> {
  const cache = new WeakMap<R, { generation: number; publicUrl: string; text: string }>();
  return (record) => {
    const { generation } = source.store;
    const found = cache.get(record);
    if (found !== undefined && found.generation === generation && found.publicUrl === source.publicUrl) return found.text;
    const text = toJson(view(record));
    cache.set(record, { generation, publicUrl: source.publicUrl, text });
    return text;
  };
}

/** A list page answered as the items' cached JSON joined: the same bytes as serialising the page whole. */
export function jsonPage<R>(records: readonly R[], page: Partial<Page>, itemJson: RecordJson<R>, status = 200): Response {
  const { items, pagination } = paginate(records, page, itemJson);
  return jsonText(`{"items":[${items.join(',')}],"pagination":${JSON.stringify(pagination)}}`, status);
}
