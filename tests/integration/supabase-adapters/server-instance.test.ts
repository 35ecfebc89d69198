// Server instances and the holds and conversation turns tied to them on the Supabase stand-in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationTurns } from '../../../adapters/supabase/supabase-conversation-turns.js';
import { SupabaseServerInstance } from '../../../adapters/supabase/supabase-server-instance.js';
import { SupabaseUsageLedger } from '../../../adapters/supabase/supabase-usage-ledger.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { StandInUsers, serviceClient } from './adapter-harness.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

const rows = async <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const holdRows = (userId: string) =>
  rows<{ instance_id: string | null; expires_at: Date; deadline: Date | null }>('select instance_id, expires_at, deadline from public.credit_holds where user_id = $1 order by created_at', [userId]);

async function setup(leaseSeconds = 30) {
  const userId = await new StandInUsers(supabase).create();
  await rows('update public.profiles set credits = 100 where id = $1', [userId]);
  const instance = new SupabaseServerInstance(serviceClient(supabase), { leaseSeconds });
  const ledger = new SupabaseUsageLedger(serviceClient(supabase), { instanceId: () => instance.holdOwner() });
  return { userId, instance, ledger, name: `host-${randomUUID()}:3000` };
}

describe('credit holds tied to a server instance', () => {
  it('before registering, holds last their ttl; after, they follow the lease (renewed by the heartbeat), capped by the ttl', async () => {
    const { userId, instance, ledger, name } = await setup(30);
    expect((await ledger.holdCredits({ userId, amount: 5, ttlSeconds: 900 })).success).toBe(true);
    expect((await instance.register(name)).success).toBe(true);
    expect((await ledger.holdCredits({ userId, amount: 5, ttlSeconds: 900 })).success).toBe(true);
    const [plain, tied] = await holdRows(userId);
    expect(plain!.instance_id).toBeNull();
    expect(tied!.instance_id).toBe(instance.id);
    const lease = (tied!.expires_at.getTime() - Date.now()) / 1000;
    expect(lease).toBeGreaterThan(20);
    expect(lease).toBeLessThanOrEqual(30);
    expect(await instance.renew()).toEqual({ success: true, data: 'renewed' });
    const [, renewed] = await holdRows(userId);
    expect(renewed!.expires_at.getTime()).toBeGreaterThanOrEqual(tied!.expires_at.getTime());
    expect(renewed!.expires_at.getTime()).toBeLessThanOrEqual(renewed!.deadline!.getTime());
  });

  it('a restart under the same name ends the previous incarnation: its open holds are released and counted', async () => {
    const { userId, instance, ledger, name } = await setup();
    await instance.register(name);
    await ledger.holdCredits({ userId, amount: 40, ttlSeconds: 900 });
    await ledger.holdCredits({ userId, amount: 60, ttlSeconds: 900 });
    const refused = await ledger.holdCredits({ userId, amount: 1, ttlSeconds: 900 });
    expect(refused.success ? null : refused.error.code).toBe('insufficient_credits');

    const restarted = new SupabaseServerInstance(serviceClient(supabase), { leaseSeconds: 30 });
    const registered = await restarted.register(name);
    expect(registered).toEqual({ success: true, data: { endedInstances: 1, releasedHolds: 2, releasedCredits: 100 } });
    expect(await holdRows(userId)).toEqual([]);
    const ledger2 = new SupabaseUsageLedger(serviceClient(supabase), { instanceId: () => restarted.holdOwner() });
    expect((await ledger2.holdCredits({ userId, amount: 100, ttlSeconds: 900 })).success).toBe(true);
    // The old incarnation, if it was only slow and not dead, finds out at its next beat and registers again.
    expect(await instance.renew()).toEqual({ success: true, data: 'registered_again' });
  });

  it('a lapsed lease: the holds stop counting; another instance registering removes the dead one', async () => {
    const { userId, instance, ledger, name } = await setup();
    await instance.register(name);
    await ledger.holdCredits({ userId, amount: 100, ttlSeconds: 900 });
    // Time passing as the database sees it: the dead server's lease and holds are dated back.
    await rows("update public.server_instances set lease_until = now() - interval '1 second' where id = $1", [instance.id]);
    await rows("update public.credit_holds set expires_at = now() - interval '1 second' where instance_id = $1", [instance.id]);
    // The instance, alive after all, can still hold: untied (its ttl) until it registers again.
    expect((await ledger.holdCredits({ userId, amount: 100, ttlSeconds: 900 })).success).toBe(true);
    expect((await holdRows(userId)).at(-1)?.instance_id).toBeNull();
    await rows('delete from public.credit_holds where user_id = $1 and instance_id is null', [userId]);
    const other = new SupabaseServerInstance(serviceClient(supabase), { leaseSeconds: 30 });
    const registered = await other.register(`other-${randomUUID()}`);
    expect(registered.success && registered.data.endedInstances).toBeGreaterThanOrEqual(1);
    expect(await rows('select 1 from public.server_instances where id = $1', [instance.id])).toEqual([]);
    const ledger2 = new SupabaseUsageLedger(serviceClient(supabase), { instanceId: () => other.holdOwner() });
    expect((await ledger2.holdCredits({ userId, amount: 100, ttlSeconds: 900 })).success).toBe(true);
  });

  it('a clean stop ends the instance and drops its open holds; the functions are the service role\'s only', async () => {
    const { userId, instance, ledger, name } = await setup();
    await instance.register(name);
    await ledger.holdCredits({ userId, amount: 10, ttlSeconds: 900 });
    expect((await instance.end()).success).toBe(true);
    expect(await holdRows(userId)).toEqual([]);
    const callers = await rows<{ fn: string; role: string }>(
      `select p.proname as fn, r.rolname as role from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       cross join (values ('anon'), ('authenticated'), ('service_role')) as r(rolname)
       where n.nspname = 'public' and p.proname in ('register_server_instance', 'renew_server_instance', 'end_server_instance')
         and has_function_privilege(r.rolname, p.oid, 'execute') order by 1, 2`,
      [],
    );
    expect(callers.map((c) => c.role)).toEqual(['service_role', 'service_role', 'service_role']);
  });
});

