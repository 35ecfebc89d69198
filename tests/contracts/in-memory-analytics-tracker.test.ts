import { InMemoryAnalyticsTracker } from '../../adapters/in-memory/in-memory-analytics-tracker.js';
import { analyticsTrackerContract } from './analytics-tracker.contract.js';

analyticsTrackerContract('InMemoryAnalyticsTracker', async () => {
  const tracker = new InMemoryAnalyticsTracker();
  return { tracker, pushed: () => tracker.events };
});
