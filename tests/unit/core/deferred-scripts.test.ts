import { describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { InMemoryScheduler } from '../../../adapters/in-memory/in-memory-scheduler.js';
import { InMemoryScriptLoader } from '../../../adapters/in-memory/in-memory-script-loader.js';
import { makeLoadDeferredScript, makeLoadTagManager } from '../../../core/interface/index.js';

const WIDGET = 'https://widget.example/support.js';

const setup = () => {
  const scheduler = new InMemoryScheduler();
  const scriptLoader = new InMemoryScriptLoader();
  const logger = new InMemoryLogger();
  return { scheduler, scriptLoader, logger, load: makeLoadDeferredScript({ scheduler, scriptLoader, logger }) };
};

describe('deferred support widget (app spec §4, §9)', () => {
  it('app §4: nothing loads before a trigger', () => {
    const { load, scriptLoader, scheduler } = setup();
    void load({ src: WIDGET });
    expect(scriptLoader.loads).toEqual([]);
    expect(scheduler.pendingCount()).toBe(3);
  });

  it('app §4: the first pointer or key event loads it, and the other triggers are cancelled', async () => {
    const { load, scriptLoader, scheduler } = setup();
    const loading = load({ src: WIDGET, attributes: { 'data-app': 'ensemble' } });
    await scheduler.interact();
    expect(await loading).toEqual({ success: true, data: undefined });
    expect(scriptLoader.loads).toEqual([{ src: WIDGET, attributes: { 'data-app': 'ensemble' } }]);
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('app §4: an idle callback loads it', async () => {
    const { load, scriptLoader, scheduler } = setup();
    const loading = load({ src: WIDGET });
    await scheduler.runIdle();
    await loading;
    expect(scriptLoader.loadedSources()).toEqual([WIDGET]);
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('app §9: otherwise it loads after 3000 ms', async () => {
    const { load, scriptLoader, scheduler } = setup();
    const loading = load({ src: WIDGET });
    await scheduler.advance(2999);
    expect(scriptLoader.loads).toEqual([]);
    await scheduler.advance(1);
    await loading;
    expect(scriptLoader.loadedSources()).toEqual([WIDGET]);
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('app §4: it loads once, whichever triggers come later and however often it is asked for', async () => {
    const { load, scriptLoader, scheduler } = setup();
    const first = load({ src: WIDGET });
    const second = load({ src: WIDGET });
    await scheduler.interact();
    await scheduler.runIdle();
    await scheduler.advance(3000);
    expect(await first).toEqual(await second);
    await load({ src: WIDGET });
    expect(scriptLoader.loadedSources()).toEqual([WIDGET]);
  });

  it('app §8: a widget that fails to load is a warning, answered as the failure', async () => {
    const { load, scriptLoader, scheduler, logger } = setup();
    scriptLoader.failOn(WIDGET);
    const loading = load({ src: WIDGET });
    await scheduler.interact();
    expect(await loading).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(logger.at('warn')).toHaveLength(1);
  });

  it('a script source is required', async () => {
    const { load, scheduler } = setup();
    expect(await load({ src: '' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
    expect(scheduler.pendingCount()).toBe(0);
  });
});

describe('tag manager (app spec §7)', () => {
  const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST';

  it('app §7: the tag-manager script loads at start, at once and only once', async () => {
    const scriptLoader = new InMemoryScriptLoader();
    const load = makeLoadTagManager({ scriptLoader, logger: new InMemoryLogger() });
    expect(await load({ src: GTM })).toEqual({ success: true, data: { loaded: true } });
    await load({ src: GTM });
    expect(scriptLoader.loadedSources()).toEqual([GTM]);
  });

  it('app §7: without a configured tag manager nothing loads and nothing fails', async () => {
    const scriptLoader = new InMemoryScriptLoader();
    const load = makeLoadTagManager({ scriptLoader, logger: new InMemoryLogger() });
    expect(await load({ src: null })).toEqual({ success: true, data: { loaded: false } });
    expect(scriptLoader.loads).toEqual([]);
  });

  it('app §8: a blocked tag manager is a warning', async () => {
    const scriptLoader = new InMemoryScriptLoader();
    const logger = new InMemoryLogger();
    scriptLoader.failOn(GTM);
    const loaded = await makeLoadTagManager({ scriptLoader, logger })({ src: GTM });
    expect(loaded.success).toBe(false);
    expect(logger.at('warn')).toHaveLength(1);
  });
});
