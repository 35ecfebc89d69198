import type { Logger } from '../../core/shared/index.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type Level = LogLevel;
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object per line on stdout (stderr for errors): what log collectors parse. */
export function createJsonLogger(options: { level?: Level; write?: (line: string, level: Level) => void } = {}): Logger {
  const min = ORDER[options.level ?? 'info'];
  const write =
    options.write ??
    ((line: string, level: Level) => (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`));
  const log = (level: Level) => (message: string, context?: Readonly<Record<string, unknown>>) => {
    if (ORDER[level] < min) return;
    write(serialize({ time: new Date().toISOString(), level, message, ...context }), level);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * A log line never throws: Errors keep what explains them (they stringify to {} by default), a
 * reference back to an enclosing object becomes "[Circular]", a bigint its digits.
 */
function serialize(entry: Record<string, unknown>): string {
  const ancestors: object[] = [];
  return JSON.stringify(entry, function (this: unknown, _key: string, value: unknown): unknown {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value !== 'object' || value === null) return value;
    // `this` is the object holding `value`: drop the ancestors that are not on its path.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(value)) return '[Circular]';
    ancestors.push(value);
    if (!(value instanceof Error)) return value;
    const explained = { name: value.name, message: value.message, stack: value.stack, ...(value.cause === undefined ? {} : { cause: value.cause }) };
    ancestors.push(explained);
    return explained;
  });
}
