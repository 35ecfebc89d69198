import type { Logger, Registration, Result, ServerInstance } from '../../core/shared/index.js';

export interface InstanceLease {
  /** Registers this server under `name` (ending its previous incarnation) and starts the heartbeat. */
  start(name: string): Promise<Result<Registration>>;
  /** Stops the heartbeat and ends the instance (its leftover holds go with it). */
  stop(): Promise<void>;
}

/** A lease of three heartbeats: one late or lost beat does not end a live server's holds. */
export const leaseSecondsFor = (heartbeatMs: number): number => Math.max(1, Math.ceil((3 * heartbeatMs) / 1000));

/** Keeps this server's instance alive in the shared database while it runs (ServerInstance). */
export function instanceLease(instance: ServerInstance, options: { heartbeatMs: number; logger: Logger }): InstanceLease {
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<unknown> = Promise.resolve();
  const beat = async () => {
    const renewed = await instance.renew();
    if (!renewed.success) options.logger.warn('The server instance lease could not be renewed; its credit holds lapse if this goes on', { error: renewed.error });
    else if (renewed.data === 'registered_again') options.logger.warn('The server instance had been taken for dead; registered again (its earlier holds were released)');
  };
  return {
    async start(name) {
      const registered = await instance.register(name);
      if (!registered.success) return registered;
      const r = registered.data;
      options.logger.info('server instance registered', { instanceId: instance.id, name, ...r });
      if (r.releasedHolds > 0) {
        options.logger.warn('Credit holds of an ended server were released', { releasedHolds: r.releasedHolds, releasedCredits: r.releasedCredits });
      }
      timer = setInterval(() => {
        beating = beat();
      }, options.heartbeatMs);
      timer.unref();
      return registered;
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await beating;
      const ended = await instance.end();
      if (!ended.success) options.logger.warn('The server instance could not be ended; its holds lapse with its lease', { error: ended.error });
    },
  };
}
