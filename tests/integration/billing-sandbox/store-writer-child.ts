// Child process of engine-store.test.ts: writes transactions of two records each into a Store and
// prints "ack <n>" once each is acknowledged, until it is killed.
import { Store } from '@ensemble/billing-sandbox/engine';

const dir = process.argv[2] as string;
const store = new Store({ dataDir: dir, compactEvery: 50 });
const items = store.collection<{ id: string; n: number; pad: string }>('items');
const pairs = store.collection<{ id: string; n: number }>('pairs');
const pad = 'x'.repeat(2_000);
for (let n = 0; ; n += 1) {
  store.transaction(() => {
    items.put({ id: `item-${n}`, n, pad });
    pairs.put({ id: `pair-${n}`, n });
  });
  process.stdout.write(`ack ${n}\n`);
}
