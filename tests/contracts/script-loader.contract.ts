/**
 * ScriptLoader contract (app spec §4, §7: tag manager and support widget). Harness: the loader and
 * `failOn(src)`, making that source fail to load as a blocked or missing script would.
 */
import { describe, expect, it } from 'vitest';
import type { ScriptLoader } from '../../core/interface/index.js';

export interface ScriptLoaderHarness {
  readonly loader: ScriptLoader;
  failOn(src: string): void;
}

const WIDGET = 'https://widget.example/support.js';

export function scriptLoaderContract(name: string, makeHarness: () => Promise<ScriptLoaderHarness>): void {
  describe(`ScriptLoader contract: ${name}`, () => {
    it('app §7: an http(s) script that loads answers success', async () => {
      const { loader } = await makeHarness();
      expect(await loader.load(WIDGET, { async: 'true', 'data-app': 'ensemble' })).toEqual({ success: true, data: undefined });
      expect(await loader.load('/local/tag.js')).toEqual({ success: true, data: undefined });
    });

    it('app §8: a script that fails to load is a network failure value, never a throw', async () => {
      const { loader, failOn } = await makeHarness();
      failOn(WIDGET);
      const loaded = await loader.load(WIDGET);
      expect(loaded.success ? 'loaded' : loaded.error.code).toBe('network');
    });

    it.each(['javascript:alert(1)', 'data:text/javascript,alert(1)', 'http://[bad'])('a source that is not an http(s) address (%s) is refused', async (src) => {
      const { loader } = await makeHarness();
      const loaded = await loader.load(src);
      expect(loaded.success ? 'loaded' : loaded.error.code).toBe('validation');
    });
  });
}
