import { ConsoleLogger } from '../../adapters/browser/console-logger.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
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
