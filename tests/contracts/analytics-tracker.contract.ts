/**
 * AnalyticsTracker contract (app spec §7): what a tracker hands on for each catalogue event.
 * Harness: the tracker and `pushed()`, what reached the data layer so far, oldest first.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent, AnalyticsTracker } from '../../core/interface/index.js';

export interface AnalyticsTrackerHarness {
  readonly tracker: AnalyticsTracker;
  pushed(): readonly unknown[];
}

const EVENTS: AnalyticsEvent[] = [
  { event: 'signup_initiated', method: 'magic_link' },
  { event: 'signup_succeeded', user_id: 'u1', method: 'magic_link' },
  { event: 'prompt_library_search', query: 'cover letter', result_count: 4 },
  { event: 'prompt_favorite_changed', prompt_id: 'p1', action: 'removed', source: 'library' },
  { event: 'prompt_library_opened' },
];

export function analyticsTrackerContract(name: string, makeHarness: () => Promise<AnalyticsTrackerHarness>): void {
  describe(`AnalyticsTracker contract: ${name}`, () => {
    it('app §7: each event reaches the data layer as {event, ...payload}, in the order tracked', async () => {
      const { tracker, pushed } = await makeHarness();
      for (const event of EVENTS) tracker.track(event);
      expect(pushed()).toEqual(EVENTS);
    });

    it('app §7: what was pushed does not change when the caller reuses its object', async () => {
      const { tracker, pushed } = await makeHarness();
      const event = { event: 'button_click', button_name: 'hero_cta' } as AnalyticsEvent & { button_name: string };
      tracker.track(event);
      event.button_name = 'changed_later';
      expect(pushed()).toEqual([{ event: 'button_click', button_name: 'hero_cta' }]);
    });

    it('app §8: tracking never throws for a catalogue event', async () => {
      const { tracker } = await makeHarness();
      expect(() => tracker.track({ event: 'prompt_run', prompt_id: 'p1' })).not.toThrow();
    });
  });
}
