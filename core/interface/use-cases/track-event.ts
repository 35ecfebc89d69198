import { analyticsEventSchema } from '../domain/analytics-events.js';
import type { AnalyticsEvent } from '../domain/analytics-events.js';
import type { AnalyticsTracker } from '../ports/analytics-tracker.js';
import { type Logger, parseInput, ok, type Result } from '../../shared/index.js';

export interface TrackingDeps {
  readonly analytics: AnalyticsTracker;
  readonly logger: Logger;
}

/**
 * app spec §7, §8: analytics never breaks the caller. A tracker that throws is logged as a warning
 * and otherwise ignored, so a checkout or a search goes on whatever the data layer does.
 */
export const trackSafely = (deps: TrackingDeps, event: AnalyticsEvent): void => {
  try {
    deps.analytics.track(event);
  } catch (error) {
    deps.logger.warn('Analytics event was not recorded', { event: event.event, error: String(error) });
  }
};

/**
 * Records an event coming from the UI (button clicks, selections). The payload is checked against
 * the event catalogue first: a malformed event is refused as `validation` and never reaches the data layer.
 */
export const makeTrackEvent =
  (deps: TrackingDeps) =>
  async (input: unknown): Promise<Result<void>> => {
    const event = parseInput(analyticsEventSchema, input);
    if (!event.success) {
      deps.logger.warn('Analytics event refused', { error: event.error });
      return event;
    }
    trackSafely(deps, event.data);
    return ok(undefined);
  };
