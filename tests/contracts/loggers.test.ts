import { describe, expect, it } from 'vitest';
import { ConsoleLogger } from '../../adapters/browser/console-logger.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { createJsonLogger, type LogLevel } from '../../web/server/json-logger.js';
import { loggerContract, type WrittenLine } from './logger.contract.js';

loggerContract('InMemoryLogger', async () => {
  const logger = new InMemoryLogger();
  return { logger, written: () => logger.entries };
});

loggerContract('ConsoleLogger', async () => {
  const lines: WrittenLine[] = [];
  const record = (level: WrittenLine['level']) => (message: string, context?: Record<string, unknown>) => {
    lines.push({ level, message, context });
  };
  const target = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { logger: new ConsoleLogger(target), written: () => lines };
});

loggerContract('JSON logger (app server)', async () => {
  const lines: WrittenLine[] = [];
  const logger = createJsonLogger({
    level: 'debug',
    write: (line, level) => {
      const { time, level: written, message, ...context } = JSON.parse(line) as Record<string, unknown>;
      expect(written).toBe(level);
      expect(typeof time).toBe('string');
      lines.push({ level, message: String(message), context: Object.keys(context).length > 0 ? context : undefined });
    },
  });
  return { logger, written: () => lines };
});

describe('JSON logger levels (LOG_LEVEL)', () => {
  const levels = (level: LogLevel) => {
    const written: string[] = [];
    const logger = createJsonLogger({ level, write: (_line, at) => written.push(at) });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    return written;
  };

  it('writes its level and every more severe one, nothing below', () => {
    expect(levels('debug')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(levels('info')).toEqual(['info', 'warn', 'error']);
    expect(levels('warn')).toEqual(['warn', 'error']);
    expect(levels('error')).toEqual(['error']);
  });

  it('marks only real cycles: a shared object logged twice is written twice, an error that is its own cause once', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (line) => lines.push(line) });
    const shared = { id: 7 };
    const looped = new Error('outer');
    looped.cause = looped;
    logger.error('twice', { a: shared, b: shared, n: 10n });
    logger.error('looped', { error: looped });
    expect(JSON.parse(lines[0] as string)).toMatchObject({ a: { id: 7 }, b: { id: 7 }, n: '10' });
    expect(JSON.parse(lines[1] as string).error).toMatchObject({ message: 'outer', cause: '[Circular]' });
  });

  it('keeps what explains an Error: name, message and stack', () => {
    const lines: string[] = [];
    createJsonLogger({ write: (line) => lines.push(line) }).error('failed', { error: new TypeError('bad value') });
    expect(JSON.parse(lines[0] as string).error).toMatchObject({ name: 'TypeError', message: 'bad value', stack: expect.stringContaining('TypeError') });
  });
});
