import { describe, expect, it } from 'vitest';
import { InMemoryAnalyticsTracker } from '../../../adapters/in-memory/in-memory-analytics-tracker.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { AnalyticsEvent } from '../../../core/interface/index.js';

describe('recording adapters', () => {
  it('the analytics tracker records catalogue events and throws on one outside the app §7 catalogue', () => {
    const tracker = new InMemoryAnalyticsTracker();
    tracker.track({ event: 'signup_initiated', method: 'google' });
    expect(tracker.events).toEqual([{ event: 'signup_initiated', method: 'google' }]);
    expect(() => tracker.track({ event: 'signup_succeeded', user_id: '', method: 'email_code' } as AnalyticsEvent)).toThrow();
    expect(tracker.names()).toEqual(['signup_initiated']);
  });

  it('the logger records each level with its context', () => {
    const logger = new InMemoryLogger();
    logger.info('hello', { a: 1 });
    logger.warn('careful');
    expect(logger.entries).toEqual([
      { level: 'info', message: 'hello', context: { a: 1 } },
      { level: 'warn', message: 'careful', context: undefined },
    ]);
    expect(logger.at('warn')).toHaveLength(1);
  });
});
