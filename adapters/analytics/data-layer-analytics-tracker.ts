import type { AnalyticsEvent, AnalyticsTracker } from '../../core/interface/index.js';
import type { Logger } from '../../core/shared/index.js';
import { ensureDataLayer } from './data-layer.js';

type DataLayerHost = { dataLayer?: unknown };

/**
 * Pushes each event to `window.dataLayer` as `{event, ...payload}` (app spec §7). The data layer is
 * created when the tracker is made (before the app's first event) if the page has none yet, so
 * events are kept for a tag manager that loads later, or read by whoever inspects the page. Only a
 * `dataLayer` that is not an array drops the event, with a console warning (app spec §8).
 */
export class DataLayerAnalyticsTracker implements AnalyticsTracker {
  constructor(
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly host: DataLayerHost = globalThis as DataLayerHost,
  ) {
    ensureDataLayer(host);
  }

  track(event: AnalyticsEvent): void {
    const layer = ensureDataLayer(this.host);
    if (layer === null) {
      this.logger.warn('No usable data layer on the page; analytics event dropped', { event: event.event });
      return;
    }
    layer.push({ ...event });
  }
}
