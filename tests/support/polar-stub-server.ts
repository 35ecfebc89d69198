import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { productWire, discountWire } from './billing-wire/catalog.js';
import { checkoutWire } from './billing-wire/checkouts.js';
import { customerSessionWire, customerStateWire, customerWire, subscriptionWire } from './billing-wire/customers.js';
import { DISCOUNT_ID, PRODUCT_ID } from './billing-fixtures/ids.js';
import { localServer } from './local-http.js';

/**
 * A small stateful stand-in of the Polar calls the PolarBillingGateway makes, on loopback HTTP, until
 * the real billing sandbox exists. Answers use the wire fixtures, so they pass the client's schemas.
 */
export async function polarStubServer() {
  const checkouts = new Map<string, { externalId: string; email: string | null }>();
  const customers = new Map<string, ReturnType<typeof customerWire>>();
  type CancelFields = 'canceled_at' | 'ends_at' | 'customer_cancellation_reason' | 'customer_cancellation_comment';
  type StoredSubscription = Omit<ReturnType<typeof subscriptionWire>, CancelFields> & {
    canceled_at: string | null;
    ends_at: string | null;
    customer_cancellation_reason: unknown;
    customer_cancellation_comment: unknown;
  };
  const subscriptions: StoredSubscription[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const notFound = (res: ServerResponse) => json(res, 404, { error: 'ResourceNotFound', detail: 'Not found' });
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  };

  const server = await localServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const path = url.pathname;
      const route = `${req.method} ${path}`;
      if (req.headers.authorization !== 'Bearer polar_oat_stub') {
        return json(res, 401, { error: 'invalid_token', error_description: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' });
      }
      if (route === `GET /v1/products/${PRODUCT_ID}`) return json(res, 200, productWire());
      if (route === `GET /v1/discounts/${DISCOUNT_ID}`) return json(res, 200, discountWire());
      if (route === 'POST /v1/checkouts/') {
        const body = await readBody(req);
        const id = randomUUID();
        checkouts.set(id, { externalId: String(body.external_customer_id), email: (body.customer_email as string | null) ?? null });
        return json(res, 201, checkoutWire({ id, url: `http://stub/checkout/${id}`, external_customer_id: body.external_customer_id }));
      }
      if (route === 'GET /v1/subscriptions/') {
        const external = url.searchParams.getAll('external_customer_id');
        const active = url.searchParams.get('active') === 'true';
        const items = subscriptions.filter(
          (s) => external.includes(String(s.customer.external_id)) && (!active || ['active', 'trialing'].includes(s.status)),
        );
        return json(res, 200, { items, pagination: { total_count: items.length, max_page: 1 } });
      }
      const sub = /^PATCH \/v1\/subscriptions\/([^/]+)$/.exec(route);
      if (sub) {
        const index = subscriptions.findIndex((s) => s.id === sub[1]);
        const current = subscriptions[index];
        if (!current) return notFound(res);
        const body = await readBody(req);
        if (current.cancel_at_period_end) {
          return json(res, 403, { error: 'AlreadyCanceledSubscription', detail: 'This subscription is already canceled or will be at the end of the period.' });
        }
        const updated = {
          ...current,
          cancel_at_period_end: true,
          canceled_at: new Date().toISOString(),
          ends_at: current.current_period_end,
          customer_cancellation_reason: body.customer_cancellation_reason ?? null,
          customer_cancellation_comment: body.customer_cancellation_comment ?? null,
        };
        subscriptions[index] = updated;
        return json(res, 200, updated);
      }
      if (route === 'POST /v1/customer-sessions/') {
        const body = await readBody(req);
        const customer = customers.get(String(body.external_customer_id));
        if (!customer) {
          return json(res, 422, { error: 'PolarRequestValidationError', detail: [{ type: 'value_error', loc: ['body', 'customer_id'], msg: 'Customer does not exist.', input: null }] });
        }
        return json(res, 201, customerSessionWire({ customer_id: customer.id, customer }));
      }
      const state = /^GET \/v1\/customers\/external\/([^/]+)\/state$/.exec(route);
      if (state) {
        const externalId = decodeURIComponent(state[1]!);
        const customer = customers.get(externalId);
        if (!customer) return notFound(res);
        const active = subscriptions.filter((s) => s.customer.external_id === externalId && s.status === 'active');
        const template = customerStateWire().active_subscriptions[0]!;
        return json(res, 200, {
          ...customerStateWire(),
          ...customer,
          active_subscriptions: active.map((s) => ({
            ...template,
            id: s.id,
            status: s.status,
            cancel_at_period_end: s.cancel_at_period_end,
            canceled_at: s.canceled_at,
            ends_at: s.ends_at,
          })),
        });
      }
      return notFound(res);
    })().catch((error: unknown) => json(res, 500, { error: 'StubFailure', detail: String(error) }));
  });

  return {
    url: server.url,
    accessToken: 'polar_oat_stub',
    /** What paying on the hosted page does: a customer with an active subscription to the plan. */
    pay(checkoutId: string) {
      const checkout = checkouts.get(checkoutId);
      if (!checkout) throw new Error(`unknown checkout ${checkoutId}`);
      const customer =
        customers.get(checkout.externalId) ??
        customerWire({ id: randomUUID(), external_id: checkout.externalId, email: checkout.email ?? 'unknown@example.com' });
      customers.set(checkout.externalId, customer);
      subscriptions.push(subscriptionWire({ id: randomUUID(), customer, customer_id: customer.id }));
    },
    close: server.close,
  };
}
