import { InMemoryScheduler } from '../../adapters/in-memory/in-memory-scheduler.js';
import { schedulerContract } from './scheduler.contract.js';

schedulerContract('InMemoryScheduler', async () => {
  const scheduler = new InMemoryScheduler();
  return { scheduler, advance: (ms) => scheduler.advance(ms), idle: () => scheduler.runIdle(), interact: () => scheduler.interact() };
});
