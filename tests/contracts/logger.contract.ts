/**
 * Logger contract (app spec §8: errors and warnings are logged). Harness: the logger and `written()`,
 * each line that came out as its level, message and context, oldest first.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../core/shared/index.js';

export interface WrittenLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly context: Readonly<Record<string, unknown>> | undefined;
}

export interface LoggerHarness {
  readonly logger: Logger;
  written(): readonly WrittenLine[];
}

export function loggerContract(name: string, makeHarness: () => Promise<LoggerHarness>): void {
  describe(`Logger contract: ${name}`, () => {
    it('app §8: info, warn and error each come out at their own level, in order, with their context', async () => {
      const { logger, written } = await makeHarness();
      logger.info('started');
      logger.warn('No data layer on the page', { event: 'prompt_run' });
      logger.error('profile read failed', { code: 'PGRST301' });
      expect(written().map((l) => l.level)).toEqual(['info', 'warn', 'error']);
      expect(written()[0]?.message).toContain('started');
      expect(written()[1]).toMatchObject({ message: expect.stringContaining('No data layer on the page'), context: { event: 'prompt_run' } });
      expect(written()[2]).toMatchObject({ message: expect.stringContaining('profile read failed'), context: { code: 'PGRST301' } });
    });

    it('a context holding an Error or a cycle is logged without throwing', async () => {
      const { logger, written } = await makeHarness();
      const cyclic: Record<string, unknown> = { name: 'cycle' };
      cyclic.self = cyclic;
      expect(() => logger.error('boom', { error: new Error('underlying'), cyclic })).not.toThrow();
      expect(written().at(-1)?.level).toBe('error');
    });
  });
}