describe('conversation turns tied to a server instance', () => {
  const turnsOf = (instance: SupabaseServerInstance) => new SupabaseConversationTurns(serviceClient(supabase), { instanceId: () => instance.holdOwner() });
  const ask = (content: string) => ({ role: 'user' as const, content, modelId: 'offline', modelIds: ['offline'], inputTokens: null, outputTokens: null });

  it('a crashed server\'s turn (and the holds taken with it) end with its instance: a restart frees the conversation at once', async () => {
    const { userId, instance, name } = await setup();
    await instance.register(name);
    const started = await turnsOf(instance).start({
      userId, conversationId: null, title: 'Left running', message: ask('A long answer'), ttlSeconds: 900,
      holds: [{ modelId: 'offline', amount: 30 }], holdTtlSeconds: 900,
    });
    if (!started.success) throw new Error(started.error.message);
    const conversationId = started.data.conversation.id;
    const [turn] = await rows<{ instance_id: string; expires_at: Date }>('select instance_id, expires_at from public.conversation_turns where conversation_id = $1', [conversationId]);
    expect(turn!.instance_id).toBe(instance.id);
    expect((turn!.expires_at.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(30);
    // The server "crashes" (no release) and comes back under the same name.
    const restarted = new SupabaseServerInstance(serviceClient(supabase), { leaseSeconds: 30 });
    expect(await restarted.register(name)).toEqual({ success: true, data: { endedInstances: 1, releasedHolds: 1, releasedCredits: 30 } });
    const claimed = await turnsOf(restarted).claim({ userId, conversationId, ttlSeconds: 900 });
    expect(claimed.success ? 'ok' : claimed.error.code).toBe('ok');
  });

  it('the heartbeat extends the instance\'s turns up to their ttl', async () => {
    const { userId, instance, name } = await setup(5);
    await instance.register(name);
    const started = await turnsOf(instance).start({ userId, conversationId: null, title: 'Running', message: ask('Go on'), ttlSeconds: 900 });
    if (!started.success) throw new Error(started.error.message);
    await rows("update public.conversation_turns set expires_at = now() + interval '1 second' where conversation_id = $1", [started.data.conversation.id]);
    expect(await instance.renew()).toEqual({ success: true, data: 'renewed' });
    const [turn] = await rows<{ expires_at: Date; deadline: Date }>('select expires_at, deadline from public.conversation_turns where conversation_id = $1', [started.data.conversation.id]);
    expect((turn!.expires_at.getTime() - Date.now()) / 1000).toBeGreaterThan(3);
    expect(turn!.expires_at.getTime()).toBeLessThanOrEqual(turn!.deadline.getTime());
  });
});
