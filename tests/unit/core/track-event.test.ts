import { describe, expect, it } from 'vitest';
import { InMemoryAnalyticsTracker } from '../../../adapters/in-memory/in-memory-analytics-tracker.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { AnalyticsTracker } from '../../../core/ports/analytics-tracker.js';
import { makeTrackEvent, trackSafely } from '../../../core/use-cases/track-event.js';

const setup = (analytics: AnalyticsTracker = new InMemoryAnalyticsTracker()) => {
  const logger = new InMemoryLogger();
  return { analytics, logger, track: makeTrackEvent({ analytics, logger }) };
};

const throwing: AnalyticsTracker = {
  track: () => {
    throw new Error('dataLayer is not defined');
  },
};

describe('analytics (app spec §7, §8)', () => {
  it('app §7: a catalogue event with its payload reaches the tracker', async () => {
    const tracker = new InMemoryAnalyticsTracker();
    const { track } = setup(tracker);
    expect(await track({ event: 'button_click', button_name: 'hero_cta' })).toEqual({ success: true, data: undefined });
    expect(await track({ event: 'copy_selection', model_id: 'echo-basic' })).toEqual({ success: true, data: undefined });
    expect(tracker.events).toEqual([
      { event: 'button_click', button_name: 'hero_cta' },
      { event: 'copy_selection', model_id: 'echo-basic' },
    ]);
  });

  it('app §7: an event outside the catalogue, or with a wrong payload, is refused and never pushed', async () => {
    const tracker = new InMemoryAnalyticsTracker();
    const { track, logger } = setup(tracker);
    for (const bad of [
      { event: 'made_up_event' },
      { event: 'prompt_library_search', query: 'x', result_count: -1 },
      { event: 'add_selection_to_chat' },
      { event: 'prompt_favorite_changed', prompt_id: 'p', action: 'toggled', source: 'viewer' },
      'button_click',
    ]) {
      const r = await track(bad);
      expect(r.success ? 'ok' : r.error.code).toBe('validation');
    }
    expect(tracker.events).toEqual([]);
    expect(logger.at('warn')).toHaveLength(5);
  });

  it('app §8: analytics never breaks the caller: a throwing data layer is a warning', async () => {
    const { track, logger } = setup(throwing);
    expect(await track({ event: 'prompt_library_opened' })).toEqual({ success: true, data: undefined });
    expect(() => trackSafely({ analytics: throwing, logger }, { event: 'prompt_library_opened' })).not.toThrow();
    expect(logger.at('warn').map((e) => e.context?.['event'])).toEqual(['prompt_library_opened', 'prompt_library_opened']);
  });
});
