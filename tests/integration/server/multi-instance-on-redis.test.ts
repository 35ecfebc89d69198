// Three app servers with REDIS_URL: rate limits and chat runs shared in Redis (the redis lane's server).
import { testRedisUrl } from '../../support/redis-lane.js';
import { multiInstanceSuite } from './multi-instance-suite.js';

multiInstanceSuite({ redisUrl: testRedisUrl() });
