import { createHash } from 'node:crypto';
import type { RedisConnection } from './redis-connection.js';

/**
 * A Lua script run by its hash (EVALSHA), loaded on first use and again after a Redis restart
 * (NOSCRIPT): the script's text crosses the network once, not with every call.
 */
export function redisScript(source: string): (redis: RedisConnection, keys: readonly string[], args: readonly string[]) => Promise<unknown> {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (redis, keys, args) => {
    const argv = [String(keys.length), ...keys, ...args];
    try {
      return await redis.sendCommand(['EVALSHA', sha, ...argv]);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return redis.sendCommand(['EVAL', source, ...argv]);
    }
  };
}
