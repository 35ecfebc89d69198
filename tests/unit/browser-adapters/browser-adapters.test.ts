// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DataLayerAnalyticsTracker } from '../../../adapters/analytics/data-layer-analytics-tracker.js';
import { DomScriptLoader } from '../../../adapters/analytics/dom-script-loader.js';
import { prepareTagManager } from '../../../adapters/analytics/tag-manager.js';
import { BrowserScheduler } from '../../../adapters/browser/browser-scheduler.js';
import { LocalStorageKeyValueStore } from '../../../adapters/browser/local-storage-key-value-store.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';

describe('DataLayerAnalyticsTracker (app §7, §8)', () => {
  it('app §7: pushes {event, ...payload} to the data layer', () => {
    const host = { dataLayer: [] as unknown[] };
    new DataLayerAnalyticsTracker(new InMemoryLogger(), host).track({ event: 'copy_selection', model_id: 'gpt' });
    expect(host.dataLayer).toEqual([{ event: 'copy_selection', model_id: 'gpt' }]);
  });

  it('app §7: without a tag manager the tracker creates the data layer when it is made, before any event', () => {
    const host: { dataLayer?: unknown } = {};
    const tracker = new DataLayerAnalyticsTracker(new InMemoryLogger(), host);
    expect(host.dataLayer).toEqual([]);
    tracker.track({ event: 'prompt_library_opened' });
    expect(host.dataLayer).toEqual([{ event: 'prompt_library_opened' }]);
  });

  it('app §7: a data layer the page already has is kept, with what it holds', () => {
    const existing: unknown[] = [{ 'gtm.start': 1, event: 'gtm.js' }];
    const host = { dataLayer: existing };
    new DataLayerAnalyticsTracker(new InMemoryLogger(), host).track({ event: 'prompt_run', prompt_id: 'p1' });
    expect(host.dataLayer).toBe(existing);
    expect(existing).toHaveLength(2);
  });

  it('app §8: a dataLayer that is not an array drops the event with a console warning only', () => {
    const logger = new InMemoryLogger();
    const host: { dataLayer?: unknown } = { dataLayer: 'taken' };
    new DataLayerAnalyticsTracker(logger, host).track({ event: 'prompt_library_opened' });
    expect(host.dataLayer).toBe('taken');
    expect(JSON.stringify(logger)).toContain('No usable data layer');
  });
});

describe('prepareTagManager', () => {
  it('no or a malformed container id means nothing to load', () => {
    expect(prepareTagManager(null, {})).toBeNull();
    expect(prepareTagManager('not-an-id', {})).toBeNull();
  });
  it('a container id gives the script address and starts the data layer', () => {
    const host: { dataLayer?: unknown } = {};
    expect(prepareTagManager('GTM-AB12CD', host)).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD');
    expect(host.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });
});

describe('BrowserScheduler', () => {
  it('app §4: the first pointer or key event runs the task once', () => {
    let runs = 0;
    new BrowserScheduler().onFirstInteraction(() => (runs += 1));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(runs).toBe(1);
  });
  it('a cancelled interaction task never runs', () => {
    let runs = 0;
    new BrowserScheduler().onFirstInteraction(() => (runs += 1))();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(runs).toBe(0);
  });
  it('without requestIdleCallback, idle work falls back to a timer', async () => {
    const timers: number[] = [];
    const win = { setTimeout: (fn: () => void, ms: number) => (timers.push(ms), fn(), 1), clearTimeout: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined };
    let ran = false;
    new BrowserScheduler(win as never).whenIdle(() => (ran = true));
    expect(ran).toBe(true);
    expect(timers).toEqual([1000]);
  });
});

describe('LocalStorageKeyValueStore', () => {
  it('keeps, reads and removes values', () => {
    const store = new LocalStorageKeyValueStore();
    store.set('temp_marketing_consent', 'true');
    expect(store.get('temp_marketing_consent')).toBe('true');
    store.remove('temp_marketing_consent');
    expect(store.get('temp_marketing_consent')).toBeNull();
  });
  it('storage that throws reads as empty and never breaks the page', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => { throw new Error('denied'); } };
    const store = new LocalStorageKeyValueStore(throwing);
    expect(() => store.set('a', 'b')).not.toThrow();
    expect(store.get('a')).toBeNull();
  });
});

describe('DomScriptLoader', () => {
  it('refuses non-http sources', async () => {
    expect((await new DomScriptLoader().load('javascript:alert(1)')).success).toBe(false);
  });
});
