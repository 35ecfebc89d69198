import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import type { FileRecord } from './records.js';
import { fileWire } from './wire.js';

/** Product `medias`: uploaded product_media files of the organization, kept in `product_extras`. */
export function registerProductMedia(ctx: SandboxContext): void {
  const { files, productExtras } = ctx.db;
  ctx.hooks.productWritten.push((org, productId, body) => {
    if (body.medias == null) return;
    body.medias.forEach((id, index) => {
      const file = files.get(id);
      if (file === undefined || file.organization_id !== org.id || file.deleted_at !== null || file.service !== 'product_media' || !file.is_uploaded) {
        throw fieldError(['body', 'medias', index], 'File does not exist.', id);
      }
    });
    const current = productExtras.get(productId) ?? { id: productId, custom_fields: [], media_ids: [] };
    productExtras.put({ ...current, media_ids: [...new Set(body.medias)] });
  });
  ctx.hooks.productExtras.push((product) => {
    const media = (productExtras.get(product.id)?.media_ids ?? []).map((id) => files.get(id)).filter((f): f is FileRecord => f !== undefined && f.deleted_at === null);
    return { medias: media.map((f) => fileWire(ctx, f)) };
  });
}
