/** Clock contract: a valid instant that never runs backwards and cannot be changed by the caller. */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../core/shared/index.js';

export function clockContract(name: string, makeClock: () => Promise<Clock>): void {
  describe(`Clock contract: ${name}`, () => {
    it('now() is a valid date', async () => {
      const clock = await makeClock();
      expect(Number.isNaN(clock.now().getTime())).toBe(false);
    });

    it('now() never goes backwards', async () => {
      const clock = await makeClock();
      const first = clock.now().getTime();
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(first);
    });

    it('changing a returned date leaves the clock alone', async () => {
      const clock = await makeClock();
      const before = clock.now().getTime();
      clock.now().setTime(0);
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    });
  });
}
