// The support program's billing actions at the use-case edge: what is refused before the journal is
// reached, on the in-memory journal.
import { describe, expect, it } from 'vitest';
import { makeAbandonSupportAction, makeBeginSupportAction, makeCompleteSupportAction, makeListPendingSupportActions } from '../../../core/account/index.js';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../../adapters/in-memory/in-memory-database.js';
import { InMemorySupportJournal } from '../../../adapters/in-memory/in-memory-support-journal.js';
import { InMemoryUsageLedger } from '../../../adapters/in-memory/in-memory-usage-ledger.js';

function world() {
  const clock = new InMemoryClock();
  const db = new InMemoryDatabase(clock);
  const supportJournal = new InMemorySupportJournal({ ledger: new InMemoryUsageLedger({ clock, balances: db.profileBalances() }), clock });
  return {
    begin: makeBeginSupportAction({ supportJournal }),
    complete: makeCompleteSupportAction({ supportJournal }),
    abandon: makeAbandonSupportAction({ supportJournal }),
    pending: makeListPendingSupportActions({ supportJournal }),
  };
}

const refund = { userId: null, operator: 'alice', action: 'refund' as const, subject: 'ord_1', amount: 500, currency: 'usd', reason: 'customer_request', comment: null, environment: 'local' };

describe('support actions: begin, complete, abandon, list pending', () => {
  it('begins a pending action, completes it with what the provider made, and lists only what is pending', async () => {
    const w = world();
    const begun = await w.begin(refund);
    expect(begun).toMatchObject({ success: true, data: { status: 'pending', subject: 'ord_1' } });
    if (!begun.success) return;
    expect(await w.pending()).toMatchObject({ success: true, data: [{ id: begun.data.id }] });
    expect(await w.complete({ id: ` ${begun.data.id} `, subject: 'ref_1', amount: 500, currency: 'usd' })).toMatchObject({ success: true, data: { status: 'done', subject: 'ref_1' } });
    expect(await w.pending()).toEqual({ success: true, data: [] });
  });

  it('refuses a bad action, operator, id or limit with a precise message, and writes nothing', async () => {
    const w = world();
    expect(await w.begin({ ...refund, action: 'grant' as never })).toMatchObject({ success: false, error: { code: 'validation', message: expect.stringContaining('Action must be one of cancel, resume, revoke, refund') } });
    expect(await w.begin({ ...refund, operator: '  ' })).toMatchObject({ success: false, error: { code: 'validation', message: expect.stringContaining('An operator name is required') } });
    expect(await w.begin({ ...refund, subject: '' })).toMatchObject({ success: false, error: { code: 'validation', message: expect.stringContaining('A subject is required') } });
    for (const id of ['', 'abc', '0', '-1', '1.5', '12345678901234567890']) {
      expect(await w.complete({ id, subject: 'ref_1', amount: null, currency: null })).toMatchObject({ success: false, error: { code: 'validation' } });
      expect(await w.abandon({ id })).toMatchObject({ success: false, error: { code: 'validation' } });
    }
    expect(await w.complete({ id: '1', subject: ' ', amount: null, currency: null })).toMatchObject({ success: false, error: { code: 'validation', message: expect.stringContaining('A subject is required') } });
    expect(await w.pending({ limit: 0 })).toMatchObject({ success: false, error: { code: 'validation' } });
    expect(await w.pending({ limit: 501 })).toMatchObject({ success: false, error: { code: 'validation' } });
    expect(await w.pending()).toEqual({ success: true, data: [] });
  });

  it('abandons only a pending action: an unknown id answers false', async () => {
    const w = world();
    const begun = await w.begin({ ...refund, action: 'cancel', subject: 'sub_1', amount: null, currency: null });
    if (!begun.success) throw new Error(begun.error.message);
    expect(await w.abandon({ id: begun.data.id })).toEqual({ success: true, data: true });
    expect(await w.abandon({ id: begun.data.id })).toEqual({ success: true, data: false });
    expect(await w.abandon({ id: '999' })).toEqual({ success: true, data: false });
  });
});
