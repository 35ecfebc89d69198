import { analyticsEventSchema, type AnalyticsEvent } from '../../core/interface/index.js';
import type { AnalyticsTracker } from '../../core/interface/index.js';

/**
 * Records pushed events. An event that does not match the spec §7 catalogue is a bug in the
 * caller, so it throws here, where a test sees it, instead of being pushed silently.
 */
export class InMemoryAnalyticsTracker implements AnalyticsTracker {
  readonly events: AnalyticsEvent[] = [];

  track(event: AnalyticsEvent): void {
    this.events.push(analyticsEventSchema.parse(event));
  }

  names(): string[] {
    return this.events.map((e) => e.event);
  }
}
