import { Command } from 'commander';
import { startSandbox } from './start-sandbox.js';

/** `npm run sandbox:billing -- --port 54380 --data .data/billing` */
const program = new Command('sandbox:billing')
  .description('Local, stateful server of the billing API (Polar) at /v1/...')
  .option('--port <port>', 'port to listen on', '54380')
  .option('--host <host>', 'interface to listen on', '127.0.0.1')
  .option('--data <dir>', 'data folder', '.data/billing')
  .option('--public-url <url>', 'base URL of hosted pages (default http://localhost:<port>)')
  .option('--webhook-url <url>', 'URL of the seeded webhook endpoint (first start: default http://localhost:3000/api/webhooks/billing; later: moves it)')
  .option('--rate-429 <share>', 'fault injection: share of 429 answers (0..1)', '0')
  .option('--rate-5xx <share>', 'fault injection: share of 5xx answers (0..1)', '0')
  .option('--latency <ms>', 'fault injection: added latency in ms', '0')
  .parse();

const options = program.opts<{ port: string; host: string; data: string; publicUrl?: string; webhookUrl?: string; rate429: string; rate5xx: string; latency: string }>();

const sandbox = await startSandbox({
  port: Number(options.port),
  host: options.host,
  dataDir: options.data,
  publicUrl: options.publicUrl,
  seed: options.webhookUrl === undefined ? {} : { webhookUrl: options.webhookUrl },
  faults: { rate429: Number(options.rate429), rate5xx: Number(options.rate5xx), latencyMs: Number(options.latency) },
});
const seed = sandbox.seed;
console.log(`billing sandbox listening on ${sandbox.url} (data in ${options.data})`);
if (seed !== null) {
  console.log(`  organization  ${seed.organizationSlug} ${seed.organizationId}`);
  console.log(`  access token  ${seed.accessToken}`);
  console.log(`  plan          ${seed.productId} (2500 usd cents / month)`);
  console.log(`  discount      ${seed.discountCode} ${seed.discountId}`);
  console.log(`  webhooks to   ${seed.webhookUrl} (secret in ${options.data}/seed.json)`);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
