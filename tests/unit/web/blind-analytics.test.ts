import { describe, expect, it } from 'vitest';
import { InMemoryAnalyticsTracker } from '../../../adapters/in-memory/in-memory-analytics-tracker.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { makeTrackEvent } from '../../../core/interface/index.js';
import { columnEvent, selectionEvent } from '../../../web/client/features/chat/state/blind-analytics.js';

/** The chat's events as the page pushes them: through trackEvent, validated, into the data layer. */
const pushed = async (events: readonly unknown[]) => {
  const analytics = new InMemoryAnalyticsTracker();
  const logger = new InMemoryLogger();
  const track = makeTrackEvent({ analytics, logger });
  for (const event of events) {
    const r = await track(event);
    expect(r.success, JSON.stringify(event)).toBe(true);
  }
  return analytics.events;
};
const HIDDEN_MODELS = ['offline', 'offline-brief'];
const namesAModel = (events: readonly object[]) => events.some((e) => Object.values(e).some((v) => HIDDEN_MODELS.includes(v as string)));

describe('analytics of a blind turn before its vote', () => {
  it('a selection copied or quoted from a hidden column carries the column’s label, never its model', async () => {
    const events = await pushed([
      selectionEvent('copy_selection', 'offline-brief', 'Model B'),
      selectionEvent('add_selection_to_chat', 'offline', 'Model A'),
    ]);
    expect(events).toEqual([{ event: 'copy_selection', blind_label: 'Model B' }, { event: 'add_selection_to_chat', blind_label: 'Model A' }]);
    expect(namesAModel(events)).toBe(false);
  });

  it('a column regenerated, swapped or stopped in a hidden turn names neither the column (its place in the order asked) nor a model', async () => {
    const events = await pushed([
      columnEvent('stop', 1, 'offline-brief', true),
      columnEvent('regenerate', 0, undefined, true),
      columnEvent('swap', 1, 'offline', true),
    ]);
    expect(events).toEqual(['stop', 'regenerate', 'swap'].map((action) => ({ event: 'column_changed', action, blind: true })));
    expect(namesAModel(events)).toBe(false);
  });

  it('once the names are shown (voted, or not blind) the events name the model and the column as before', async () => {
    const events = await pushed([
      selectionEvent('copy_selection', 'offline-brief', null),
      selectionEvent('add_selection_to_chat', 'offline', null),
      columnEvent('stop', 1, 'offline-brief', false),
      columnEvent('regenerate', 0, undefined, false),
    ]);
    expect(events).toEqual([
      { event: 'copy_selection', model_id: 'offline-brief' },
      { event: 'add_selection_to_chat', model_id: 'offline' },
      { event: 'column_changed', action: 'stop', column: 1, model_id: 'offline-brief' },
      { event: 'column_changed', action: 'regenerate', column: 0 },
    ]);
  });

  it('the catalogue refuses a selection that names neither or both, and a column change that names no column outside a blind turn', async () => {
    const logger = new InMemoryLogger();
    const track = makeTrackEvent({ analytics: new InMemoryAnalyticsTracker(), logger });
    for (const bad of [
      { event: 'copy_selection' },
      { event: 'add_selection_to_chat', model_id: 'offline', blind_label: 'Model A' },
      { event: 'column_changed', action: 'stop' },
    ]) {
      const r = await track(bad);
      expect(r.success ? 'ok' : r.error.code, JSON.stringify(bad)).toBe('validation');
    }
  });
});
