import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { domainError, fail, ok, type Registration, type Result, type ServerInstance } from '../../core/shared/index.js';
import { fromRest } from './supabase-errors.js';

const registered = z.object({ ended_instances: z.number().int(), released_holds: z.number().int(), released_credits: z.number().int() });

/**
 * One running app server, as the database knows it (table `server_instances`, migration
 * 20261125714001): its credit holds (SupabaseUsageLedger with this `id`) last only while its lease
 * is renewed. `register` at start (ending the previous incarnation of the same `name`), `renew`
 * every few seconds, `end` on a clean stop. Service role only.
 */
export class SupabaseServerInstance implements ServerInstance {
  readonly id = randomUUID();
  private live = false;
  private name: string | null = null;

  constructor(
    private readonly service: SupabaseClient,
    readonly options: { readonly leaseSeconds: number },
  ) {}

  /** `name`: stable across restarts of this server (host and port); its earlier instances end now. */
  async register(name: string): Promise<Result<Registration>> {
    this.name = name;
    const { data, error, status } = await this.service.rpc('register_server_instance', { p_id: this.id, p_name: name, p_lease_seconds: this.options.leaseSeconds });
    if (error) return fail(fromRest(`Could not register server instance ${name}`, error, status));
    const parsed = registered.safeParse(data);
    if (!parsed.success) return fail(domainError('unexpected', `register_server_instance answered ${JSON.stringify(data)}`));
    this.live = true;
    return ok({ endedInstances: parsed.data.ended_instances, releasedHolds: parsed.data.released_holds, releasedCredits: parsed.data.released_credits });
  }

  /** Extends the lease (and the holds with it); registers again when the instance was taken for dead. */
  async renew(): Promise<Result<'renewed' | 'registered_again'>> {
    const { data, error, status } = await this.service.rpc('renew_server_instance', { p_id: this.id, p_lease_seconds: this.options.leaseSeconds });
    if (error) return fail(fromRest('Could not renew the server instance lease', error, status));
    if (data === true) return ok('renewed');
    if (this.name === null) return fail(domainError('unexpected', 'renew before register'));
    const again = await this.register(this.name);
    return again.success ? ok('registered_again') : again;
  }

  /** The id to tie holds to: null before `register` and after `end` (holds then last their ttl). */
  holdOwner(): string | null {
    return this.live ? this.id : null;
  }

  async end(): Promise<Result<void>> {
    this.live = false;
    const { error, status } = await this.service.rpc('end_server_instance', { p_id: this.id });
    return error ? fail(fromRest('Could not end the server instance', error, status)) : ok(undefined);
  }
}
