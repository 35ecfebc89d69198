import { DataLayerAnalyticsTracker } from '../../adapters/analytics/data-layer-analytics-tracker.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { analyticsTrackerContract } from './analytics-tracker.contract.js';

analyticsTrackerContract('DataLayerAnalyticsTracker', async () => {
  const host = { dataLayer: [] as unknown[] };
  return { tracker: new DataLayerAnalyticsTracker(new InMemoryLogger(), host), pushed: () => host.dataLayer };
});
