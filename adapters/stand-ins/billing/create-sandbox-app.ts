import { join } from 'node:path';
import type { Hono } from 'hono';
import { SandboxClock } from './engine/clock.js';
import { buildAuth, organizationOf, type SandboxContext } from './engine/context.js';
import { FaultController, type FaultConfig } from './engine/faults.js';
import { createHooks } from './engine/hooks.js';
import { createHttpApp } from './engine/http-app.js';
import { Store } from './engine/store.js';
import { WebhookDispatcher, type WebhookOptions } from './engine/webhooks.js';
import { sandboxCollections } from './db.js';
import { SANDBOX_MODULES, type SandboxModule } from './modules.js';
import { seedOnFirstStart, type SeedInfo, type SeedOptions } from './seed.js';

export interface SandboxOptions {
  /** Folder for durable state (default: memory only when `memory` is true). */
  readonly dataDir?: string;
  readonly memory?: boolean;
  readonly clock?: SandboxClock;
  readonly faults?: FaultConfig;
  /** Base URL for hosted pages and `url` fields (default http://localhost:54380). */
  readonly publicUrl?: string;
  readonly webhooks?: WebhookOptions;
  /** Seed the organization, plan, discount and webhook endpoint on first start (default true). */
  readonly seed?: boolean | SeedOptions;
  readonly log?: (line: string) => void;
  /** Store tuning (tests and the benchmark). */
  readonly compactEvery?: number;
  readonly fsync?: boolean;
  /** Extra modules registered after the standard ones (tests). */
  readonly modules?: readonly SandboxModule[];
}

export interface SandboxApp {
  readonly app: Hono;
  readonly ctx: SandboxContext;
  /** What the first start seeded (also written to `<dataDir>/seed.json`); null when seeding is off. */
  readonly seed: SeedInfo | null;
  close(): Promise<void>;
}

const CLOCK_META = 'clock';

export function createSandboxApp(options: SandboxOptions = {}): SandboxApp {
  if (options.memory !== true && options.dataDir === undefined) throw new Error('createSandboxApp: pass dataDir, or memory: true');
  const log = options.log ?? ((line: string) => console.log(line));
  const store = new Store({
    ...(options.memory === true ? {} : { dataDir: options.dataDir }),
    compactEvery: options.compactEvery,
    fsync: options.fsync,
  });
  const db = sandboxCollections(store);
  const meta = store.collection<{ id: string; offset_ms: number }>('sandbox_meta');
  const clock = options.clock ?? new SandboxClock(meta.get(CLOCK_META)?.offset_ms ?? 0);
  clock.onAdvance(() => store.transaction(() => meta.put({ id: CLOCK_META, offset_ms: clock.offsetMs })));
  const faults = new FaultController(options.faults);
  const webhooks = new WebhookDispatcher(store, db, clock, options.webhooks);

  const ctx: SandboxContext = {
    store,
    db,
    clock,
    faults,
    webhooks,
    publicUrl: options.publicUrl ?? 'http://localhost:54380',
    now: () => clock.iso(),
    emit: (type, data, organizationId) => {
      const org = organizationId ?? organizationOf(data);
      if (org === undefined) throw new Error(`emit(${type}): no organization id in the data; pass it`);
      webhooks.emit(org, type, data);
    },
    auth: buildAuth(db, clock),
    hooks: createHooks(),
    log,
  };

  const app = createHttpApp(faults, log);
  for (const register of [...SANDBOX_MODULES, ...(options.modules ?? [])]) register(app, ctx);

  const seed =
    options.seed === false
      ? null
      : seedOnFirstStart(ctx, {
          ...(typeof options.seed === 'object' ? options.seed : {}),
          seedFile: options.dataDir === undefined || options.memory === true ? undefined : join(options.dataDir, 'seed.json'),
        });
  webhooks.resumePending();

  let closed = false;
  return {
    app,
    ctx,
    seed,
    close: async () => {
      if (closed) return;
      closed = true;
      webhooks.close();
      store.close();
    },
  };
}
