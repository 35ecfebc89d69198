import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import { isUuid } from '../../engine/ids.js';
import type { CustomerRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { customerByExternalId } from '../customers/service.js';
import { createCustomerSession } from './service.js';
import { customerSessionWire } from './wire.js';

const returnUrl = z.url().nullable().optional();

/** `{customer_id}` or `{external_customer_id}` (alias `customer_external_id`). */
const sessionCreate = z.union([
  z.object({ customer_id: z.string().refine(isUuid, 'Input should be a valid UUID'), return_url: returnUrl }),
  z.object({ external_customer_id: z.string().min(1), return_url: returnUrl }),
  z.object({ customer_external_id: z.string().min(1), return_url: returnUrl }),
]);

export function registerCustomerSessions(app: Hono, ctx: SandboxContext): void {
  app.post('/v1/customer-sessions', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, sessionCreate);
    let customer: CustomerRecord | undefined;
    if ('customer_id' in body) {
      customer = ctx.db.customers.get(body.customer_id.toLowerCase());
      if (customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) {
        throw fieldError(['body', 'customer_id'], 'Customer does not exist.', body.customer_id);
      }
    } else {
      const [field, externalId] = 'external_customer_id' in body ? ['external_customer_id', body.external_customer_id] : ['customer_external_id', body.customer_external_id];
      customer = customerByExternalId(ctx, org.id, externalId);
      if (customer === undefined) throw fieldError(['body', field], 'Customer does not exist.', externalId);
    }
    const found = customer;
    const session = ctx.store.transaction(() => createCustomerSession(ctx, found.id, body.return_url ?? null));
    return json(customerSessionWire(ctx, session), 201);
  });
}
