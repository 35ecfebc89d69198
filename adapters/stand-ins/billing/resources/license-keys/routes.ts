import type { Context, Hono } from 'hono';
import { licenseKeyActivate, licenseKeyDeactivate, licenseKeyUpdate, licenseKeyValidate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { notFound, orThrow } from '../../engine/errors.js';
import { isUuid, newId } from '../../engine/ids.js';
import { paginate, parseQuery, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody, parseOr422, readJsonBody } from '../../engine/validation.js';
import type { ActivationRecord, LicenseKeyRecord } from './records.js';
import { checkActivation, checkValidation, conditionsMatch } from './rules.js';
import { activationBaseWire, licenseKeyWire } from './wire.js';

const activationsOf = (ctx: SandboxContext, k: LicenseKeyRecord) =>
  sortRecords(ctx.db.activations.byIndex('key', k.id), [{ field: 'created_at', descending: false }], { created_at: (a) => a.created_at });

const withActivations = (ctx: SandboxContext, k: LicenseKeyRecord) => ({ ...licenseKeyWire(ctx, k), activations: activationsOf(ctx, k).map(activationBaseWire) });

function keyByValue(ctx: SandboxContext, organizationId: string, key: string): LicenseKeyRecord {
  const found = isUuid(organizationId) ? ctx.db.licenseKeys.oneByIndex('key', `${organizationId.toLowerCase()}|${key.toUpperCase()}`) : undefined;
  if (found === undefined) throw notFound('License key not found.');
  return found;
}

/** License keys: seller list/get/update/activation, portal list/get, public validate/activate/deactivate. */
export function registerLicenseKeys(app: Hono, ctx: SandboxContext): void {
  const keys = ctx.db.licenseKeys;
  const listQuery = querySchema({ organization_id: q.uuids().optional(), benefit_id: q.uuids().optional() });
  const byQuery = (list: LicenseKeyRecord[], query: { organization_id?: string[]; benefit_id?: string[] }) =>
    sortRecords(
      list.filter((k) => (query.organization_id === undefined || query.organization_id.includes(k.organization_id)) && (query.benefit_id === undefined || query.benefit_id.includes(k.benefit_id))),
      [{ field: 'created_at', descending: true }],
      { created_at: (k) => k.created_at },
    );

  const ownKey = (c: Context): LicenseKeyRecord => {
    const org = ctx.auth.organization(c);
    const key = keys.get(pathUuid(c.req.param('id')));
    if (key === undefined || key.organization_id !== org.id) throw notFound();
    return key;
  };

  app.get('/v1/license-keys', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    return json(paginate(byQuery(keys.byIndex('org', org.id), query), query, (k) => licenseKeyWire(ctx, k)));
  });

  app.get('/v1/license-keys/:id', (c) => json(withActivations(ctx, ownKey(c))));

  /** Only the keys sent are changed (the provider's exclude_unset). */
  app.patch('/v1/license-keys/:id', async (c) => {
    const key = ownKey(c);
    const raw = await readJsonBody(c.req.raw);
    const body = parseOr422(licenseKeyUpdate, raw, 'body');
    const sent = (name: string) => raw !== null && typeof raw === 'object' && name in raw;
    const saved = ctx.store.transaction(() =>
      keys.update(key.id, {
        modified_at: ctx.now(),
        ...(sent('status') && body.status != null ? { status: body.status } : {}),
        ...(sent('usage') ? { usage: body.usage } : {}),
        ...(sent('limit_activations') ? { limit_activations: body.limit_activations ?? null } : {}),
        ...(sent('limit_usage') ? { limit_usage: body.limit_usage ?? null } : {}),
        ...(sent('expires_at') ? { expires_at: body.expires_at == null ? null : new Date(body.expires_at).toISOString() } : {}),
      }),
    );
    return json(licenseKeyWire(ctx, saved));
  });

  app.get('/v1/license-keys/:id/activations/:activation_id', (c) => {
    const key = ownKey(c);
    const activation = ctx.db.activations.get(pathUuid(c.req.param('activation_id'), 'activation_id'));
    if (activation === undefined || activation.license_key_id !== key.id) throw notFound();
    return json({ ...activationBaseWire(activation), license_key: licenseKeyWire(ctx, key) });
  });

  // --- customer portal ---
  app.get('/v1/customer-portal/license-keys', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    return json(paginate(byQuery(keys.byIndex('customer', customer.id), query), query, (k) => licenseKeyWire(ctx, k)));
  });

  app.post('/v1/customer-portal/license-keys/validate', async (c) => {
    ctx.auth.optional(c);
    const body = await parseBody(c.req.raw, licenseKeyValidate);
    const key = keyByValue(ctx, body.organization_id, body.key);
    const now = ctx.clock.now();
    let activation: ActivationRecord | null = null;
    if (body.activation_id != null) {
      const found = isUuid(body.activation_id) ? ctx.db.activations.get(body.activation_id.toLowerCase()) : undefined;
      if (found === undefined || found.license_key_id !== key.id) throw notFound('License key activation not found.');
      if (!conditionsMatch(found.conditions, body.conditions)) throw notFound('License key does not match the required conditions.');
      activation = found;
    }
    const { usage } = orThrow(checkValidation(key, body, now));
    const saved = ctx.store.transaction(() => keys.update(key.id, { usage, validations: key.validations + 1, last_validated_at: now.toISOString() }));
    return json({ ...licenseKeyWire(ctx, saved), activation: activation === null ? null : activationBaseWire(activation) });
  });

  app.post('/v1/customer-portal/license-keys/activate', async (c) => {
    ctx.auth.optional(c);
    const body = await parseBody(c.req.raw, licenseKeyActivate);
    const key = keyByValue(ctx, body.organization_id, body.key);
    orThrow(checkActivation(key, ctx.db.activations.byIndex('key', key.id).length, ctx.clock.now()));
    const activation = ctx.store.transaction(() =>
      ctx.db.activations.put({
        id: newId(), created_at: ctx.now(), modified_at: null, license_key_id: key.id, label: body.label,
        conditions: body.conditions ?? {}, meta: body.meta ?? {},
      }),
    );
    return json({ ...activationBaseWire(activation), license_key: licenseKeyWire(ctx, key) });
  });

  app.post('/v1/customer-portal/license-keys/deactivate', async (c) => {
    ctx.auth.optional(c);
    const body = await parseBody(c.req.raw, licenseKeyDeactivate);
    const key = keyByValue(ctx, body.organization_id, body.key);
    const activation = isUuid(body.activation_id) ? ctx.db.activations.get(body.activation_id.toLowerCase()) : undefined;
    if (activation === undefined || activation.license_key_id !== key.id) throw notFound('License key activation not found.');
    ctx.store.transaction(() => ctx.db.activations.delete(activation.id));
    return noContent();
  });

  app.get('/v1/customer-portal/license-keys/:id', (c) => {
    const { customer } = ctx.auth.customer(c);
    const key = keys.get(pathUuid(c.req.param('id')));
    if (key === undefined || key.customer_id !== customer.id) throw notFound();
    return json(withActivations(ctx, key));
  });
}
