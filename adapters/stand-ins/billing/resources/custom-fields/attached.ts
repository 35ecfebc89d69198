import type { SandboxContext } from '../../engine/context.js';
import { fieldError, validationError } from '../../engine/errors.js';
import { customFieldDataErrors, type FieldSpec } from './rules.js';
import { customFieldWire } from './wire.js';

function attachedFields(ctx: SandboxContext, productId: string) {
  const { customFields, productExtras } = ctx.db;
  return (productExtras.get(productId)?.custom_fields ?? []).flatMap((a, order) => {
    const field = customFields.get(a.custom_field_id);
    return field === undefined ? [] : [{ field, order, required: a.required }];
  });
}

/**
 * Fields attached to products: stored from product bodies, shown on products and checkouts, and
 * checked against a checkout's `custom_field_data`.
 */
export function registerAttachedFields(ctx: SandboxContext): void {
  const { customFields, productExtras } = ctx.db;

  ctx.hooks.productWritten.push((org, productId, body) => {
    if (body.attached_custom_fields == null) return;
    body.attached_custom_fields.forEach((a, index) => {
      const field = customFields.get(a.custom_field_id);
      if (field === undefined || field.organization_id !== org.id) throw fieldError(['body', 'attached_custom_fields', index, 'custom_field_id'], 'Custom field does not exist.', a.custom_field_id);
    });
    const current = productExtras.get(productId) ?? { id: productId, custom_fields: [], media_ids: [] };
    const unique = [...new Map(body.attached_custom_fields.map((a) => [a.custom_field_id, { custom_field_id: a.custom_field_id, required: a.required }])).values()];
    productExtras.put({ ...current, custom_fields: unique });
  });

  const attachedWire = (productId: string) =>
    attachedFields(ctx, productId).map(({ field, order, required }) => ({ custom_field_id: field.id, custom_field: customFieldWire(field), order, required }));

  ctx.hooks.productExtras.push((product) => ({ attached_custom_fields: attachedWire(product.id) }));
  ctx.hooks.checkoutAttachedFields.push(attachedWire);

  ctx.hooks.checkoutFields.push((checkout, confirming) => {
    const specs: FieldSpec[] = attachedFields(ctx, checkout.product_id).map(({ field, required }) => ({ slug: field.slug, type: field.type, required, properties: field.properties }));
    const errors = customFieldDataErrors(specs, checkout.custom_field_data, confirming);
    if (errors.length > 0) throw validationError(errors);
  });
}
