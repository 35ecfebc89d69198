import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InMemoryAnalyticsTracker } from '../../../adapters/in-memory/in-memory-analytics-tracker.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { AnalyticsTracker } from '../../../core/interface/index.js';
import { makeTrackEvent, trackSafely, analyticsEventSchema } from '../../../core/interface/index.js';

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

/** The events the product adds (docs/analytics.md), each with its required fields. */
const PRODUCT_EVENTS: Record<string, Record<string, unknown>> = {
  spending_cap_set: { cap: 500 },
  compare_vote: { model_id: 'offline', blind: true },
  leaderboard_opened: { period: '30d' },
  version_switched: { role: 'answer', version: 2 },
  branch_created: { depth: 2 },
  column_changed: { action: 'regenerate', column: 1 },
};

/** Every event of app spec §7 with a payload of the listed fields. */
const SPEC_EVENTS: Record<string, Record<string, unknown>> = {
  signup_initiated: { method: 'email_code' },
  button_click: { button_name: 'hero_cta' },
  subscribe_initiated: { user_id: 'u1' },
  subscribe_succeeded: { user_id: 'u1' },
  subscribe_failed: { user_id: 'u1' },
  signup_failed: { method: 'google' },
  signup_succeeded: { user_id: 'u1', method: 'email_code' },
  signin_succeeded: { user_id: 'u1', method: 'google' },
  copy_selection: { model_id: 'gpt-4o' },
  add_selection_to_chat: { model_id: 'gpt-4o' },
  prompt_library_opened: {},
  prompt_library_search: { query: 'essay', result_count: 3 },
  prompt_viewer_opened: { prompt_id: 'p1', title: 'Tighten a draft', category: 'writing' },
  prompt_run: { prompt_id: 'p1' },
  prompt_favorite_changed: { prompt_id: 'p1', action: 'added', source: 'viewer' },
};

describe('analytics catalogue (app spec §7 "Analytics events pushed to a data layer")', () => {
  it('app §7: the catalogue holds exactly the events of the spec and those the product adds, each documented in docs/analytics.md', () => {
    const catalogue = analyticsEventSchema.options.map((option) => option.shape.event.value).sort();
    expect(catalogue).toEqual([...Object.keys(SPEC_EVENTS), ...Object.keys(PRODUCT_EVENTS)].sort());
    const documented = readFileSync(new URL('../../../docs/analytics.md', import.meta.url), 'utf8');
    for (const event of catalogue) expect(documented, event).toContain(`| \`${event}\` |`);
  });

  it.each(Object.entries(PRODUCT_EVENTS))('an event the product adds, %s, is accepted with its payload, refused without each field of it', (event, payload) => {
    expect(analyticsEventSchema.safeParse({ event, ...payload }).success).toBe(true);
    for (const field of Object.keys(payload)) {
      const { [field]: _dropped, ...rest } = payload;
      expect(analyticsEventSchema.safeParse({ event, ...rest }).success, `${event} without ${field}`).toBe(false);
    }
  });

  it.each(Object.entries(SPEC_EVENTS))('app §7: %s is accepted with its payload, refused without each field of it', (event, payload) => {
    expect(analyticsEventSchema.safeParse({ event, ...payload }).success).toBe(true);
    for (const field of Object.keys(payload)) {
      const { [field]: _dropped, ...rest } = payload;
      expect(analyticsEventSchema.safeParse({ event, ...rest }).success, `${event} without ${field}`).toBe(false);
    }
  });
});

describe('analytics fields that are present are never empty', () => {
  it('app §7: signup_failed has no user yet, so user_id is absent, never ""', () => {
    expect(analyticsEventSchema.safeParse({ event: 'signup_failed', method: 'email_code' }).success).toBe(true);
    expect(analyticsEventSchema.safeParse({ event: 'signup_failed', user_id: '', method: 'email_code' }).success).toBe(false);
  });
  it('app §7: sign-in events share signup_initiated\'s method vocabulary', () => {
    expect(analyticsEventSchema.safeParse({ event: 'signup_succeeded', user_id: 'u1', method: 'email' }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ event: 'signin_succeeded', user_id: 'u1', method: 'magic_link' }).success).toBe(true);
  });
});
