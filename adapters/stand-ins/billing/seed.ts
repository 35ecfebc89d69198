import { chmodSync, closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { webhookEventTypes } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from './engine/context.js';
import { newId } from './engine/ids.js';
import { createAccessToken, createOrganizationRecord } from './resources/organizations/service.js';
import { createWebhookEndpoint } from './resources/webhooks/service.js';

export interface SeedOptions {
  /** Where the app receives webhooks (default http://localhost:3000/api/webhooks/billing). */
  readonly webhookUrl?: string;
  /** Where to write the seed for the app to read (`<dataDir>/seed.json`). */
  readonly seedFile?: string | undefined;
  /** The seeded plan's name and description (default `DEFAULT_SEED_PLAN`): the app passes its own. */
  readonly plan?: SeedPlanText;
}

export interface SeedPlanText {
  readonly name: string;
  readonly description: string;
}

/** The seeded plan's text when the caller names none: the sandbox's own, no product's. */
export const DEFAULT_SEED_PLAN: SeedPlanText = {
  name: 'Monthly plan',
  description: 'A fixed monthly price with two custom benefits.',
};

/** What the app needs to talk to the seeded sandbox; also `<dataDir>/seed.json`. */
export interface SeedInfo {
  readonly organizationId: string;
  readonly organizationSlug: string;
  readonly accessToken: string;
  readonly productId: string;
  readonly priceId: string;
  readonly discountId: string;
  readonly discountCode: string;
  readonly benefitIds: string[];
  readonly webhookEndpointId: string;
  readonly webhookUrl: string;
  readonly webhookSecret: string;
}

export const DEFAULT_WEBHOOK_URL = 'http://localhost:3000/api/webhooks/billing';
const SEED_META = 'seed';

/**
 * First start: one organization and its token, a plan (monthly, 2500 usd cents, two custom
 * benefits; its name and description from `options.plan`), WELCOME20 (20 % forever) and a webhook
 * endpoint to the local app for every event.
 * Later starts return the stored seed (and rewrite seed.json if it went missing); a different
 * `webhookUrl` (the app moved to another port) moves the seeded endpoint along, unless someone
 * pointed that endpoint elsewhere over the API since.
 */
export function seedOnFirstStart(ctx: SandboxContext, options: SeedOptions = {}): SeedInfo {
  const meta = ctx.store.collection<{ id: string; seed: SeedInfo }>('sandbox_meta');
  const stored = meta.get(SEED_META)?.seed;
  const seed = stored === undefined
    ? ctx.store.transaction(() => {
        const info = createSeed(ctx, options.webhookUrl ?? DEFAULT_WEBHOOK_URL, options.plan ?? DEFAULT_SEED_PLAN);
        meta.put({ id: SEED_META, seed: info });
        return info;
      })
    : followWebhookUrl(ctx, stored, options.webhookUrl, (info) => meta.put({ id: SEED_META, seed: info }));
  if (options.seedFile !== undefined) {
    // It holds the access token and the webhook secret: the owner's only, also when an earlier version wrote it.
    if (!sameFile(options.seedFile, seed)) writeAtomically(options.seedFile, `${JSON.stringify(seed, null, 2)}\n`);
    else chmodSync(options.seedFile, 0o600);
  }
  return seed;
}

function createSeed(ctx: SandboxContext, webhookUrl: string, plan: SeedPlanText): SeedInfo {
  const now = ctx.now();
  const org = createOrganizationRecord(ctx, { name: 'Ensemble', slug: 'ensemble', email: 'billing@ensemble.local', website: 'http://localhost:3000' });
  const token = createAccessToken(ctx, org.id, 'seed');
  const benefit = (description: string, note: string) =>
    ctx.db.benefits.put({
      id: newId(), created_at: now, modified_at: null, type: 'custom', description, selectable: true, deletable: true,
      is_deleted: false, organization_id: org.id, metadata: {}, properties: { note },
    });
  const benefits = [
    benefit('Every model side by side', 'Send one prompt to several models and compare the answers.'),
    benefit('Monthly credit allowance', 'Credits for model use, renewed every month.'),
  ];
  const productId = newId();
  const price = ctx.db.prices.put({
    id: newId(), created_at: now, modified_at: null, product_id: productId, amount_type: 'fixed', price_currency: 'usd',
    is_archived: false, price_amount: 2500,
  });
  ctx.db.products.put({
    id: productId, created_at: now, modified_at: null, organization_id: org.id, name: plan.name,
    description: plan.description, recurring_interval: 'month',
    recurring_interval_count: 1, is_archived: false, metadata: { plan: 'ensemble' }, price_ids: [price.id],
    benefit_ids: benefits.map((b) => b.id),
  });
  const discount = ctx.db.discounts.put({
    id: newId(), created_at: now, modified_at: null, organization_id: org.id, name: 'Welcome 20 %', code: 'WELCOME20',
    type: 'percentage', duration: 'forever', duration_in_months: null, amount: null, currency: null, basis_points: 2000,
    starts_at: null, ends_at: null, max_redemptions: null, redemptions_count: 0, metadata: {}, product_ids: [], deleted_at: null,
  });
  const endpoint = createWebhookEndpoint(ctx, org.id, { url: webhookUrl, events: webhookEventTypes, name: 'Ensemble app' });
  return {
    organizationId: org.id, organizationSlug: org.slug, accessToken: token.token, productId, priceId: price.id,
    discountId: discount.id, discountCode: 'WELCOME20', benefitIds: benefits.map((b) => b.id),
    webhookEndpointId: endpoint.id, webhookUrl, webhookSecret: endpoint.secret,
  };
}

function followWebhookUrl(ctx: SandboxContext, seed: SeedInfo, url: string | undefined, save: (seed: SeedInfo) => void): SeedInfo {
  if (url === undefined || url === seed.webhookUrl) return seed;
  const endpoint = ctx.db.webhookEndpoints.get(seed.webhookEndpointId);
  if (endpoint === undefined || endpoint.url !== seed.webhookUrl) return seed;
  return ctx.store.transaction(() => {
    ctx.db.webhookEndpoints.update(endpoint.id, { url, modified_at: ctx.now() });
    const moved = { ...seed, webhookUrl: url };
    save(moved);
    return moved;
  });
}

function sameFile(path: string, seed: SeedInfo): boolean {
  try {
    return readFileSync(path, 'utf8') === `${JSON.stringify(seed, null, 2)}\n`;
  } catch {
    return false;
  }
}

/** temp file + fsync + rename: readers see the old file or the new one, never half of one. */
export function writeAtomically(path: string, content: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
