import type { AnalyticsEvent } from '../../core/domain/analytics-events.js';
import type { AnalyticsTracker } from '../../core/ports/analytics-tracker.js';
import type { Logger } from '../../core/ports/logger.js';

type DataLayerHost = { dataLayer?: unknown };

/**
 * Pushes each event to the tag manager's `window.dataLayer` as `{event, ...payload}` (app spec §7).
 * With no data layer on the page the event is dropped with a console warning only (app spec §8):
 * the tracker never creates one, so the absence of a tag manager stays visible.
 */
export class DataLayerAnalyticsTracker implements AnalyticsTracker {
  constructor(
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly host: DataLayerHost = globalThis as DataLayerHost,
  ) {}

  track(event: AnalyticsEvent): void {
    const layer = this.host.dataLayer;
    if (!Array.isArray(layer)) {
      this.logger.warn('No data layer on the page; analytics event dropped', { event: event.event });
      return;
    }
    layer.push({ ...event });
  }
}
