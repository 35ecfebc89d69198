import type * as Redis from 'redis';

const open = ({ createClient }: typeof Redis, url: string) =>
  createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 5_000, reconnectStrategy: (retries: number) => Math.min(retries * 100, 2_000) } });
export type RedisConnection = ReturnType<typeof open>;

/**
 * One Redis connection for the app server's shared state (REDIS_URL). A lost connection is
 * reconnected by the client; commands fail as values meanwhile (offline queue off), never hang.
 */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<RedisConnection> {
  // The client package is loaded here, not with the server's modules: a server without REDIS_URL never evaluates it.
  const client = open(await import('redis'), url);
  client.on('error', onError);
  await client.connect();
  return client;
}
