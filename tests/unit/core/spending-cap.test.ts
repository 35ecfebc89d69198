import { describe, expect, it } from 'vitest';
import { makeRunChat } from '../../../core/chat/index.js';
import { MAX_MONTHLY_CREDIT_CAP, makeGetSpendingCap, makeSetSpendingCap, spendingCapReached } from '../../../core/credits/index.js';
import { NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';

/** A signed-in user with credits, and the cap's use cases over the ledger (as the server binds them). */
const world = async (credits = 1000) => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, credits);
  const deps = { ...w, spendingCaps: w.usageLedger };
  return { w, userId, getCap: makeGetSpendingCap(deps), setCap: makeSetSpendingCap(deps), runChat: makeRunChat(w) };
};

describe('the monthly spending cap: reading and setting it', () => {
  it('none at first; set, it shows with what remains; removed, none again; each save pushes spending_cap_set', async () => {
    const { w, getCap, setCap } = await world();
    expect(await getCap()).toEqual({ success: true, data: { cap: null, spent: 0, remaining: null } });
    expect(await setCap({ cap: 30 })).toEqual({ success: true, data: { cap: 30, spent: 0, remaining: 30 } });
    expect(await getCap()).toEqual({ success: true, data: { cap: 30, spent: 0, remaining: 30 } });
    expect(await setCap({ cap: null })).toEqual({ success: true, data: { cap: null, spent: 0, remaining: null } });
    expect(w.analytics.events).toEqual([
      { event: 'spending_cap_set', cap: 30 },
      { event: 'spending_cap_set', cap: null },
    ]);
  });

  it('a cap that is not a whole number from 1 to the maximum is refused with a precise message; nothing is saved or pushed', async () => {
    const { w, getCap, setCap } = await world();
    const cases: [unknown, string][] = [
      [{ cap: 0 }, 'cap must be at least 1 credit'],
      [{ cap: 1.5 }, 'cap must be a whole number of credits'],
      [{ cap: MAX_MONTHLY_CREDIT_CAP + 1 }, `cap must be at most ${MAX_MONTHLY_CREDIT_CAP} credits`],
      [{ cap: '5' }, 'cap must be a number of credits, or null to remove the cap'],
      [{}, 'cap must be a number of credits, or null to remove the cap'],
    ];
    for (const [input, message] of cases) {
      expect(await setCap(input as { cap: number })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message }) });
    }
    expect(await getCap()).toEqual({ success: true, data: { cap: null, spent: 0, remaining: null } });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §8: No authenticated user when signed out', async () => {
    const { w, getCap, setCap } = await world();
    await w.signOut();
    const refused = { success: false, error: expect.objectContaining({ code: 'not_authenticated', message: NO_AUTHENTICATED_USER }) };
    expect(await getCap()).toEqual(refused);
    expect(await setCap({ cap: 5 })).toEqual(refused);
  });

  it('the refusal names the cap, what was spent, what the send needs and what remains (never below 0)', () => {
    expect(spendingCapReached(10, 7, 5)).toEqual({
      code: 'spending_cap_reached',
      message: 'This send would pass your monthly spending cap: cap 10, spent 7 this month, this send holds 5, 3 remaining',
      details: { cap: 10, spent: 7, required: 5, remaining: 3 },
    });
    expect(spendingCapReached(10, 12, 1).details).toEqual({ cap: 10, spent: 12, required: 1, remaining: 0 });
  });
});

describe('the monthly spending cap: sends past it', () => {
  it('a new chat whose holds would pass the cap is refused with the whole send\'s numbers; nothing is held, written or shown, and the models asked beside it are stopped', async () => {
    const { w, userId, getCap, setCap, runChat } = await world();
    // What one model's answer to this message holds: the cap leaves room for it, not for two.
    await setCap({ cap: MAX_MONTHLY_CREDIT_CAP });
    const probe = await runChat({ message: 'hello', modelIds: ['echo-swift'] });
    if (!probe.success) throw new Error(probe.error.message);
    await readAll(probe.data.events);
    await probe.data.settled;
    const read = await getCap();
    if (!read.success) throw new Error(read.error.message);
    const spent = read.data.spent;
    expect(spent).toBeGreaterThan(0);
    w.modelGateway.requests.length = 0;
    const conversations = await w.conversationStore.listConversations(userId);

    await setCap({ cap: spent + 1 });
    const refused = await runChat({ message: 'hello', modelIds: ['echo-swift', 'echo-basic'] });
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(refused.error.code).toBe('spending_cap_reached');
    const { required } = refused.error.details as { required: number };
    expect(required).toBeGreaterThan(1);
    expect(refused.error.details).toEqual({ cap: spent + 1, spent, required, remaining: 1 });
    expect(await getCap()).toEqual({ success: true, data: { cap: spent + 1, spent, remaining: 1 } });
    // Asked beside the refused write, both models were stopped unread: nothing shown or charged.
    expect(w.modelGateway.requests.map((r) => [r.modelIds, r.signal?.aborted])).toEqual([[['echo-swift'], true], [['echo-basic'], true]]);
    expect(await w.conversationStore.listConversations(userId)).toEqual(conversations);
  });

  it('a follow-up whose first answer fits under the cap but not the second is refused whole, with the spending before it', async () => {
    const { w, userId, getCap, setCap, runChat } = await world();
    const first = await runChat({ message: 'hello', modelIds: ['echo-swift'] });
    if (!first.success) throw new Error(first.error.message);
    await readAll(first.data.events);
    await first.data.settled;
    const { conversationId } = first.data;
    const before = await getCap();
    if (!before.success) throw new Error(before.error.message);
    const spent = before.data.spent;
    const messages = await w.conversationStore.listMessages(userId, conversationId);
    // Room for one small answer (each holds at least a credit): the two together need more.
    await setCap({ cap: spent + 1 });
    const refused = await runChat({ conversationId, message: 'and more', modelIds: ['echo-swift', 'echo-basic'] });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'spending_cap_reached' }) });
    if (refused.success) return;
    expect(refused.error.details).toMatchObject({ cap: spent + 1, spent, remaining: 1 });
    expect((refused.error.details as { required: number }).required).toBeGreaterThan(1);
    expect(await getCap()).toEqual({ success: true, data: { cap: spent + 1, spent, remaining: 1 } });
    expect(await w.conversationStore.listMessages(userId, conversationId)).toEqual(messages);
  });
});
