import { createBillingClient, type BillingClient } from '@ensemble/billing-client';
import { SUCCESS_TOKEN, must, runIn, type Run, type RunOptions } from './cli-harness.js';
import { startStackOnStandIns, type StackOnStandIns } from '../../support/app-on-stand-in.js';

export interface AppStack extends StackOnStandIns {
  readonly billing: BillingClient;
  /** Runs `ensemble --env <sandbox> ...` with the sandbox's token and the stand-in's service key. */
  run(argv: readonly string[], options?: RunOptions): Promise<Run>;
}

/**
 * The local stack as `npm start` runs it (the app server on the Supabase stand-in, the billing sandbox
 * delivering its webhooks to the app), and the support program pointed at it.
 */
export async function startAppStack(): Promise<AppStack> {
  const stack = await startStackOnStandIns();
  const seed = stack.sandbox.seed!;
  const env = { BILLING_ACCESS_TOKEN: seed.accessToken, SUPABASE_URL: stack.supabase.url, SUPABASE_SERVICE_ROLE_KEY: stack.supabase.serviceRoleKey };
  return {
    ...stack,
    billing: createBillingClient({ server: stack.sandbox.url, accessToken: seed.accessToken }),
    run: (argv, options = {}) => runIn(['--env', stack.sandbox.url, ...argv], { ...options, env: { ...env, ...options.env } }),
  };
}

/** A paid subscription to the seeded plan through a sandbox checkout, for the user `userId`, as the app's checkout makes it. */
export async function subscribeUser(stack: AppStack, email: string, userId: string) {
  const billing = stack.billing;
  const checkout = must(await billing.checkouts.create({ products: [stack.sandbox.seed!.productId], externalCustomerId: userId, customerEmail: email }));
  must(
    await billing.checkouts.client.confirm({
      clientSecret: checkout.clientSecret,
      checkoutConfirmStripe: { customerEmail: email, customerName: 'Ada Lovelace', customerBillingAddress: { country: 'FR' }, confirmationTokenId: SUCCESS_TOKEN },
    }),
  );
  const customerId = must(await billing.checkouts.get({ id: checkout.id })).customerId as string;
  return { customerId };
}

/** Bounded wait for something the stack does asynchronously (webhook deliveries). */
export async function until<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened`);
}
