import type { Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import { billingId } from '../arguments.js';
import type { Delivery } from '../billing-types.js';
import { type Column } from '../format/table.js';
import { formatDate, text } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';

const columns: Column<Delivery>[] = [
  { header: 'DELIVERY', cell: (d) => d.id },
  { header: 'WHEN', cell: (d) => formatDate(d.createdAt) },
  { header: 'RESULT', cell: (d) => (d.succeeded ? 'ok' : 'failed') },
  { header: 'HTTP', cell: (d) => text(d.httpCode), align: 'right' },
  { header: 'EVENT', cell: (d) => d.webhookEvent.id },
  { header: 'TYPE', cell: (d) => d.webhookEvent.type, max: 32 },
];

export function registerWebhooks(program: Command, act: Act): void {
  const webhooks = program.command('webhooks').description('webhook deliveries to the app');
  addPaging(
    webhooks
      .command('deliveries')
      .description('webhook delivery attempts, newest first')
      .option('--endpoint <id>', 'only deliveries to this endpoint', billingId('webhook endpoint')),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble webhooks deliveries --limit 20\n  $ ensemble webhooks deliveries --endpoint <endpoint-id>')
    .action(
      act<{ endpoint?: string } & Paging>(async (ctx, _a, o) =>
        streamListing(
          ctx,
          {
            noun: 'deliveries',
            subject: { noun: 'webhook endpoint', ...(o.endpoint ? { id: o.endpoint } : {}) },
            columns,
            list: (client: BillingClient) => client.webhooks.listDeliveries,
            request: { endpointId: o.endpoint },
          },
          o,
        ),
      ),
    );
  webhooks
    .command('redeliver')
    .description('send a webhook event again (e.g. after the app was down)')
    .argument('<event-id>', 'the event id (EVENT column of `webhooks deliveries`)', billingId('webhook event'))
    .addHelpText('after', '\nExamples:\n  $ ensemble webhooks redeliver <event-id>')
    .action(
      act(async (ctx, [id]) => {
        const eventId = String(id);
        await ctx.call({ noun: 'webhook event', id: eventId, listCommand: 'ensemble webhooks deliveries' }, (c) => c.webhooks.redeliverEvent({ id: eventId }));
        ctx.emitJson({ eventId, redelivery: 'queued' });
        ctx.line(`${ctx.style.green('Queued')} redelivery of event ${eventId}; \`ensemble webhooks deliveries\` shows the outcome.`);
      }),
    );
}
