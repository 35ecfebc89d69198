import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisChatRunLog } from '../../adapters/redis/redis-chat-run-log.js';
import { connectRedis, type RedisConnection } from '../../adapters/redis/redis-connection.js';
import { testRedisUrl } from '../support/redis-lane.js';
import { chatRunLogContract } from './chat-run-log.contract.js';

const connections: RedisConnection[] = [];
const logs: RedisChatRunLog[] = [];
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
  await Promise.all(logs.map((l) => l.close()));
  await Promise.all(connections.map((c) => c.quit()));
});

const made = (log: RedisChatRunLog) => (logs.push(log), log);
const newRun = async () => ({ userId: randomUUID(), conversationId: randomUUID(), userMessageId: randomUUID(), modelIds: ['model-a', 'model-b'] });

// Two connections: two app server instances on one Redis. Each run of the file has keys of its own.
chatRunLogContract('RedisChatRunLog on a Redis server', async () => {
  const prefix = `test:${randomUUID()}:run:`;
  return { log: made(new RedisChatRunLog(first, prefix)), peer: made(new RedisChatRunLog(second, prefix)), newRun };
});

describe('chat runs in Redis', () => {
  it('every key of a run expires by itself an hour (and a lease) after its last write', async () => {
    const prefix = `test:${randomUUID()}:run:`;
    const log = made(new RedisChatRunLog(first, prefix));
    const { userId, ...start } = await newRun();
    const runId = randomUUID();
    await log.sync([{ userId, runId, start, events: [{ seq: 1, event: { type: 'start', modelId: 'model-a' } }], finished: false }]);
    for (const key of [prefix + runId, `${prefix}${runId}:events`]) {
      const ttl = Number(await first.sendCommand(['PTTL', key]));
      expect(ttl, key).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl, key).toBeLessThanOrEqual(61 * 60 * 1000);
    }
  });

  it('a reader blocked on a run gets a new event as soon as it is stored', async () => {
    const prefix = `test:${randomUUID()}:run:`;
    const [log, peer] = [made(new RedisChatRunLog(first, prefix)), made(new RedisChatRunLog(second, prefix))];
    const { userId, ...start } = await newRun();
    const runId = randomUUID();
    await log.sync([{ userId, runId, start, events: [], finished: false }]);
    const reading = peer.follow(userId, runId, 0)[Symbol.asyncIterator]();
    const next = reading.next();
    await log.sync([{ userId, runId, events: [{ seq: 1, event: { type: 'start', modelId: 'model-a' } }], finished: false }]);
    expect((await next).value).toEqual({ seq: 1, event: { type: 'start', modelId: 'model-a' } });
    await log.sync([{ userId, runId, events: [{ seq: 2, event: { type: 'done', answers: [] } }], finished: true }]);
    expect((await reading.next()).value?.seq).toBe(2);
    expect((await reading.next()).done).toBe(true);
  });
});
