import { SystemClock } from '../../adapters/browser/system-clock.js';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { clockContract } from './clock.contract.js';

clockContract('InMemoryClock', async () => new InMemoryClock(new Date('2026-03-01T10:00:00Z')));
clockContract('SystemClock', async () => new SystemClock());
