/**
 * TranslationLoader contract (GET /locales/{lng}/translation.json).
 *
 * Harness the factory provides:
 * - `loader`: the adapter, pointed at a server (or memory) holding `en` and nothing for `xx`;
 * - `unreachableLoader()`: the same adapter pointed where nothing answers (a closed port); an
 *   adapter that cannot be out of reach fails the way a closed port does.
 */
import { describe, expect, it } from 'vitest';
import type { TranslationLoader } from '../../core/interface/index.js';

export interface TranslationLoaderHarness {
  readonly loader: TranslationLoader;
  unreachableLoader(): TranslationLoader;
}

export function translationLoaderContract(name: string, makeHarness: () => Promise<TranslationLoaderHarness>): void {
  describe(`TranslationLoader contract: ${name}`, () => {
    it('loads the English strings as an object', async () => {
      const h = await makeHarness();
      const loaded = await h.loader.load('en');
      if (!loaded.success) throw new Error(loaded.error.message);
      expect(typeof loaded.data).toBe('object');
      expect(Object.keys(loaded.data).length).toBeGreaterThan(0);
    });

    it('a missing language fails with its 4xx status in details.status', async () => {
      const h = await makeHarness();
      const loaded = await h.loader.load('xx');
      expect(loaded.success).toBe(false);
      if (!loaded.success) {
        const status = loaded.error.details?.['status'];
        expect(typeof status === 'number' && status >= 400 && status < 500).toBe(true);
      }
    });

    it('no answer at all fails with status null', async () => {
      const h = await makeHarness();
      const loaded = await h.unreachableLoader().load('en');
      expect(loaded.success).toBe(false);
      if (!loaded.success) expect(loaded.error.details?.['status']).toBeNull();
    });
  });
}
