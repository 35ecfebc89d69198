import { describe, expect, it } from 'vitest';
import { InMemoryKeyValueStore } from '../../../adapters/in-memory/in-memory-key-value-store.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { makeRememberMarketingConsent } from '../../../core/account/index.js';

describe('remember marketing consent', () => {
  it('app §3: the sign-up choice is kept under temp_marketing_consent as true or false', () => {
    const keyValueStore = new InMemoryKeyValueStore();
    const remember = makeRememberMarketingConsent({ keyValueStore, logger: new InMemoryLogger() });
    remember(true);
    expect(keyValueStore.get('temp_marketing_consent')).toBe('true');
    remember(false);
    expect(keyValueStore.get('temp_marketing_consent')).toBe('false');
  });

  it('app §8: storage that refuses the write is logged as a warning, not thrown', () => {
    const logger = new InMemoryLogger();
    const refusing = { get: () => null, remove: () => {}, set: () => { throw new Error('quota exceeded'); } };
    expect(() => makeRememberMarketingConsent({ keyValueStore: refusing, logger })(true)).not.toThrow();
    expect(logger.entries.map((e) => `${e.level}: ${e.message}`)).toEqual(['warn: Could not keep the marketing consent for after sign-up']);
  });
});
