import type { Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import { billingId, nonEmpty, positiveInt } from '../arguments.js';
import type { Delivery } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { statusOf } from '../failures.js';
import { renderFields, renderTable, type Column } from '../format/table.js';
import { formatDate, text } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';
import { customerOfUser, findNamedUser } from '../user-billing.js';

/** What the app answered a delivery: its outcome, and the HTTP status when it failed. */
export interface AppAnswer {
  /** processed, duplicate, ignored, rejected (the app's words), or failed. */
  readonly outcome: string;
  readonly status: number | null;
  /** The reason of a rejection, the error code of a failure, or why nothing answered. */
  readonly detail: string | null;
}

const parsed = (body: string | null): Record<string, unknown> | null => {
  if (body === null || body.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const word = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The app's answer read from a delivery's response body (`{"outcome":…}`, or `{"error":…}` when it failed). */
export function answerOf(d: Pick<Delivery, 'succeeded' | 'httpCode' | 'response'>): AppAnswer {
  const body = parsed(d.response);
  if (d.succeeded) {
    return { outcome: word(body?.outcome) ?? 'accepted', status: d.httpCode, detail: word(body?.reason) ?? word(body?.message) };
  }
  if (d.httpCode === null) return { outcome: 'failed', status: null, detail: d.response === null ? 'no answer' : `no answer: ${d.response.slice(0, 120)}` };
  return { outcome: 'failed', status: d.httpCode, detail: word(body?.error) ?? word(body?.message) ?? (d.response?.slice(0, 120) || null) };
}

/** `processed`, `rejected (too_long)`, `failed 401 invalid_signature`, `failed (no answer)`. */
export function answerText(answer: AppAnswer): string {
  if (answer.outcome !== 'failed') return answer.detail !== null && answer.outcome === 'rejected' ? `rejected (${answer.detail})` : answer.outcome;
  if (answer.status === null) return `failed (${answer.detail ?? 'no answer'})`;
  return `failed ${answer.status}${answer.detail !== null ? ` ${answer.detail}` : ''}`;
}

const withAnswer = (d: Delivery) => ({ ...d, answer: answerOf(d) });

const columns: Column<Delivery>[] = [
  { header: 'DELIVERY', cell: (d) => d.id, id: true },
  { header: 'WHEN', cell: (d) => formatDate(d.createdAt) },
  { header: 'HTTP', cell: (d) => text(d.httpCode), align: 'right' },
  { header: 'ANSWER', cell: (d) => answerText(answerOf(d)), max: 36 },
  { header: 'EVENT', cell: (d) => d.webhookEvent.id, id: true },
  { header: 'TYPE', cell: (d) => d.webhookEvent.type, max: 32 },
];

/** `--type`: one of the provider's event types (the list is read on use, so `--help` loads no schema). */
async function eventType(value: string): Promise<string> {
  const { webhookEventTypes } = await import('@ensemble/billing-client/schemas');
  const known: readonly string[] = webhookEventTypes;
  if (known.includes(value)) return value;
  const near = known.filter((t) => t.startsWith(value.split('.')[0] ?? value));
  throw usageError(`--type takes a webhook event type, not "${value}"${near.length > 0 ? `: ${near.join(', ')}` : ` (e.g. subscription.updated, order.paid)`}`);
}

/** The billing customer whose id a payload names for `--user <email|user-id>` (its external id is the user id). */
async function customerNamedBy(ctx: CommandContext, reference: string): Promise<{ customerId: string; name: string }> {
  const user = await findNamedUser(ctx, reference);
  const name = user.email ?? user.id;
  const customer = await customerOfUser(ctx, user.id);
  if (customer === null) throw new CliError(`${name} has no billing customer on ${ctx.billingWhere.env} (they never reached checkout): no webhook names them`);
  return { customerId: customer.id, name };
}

interface Found {
  /** The deliveries of the event the id names, newest first. */
  readonly deliveries: readonly Delivery[];
  /** The delivery the id names, when it was a delivery id. */
  readonly delivery: Delivery | null;
}

/**
 * The deliveries of the event that `id` names (an event id or one of its delivery ids). The provider
 * has no call for one delivery, so the list is read newest first; once the event is known, only its
 * type is read on.
 */
async function findEvent(ctx: CommandContext, id: string, options: { firstOnly?: boolean } = {}): Promise<Found | null> {
  const client = await ctx.billing();
  const scan = async (request: { eventType?: string }, keep: (d: Delivery) => boolean, stop: () => boolean) => {
    try {
      for await (const page of client.webhooks.listDeliveries.pages({ limit: 100, ...(request.eventType ? { eventType: [request.eventType as never] } : {}) })) {
        for (const d of page.items) keep(d);
        if (stop()) return;
      }
    } catch (error) {
      throw ctx.billingError(error, { noun: 'webhook deliveries' });
    }
  };
  let first: Delivery | null = null;
  await scan(
    {},
    (d) => {
      if (first === null && (d.id === id || d.webhookEvent.id === id)) first = d;
      return true;
    },
    () => first !== null,
  );
  const match = first as Delivery | null;
  if (match === null) return null;
  if (options.firstOnly === true) return { deliveries: [match], delivery: match.id === id ? match : null };
  const all: Delivery[] = [];
  await scan({ eventType: match.webhookEvent.type }, (d) => d.webhookEvent.id === match.webhookEvent.id && all.push(d) > 0, () => false);
  const deliveries = all.some((d) => d.id === match.id) ? all : [match, ...all];
  return { deliveries, delivery: match.id === id ? (deliveries.find((d) => d.id === id) ?? match) : null };
}

const notFound = (ctx: CommandContext, id: string) =>
  new CliError(`No webhook event or delivery ${id} found on ${ctx.billingWhere.env}: check the id (\`ensemble webhooks deliveries\` lists them, DELIVERY and EVENT columns)`);

const prettyPayload = (payload: string | null): string => {
  if (payload === null) return '(archived: the payload is no longer kept)';
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

function printEvent(ctx: CommandContext, found: Found): void {
  const shown = found.delivery ?? found.deliveries[0]!;
  const event = shown.webhookEvent;
  const answer = answerOf(shown);
  const { bold, dim } = ctx.style;
  const attempt = found.deliveries.length - found.deliveries.findIndex((d) => d.id === shown.id);
  ctx.line(bold(`Event ${event.id}  ${event.type}`));
  for (const field of renderFields(
    [
      ['time', formatDate(event.createdAt)],
      ['delivery', `${shown.id} (attempt ${attempt} of ${found.deliveries.length}, ${formatDate(shown.createdAt)})`],
      ['HTTP status', text(shown.httpCode)],
      ['app answer', answerText(answer)],
    ],
    dim,
  )) {
    ctx.line(`  ${field}`);
  }
  ctx.line(bold('Payload'));
  for (const line of prettyPayload(event.payload).split('\n')) ctx.line(`  ${line}`);
  ctx.line(bold('App answer (response body)'));
  for (const line of (shown.response === null || shown.response === '' ? '(empty)' : prettyPayload(shown.response)).split('\n')) ctx.line(`  ${line}`);
  ctx.line(bold('Deliveries of this event'));
  const rows = renderTable<Delivery>(
    [
      { header: 'DELIVERY', cell: (d) => d.id, id: true },
      { header: 'WHEN', cell: (d) => formatDate(d.createdAt) },
      { header: 'HTTP', cell: (d) => text(d.httpCode), align: 'right' },
      { header: 'ANSWER', cell: (d) => answerText(answerOf(d)), max: 60 },
    ],
    found.deliveries,
    bold,
  );
  for (const line of rows) ctx.line(`  ${line}`);
}

const eventJson = (found: Found) => {
  const shown = found.delivery ?? found.deliveries[0]!;
  const payload = shown.webhookEvent.payload;
  let data: unknown = payload;
  try {
    data = payload === null ? null : JSON.parse(payload);
  } catch {
    // kept as text
  }
  return { event: { ...shown.webhookEvent, payload: data }, delivery: withAnswer(shown), deliveries: found.deliveries.map(withAnswer) };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a delivery of `eventId` not in `before`, polling the newest deliveries of its type. */
async function waitForDelivery(ctx: CommandContext, eventId: string, type: string, before: ReadonlySet<string>, timeoutSeconds: number): Promise<Delivery> {
  const client = await ctx.billing();
  const started = Date.now();
  const deadline = started + timeoutSeconds * 1_000;
  const progress = (text: string) => (ctx.io.isTTY ? ctx.io.stderr.write(`\r\u001b[K${ctx.style.dim(text)}`) : undefined);
  if (!ctx.io.isTTY) ctx.note(ctx.style.dim(`Waiting up to ${timeoutSeconds}s for the new delivery of event ${eventId}…`));
  try {
    for (;;) {
      const answer = await client.webhooks.listDeliveries({ limit: 100, eventType: [type as never] });
      if (!answer.success) throw ctx.billingError(answer.error, { noun: 'webhook deliveries' });
      const fresh = answer.data.items.filter((d) => d.webhookEvent.id === eventId && !before.has(d.id));
      // Newest first: the last fresh one is the first attempt of the redelivery.
      const first = fresh[fresh.length - 1];
      if (first !== undefined) return first;
      const waited = Math.round((Date.now() - started) / 1_000);
      if (Date.now() >= deadline) {
        throw new CliError(
          `No new delivery of event ${eventId} within ${timeoutSeconds}s (the redelivery is queued behind the endpoint's earlier events): \`ensemble webhooks show ${eventId}\` shows it once it is sent`,
        );
      }
      progress(`waiting for the delivery of event ${eventId}… ${waited}s of ${timeoutSeconds}s`);
      await pause(Math.min(500, Math.max(0, deadline - Date.now())));
    }
  } finally {
    if (ctx.io.isTTY) ctx.io.stderr.write('\r\u001b[K');
  }
}

interface DeliveriesOptions extends Paging {
  readonly endpoint?: string;
  readonly failed?: boolean;
  readonly type?: string;
  readonly user?: string;
}

export function registerWebhooks(program: Command, act: Act): void {
  const webhooks = program.command('webhooks').description('webhook deliveries to the app: list, show with payload and answer, redeliver');
  addPaging(
    webhooks
      .command('deliveries')
      .description("webhook delivery attempts, newest first, with the app's answer (processed, duplicate, ignored, or failed with its status)")
      .option('--endpoint <id>', 'only deliveries to this endpoint', billingId('webhook endpoint'))
      .option('--failed', 'only failed deliveries (no 2xx answer)')
      .option('--type <event-type>', 'only events of this type, e.g. subscription.updated', nonEmpty('--type'))
      .option('--user <email|user-id>', "only events whose payload names this user's billing customer", nonEmpty('--user')),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble webhooks deliveries --failed\n  $ ensemble webhooks deliveries --user ada@example.com --type subscription.updated\n  $ ensemble webhooks deliveries --endpoint <endpoint-id> --limit 20',
    )
    .action(
      act<DeliveriesOptions>(async (ctx, _a, o) => {
        const type = o.type === undefined ? undefined : await eventType(o.type);
        const customer = o.user === undefined ? undefined : await customerNamedBy(ctx, o.user);
        await streamListing(
          ctx,
          {
            noun: 'deliveries',
            subject: { noun: 'webhook endpoint', ...(o.endpoint ? { id: o.endpoint } : {}) },
            columns,
            list: (client: BillingClient) => client.webhooks.listDeliveries,
            request: {
              endpointId: o.endpoint,
              ...(o.failed ? { succeeded: false } : {}),
              ...(type ? { eventType: [type as never] } : {}),
              ...(customer ? { query: customer.customerId } : {}),
            },
            json: withAnswer,
          },
          o,
        );
      }),
    );
  webhooks
    .command('show')
    .description("one webhook event: type, time, HTTP status, the payload and the app's answer, and each delivery of it")
    .argument('<delivery-id|event-id>', 'a DELIVERY or EVENT id of `webhooks deliveries`', billingId('webhook delivery or event'))
    .addHelpText('after', '\nExamples:\n  $ ensemble webhooks show <delivery-id>\n  $ ensemble --json webhooks show <event-id> | jq .event.payload')
    .action(
      act(async (ctx, [raw]) => {
        const id = String(raw);
        const found = await findEvent(ctx, id);
        if (found === null) throw notFound(ctx, id);
        ctx.emitJson(eventJson(found));
        if (!ctx.json) printEvent(ctx, found);
      }),
    );
  webhooks
    .command('redeliver')
    .description('send a webhook event again (e.g. after the app was down); --wait prints what the app answered')
    .argument('<event-id|delivery-id>', 'an EVENT or DELIVERY id of `webhooks deliveries`', billingId('webhook event or delivery'))
    .option('--wait', "wait for the new delivery and print the app's answer (exit 1 when it failed)")
    .option('--timeout <seconds>', 'with --wait: the longest wait', positiveInt('--timeout', 3_600), 60)
    .option('--dry-run', 'say which event would be sent again, send nothing')
    .addHelpText('after', '\nExamples:\n  $ ensemble webhooks redeliver <event-id>\n  $ ensemble webhooks redeliver <delivery-id> --wait --timeout 30\n  $ ensemble webhooks redeliver <delivery-id> --dry-run')
    .action(
      act<{ wait?: boolean; timeout: number; dryRun?: boolean }>(async (ctx, [raw], o) => {
        const id = String(raw);
        const client = await ctx.billing();
        if (o.dryRun === true) {
          const event = (await findEvent(ctx, id, { firstOnly: true }))?.deliveries[0]?.webhookEvent;
          if (event === undefined) throw notFound(ctx, id);
          const environment = await ctx.environment();
          ctx.emitJson({ dryRun: true, environment: ctx.billingWhere.env, profile: (await ctx.profile()).name, eventId: event.id, type: event.type });
          ctx.line(`Dry run on ${environment}: would send event ${event.id} (${event.type})${event.id === id ? '' : ` of delivery ${id}`} again. Nothing changed.`);
          return;
        }
        // A delivery id is looked up first only when needed: an event id is redelivered at once.
        let found: Found | null = null;
        if (o.wait === true) {
          found = await findEvent(ctx, id);
          if (found === null) throw notFound(ctx, id);
        }
        let eventId = found?.deliveries[0]?.webhookEvent.id ?? id;
        let answer = await client.webhooks.redeliverEvent({ id: eventId });
        if (!answer.success && found === null && statusOf(answer.error) === 404) {
          found = await findEvent(ctx, id, { firstOnly: true });
          if (found === null) throw notFound(ctx, id);
          eventId = found.deliveries[0]!.webhookEvent.id;
          answer = await client.webhooks.redeliverEvent({ id: eventId });
        }
        if (!answer.success) throw ctx.billingError(answer.error, { noun: 'webhook event', id: eventId, listCommand: 'ensemble webhooks deliveries' });
        const via = eventId === id ? '' : ` (of delivery ${id})`;
        if (o.wait !== true || found === null) {
          ctx.emitJson({ eventId, redelivery: 'queued' });
          ctx.line(`${ctx.style.green('Queued')} redelivery of event ${eventId}${via}; \`ensemble webhooks show ${eventId}\` shows the outcome.`);
          return;
        }
        const type = found.deliveries[0]!.webhookEvent.type;
        const delivery = await waitForDelivery(ctx, eventId, type, new Set(found.deliveries.map((d) => d.id)), o.timeout);
        const result = answerOf(delivery);
        ctx.emitJson({ eventId, redelivery: 'delivered', delivery: withAnswer(delivery) });
        const line = `Redelivered event ${eventId}${via} (${type}): delivery ${delivery.id}, HTTP ${text(delivery.httpCode)}, ${answerText(result)}`;
        if (result.outcome === 'failed') {
          ctx.line(line);
          throw new CliError(`The app did not take the redelivered event ${eventId}: ${answerText(result)}`);
        }
        ctx.line(`${ctx.style.green('Redelivered')}${line.slice('Redelivered'.length)}`);
      }),
    );
}
