/**
 * KeyValueStore contract (the browser's local storage). Harness: `store`, empty at start.
 */
import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../core/interface/index.js';

export interface KeyValueStoreHarness {
  readonly store: KeyValueStore;
}

export function keyValueStoreContract(name: string, makeHarness: () => Promise<KeyValueStoreHarness>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    it('a missing key reads null', async () => {
      const { store } = await makeHarness();
      expect(store.get('temp_marketing_consent')).toBe(null);
    });

    it('set then get answers the value; set again replaces it', async () => {
      const { store } = await makeHarness();
      store.set('selectedLanguage', 'fr');
      expect(store.get('selectedLanguage')).toBe('fr');
      store.set('selectedLanguage', 'de');
      expect(store.get('selectedLanguage')).toBe('de');
    });

    it('keeps the empty string as a value, distinct from missing', async () => {
      const { store } = await makeHarness();
      store.set('k', '');
      expect(store.get('k')).toBe('');
    });

    it('remove deletes only that key; removing a missing key is harmless', async () => {
      const { store } = await makeHarness();
      store.set('a', '1');
      store.set('b', '2');
      store.remove('a');
      store.remove('never-set');
      expect(store.get('a')).toBe(null);
      expect(store.get('b')).toBe('2');
    });
  });
}
