/** The Redis server of the Redis lane (vitest project `redis`, see vitest.config.ts). */
export function testRedisUrl(): string {
  const url = process.env['ENSEMBLE_TEST_REDIS_URL'];
  if (!url) throw new Error('No Redis server was started: run Redis tests through vitest (project redis), whose global setup starts one');
  return url;
}
