import type { Logger } from '../../core/ports/logger.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object per line on stdout (stderr for errors): what log collectors parse. */
export function createJsonLogger(options: { level?: Level; write?: (line: string, level: Level) => void } = {}): Logger {
  const min = ORDER[options.level ?? 'info'];
  const write =
    options.write ??
    ((line: string, level: Level) => (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`));
  const log = (level: Level) => (message: string, context?: Readonly<Record<string, unknown>>) => {
    if (ORDER[level] < min) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...context }, errorReplacer), level);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** Error objects stringify to {} by default; keep what explains them. */
function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

/** A logger that drops everything (benchmarks). */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
