// What the browser keeps between pages through the KeyValueStore port: where a signed-out visitor was
// going, the checkout it was sent to, the model chosen last.
import { describe, expect, it } from 'vitest';
import { InMemoryKeyValueStore } from '../../../adapters/in-memory/in-memory-key-value-store.js';
import { isReturnPath, makeRememberReturnTo, makeTakeReturnTo } from '../../../core/auth/index.js';
import { makeRememberPendingCheckout, makeTakePendingCheckout } from '../../../core/billing/index.js';
import { makeLastModelChoice, makeRememberModelChoice } from '../../../core/chat/index.js';

describe('where a signed-out visitor was going (app spec §2, §4)', () => {
  it('is taken once after sign-in, then the fallback', () => {
    const keyValueStore = new InMemoryKeyValueStore();
    makeRememberReturnTo({ keyValueStore })('/chat/prompts?category=coding');
    const take = makeTakeReturnTo({ keyValueStore });
    expect(take()).toBe('/chat/prompts?category=coding');
    expect(take()).toBe('/chat');
    expect(take('/account')).toBe('/account');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/signup', '/auth/callback?code=1', 'chat'])('never keeps %s', (path) => {
    const keyValueStore = new InMemoryKeyValueStore();
    expect(isReturnPath(path)).toBe(false);
    makeRememberReturnTo({ keyValueStore })(path);
    expect(makeTakeReturnTo({ keyValueStore })()).toBe('/chat');
  });

  it('a stored value that is not a path of this site is not followed', () => {
    const keyValueStore = new InMemoryKeyValueStore();
    keyValueStore.set('ensemble.returnTo', '//evil.example/');
    expect(makeTakeReturnTo({ keyValueStore })()).toBe('/chat');
  });
});

describe('the checkout the browser was sent to', () => {
  it('is read back once', () => {
    const keyValueStore = new InMemoryKeyValueStore();
    makeRememberPendingCheckout({ keyValueStore })('checkout-1');
    const take = makeTakePendingCheckout({ keyValueStore });
    expect(take()).toBe('checkout-1');
    expect(take()).toBeNull();
  });
});

describe('the model chosen last', () => {
  it('is what a new single-model chat starts with', () => {
    const keyValueStore = new InMemoryKeyValueStore();
    expect(makeLastModelChoice({ keyValueStore })()).toBeNull();
    makeRememberModelChoice({ keyValueStore })('offline-brief');
    expect(makeLastModelChoice({ keyValueStore })()).toBe('offline-brief');
  });
});
