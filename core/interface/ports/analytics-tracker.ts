import type { AnalyticsEvent } from '../domain/analytics-events.js';

/** Pushes analytics events (a tag manager's data layer in the browser). Never fails the caller. */
export interface AnalyticsTracker {
  track(event: AnalyticsEvent): void;
}
