import { afterAll, describe, expect, it } from 'vitest';
import { productWithBenefits, purchase, uploadFile } from './benefits-usage-harness.js';
import { must, removeDir, startTestSandbox, tempDir } from './sandbox-harness.js';

const dir = tempDir();
afterAll(() => removeDir(dir));

describe('benefits-and-usage state persists across a restart', () => {
  it('license keys, activations, events, meters, files and their bytes, custom fields are all there after a restart', async () => {
    const first = await startTestSandbox({ dataDir: dir });
    const meter = await first.api('POST', '/v1/meters/', { name: 'Calls', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } });
    const meterId = (meter.body as { id: string }).id;
    const licence = must(await first.client.benefits.create({ type: 'license_keys', description: 'Licence', properties: { activations: { limit: 1, enableCustomerAdmin: false } } }));
    const credit = must(await first.client.benefits.create({ type: 'meter_credit', description: 'Credits', properties: { units: 10, rollover: false, meterId } }));
    const buyer = await purchase(first, (await productWithBenefits(first, [licence.id, credit.id])).id, 'restart');
    const key = must(await first.client.licenseKeys.list()).items[0];
    must(await first.client.customerPortal.licenseKeys.activate({ key: key?.key as string, organizationId: first.seed.organizationId, label: 'pc' }));
    must(await first.client.events.ingest({ events: [{ name: 'call', customerId: buyer.customerId }, { name: 'call', customerId: buyer.customerId }] }));
    const { done } = await uploadFile(first, Buffer.from('persisted bytes'), 'downloadable');
    must(await first.client.customFields.create({ type: 'checkbox', slug: 'ok', name: 'OK', properties: {} }));
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      const again = must(await second.client.licenseKeys.get({ id: key?.id as string }));
      expect(again.activations.map((a) => a.label)).toEqual(['pc']);
      expect(must(await second.client.customerMeters.list({ customerId: buyer.customerId })).items[0]).toMatchObject({ consumedUnits: 2, creditedUnits: 10, balance: 8 });
      expect(must(await second.client.events.list({ customerId: buyer.customerId, source: 'user' })).pagination.totalCount).toBe(2);
      expect(must(await second.client.files.list({ ids: [done.id] })).items[0]?.checksumSha256Hex).toBe(done.checksumSha256Hex);
      expect(must(await second.client.customFields.list()).items.map((f) => f.slug)).toEqual(['ok']);
      const session = (await second.api('POST', '/v1/customer-sessions/', { customer_id: buyer.customerId })).body as { token: string };
      expect(must(await second.client.customerPortal.licenseKeys.list({ customerSession: session.token })).items).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
