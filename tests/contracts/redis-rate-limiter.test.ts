import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type RedisConnection } from '../../adapters/redis/redis-connection.js';
import { RedisRateLimiter } from '../../adapters/redis/redis-rate-limiter.js';
import { testRedisUrl } from '../support/redis-lane.js';
import { rateLimiterContract } from './rate-limiter.contract.js';

const connections: RedisConnection[] = [];
const connect = async () => {
  const connection = await connectRedis(testRedisUrl(), (error) => console.error(error));
  connections.push(connection);
  return connection;
};
let first: RedisConnection;
let second: RedisConnection;
beforeAll(async () => {
  [first, second] = [await connect(), await connect()];
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});

rateLimiterContract('RedisRateLimiter on a Redis server', async () => ({
  limiter: new RedisRateLimiter(first),
  peer: new RedisRateLimiter(second),
}));
