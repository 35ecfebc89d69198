import type { Result } from './result.js';

/** What registering a server instance ended of earlier ones. */
export interface Registration {
  /** Earlier instances ended now: this server's previous incarnation, and any whose lease lapsed. */
  readonly endedInstances: number;
  /** Their open credit holds, dropped with them, and the credits those held. */
  readonly releasedHolds: number;
  readonly releasedCredits: number;
}

/**
 * One running app server as the shared database knows it: the credit holds it takes last only
 * while its lease is renewed, so a crashed server's holds are released by the next one to register.
 */
export interface ServerInstance {
  readonly id: string;
  /** `name`: stable across restarts of this server (host and port); its earlier instances end now. */
  register(name: string): Promise<Result<Registration>>;
  /** Renews the lease; `registered_again` when the instance had been taken for dead meanwhile. */
  renew(): Promise<Result<'renewed' | 'registered_again'>>;
  /** Ends the instance on a clean stop (its leftover holds go with it). */
  end(): Promise<Result<void>>;
}
