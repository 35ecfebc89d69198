import type { Logger } from '../../core/shared/index.js';

type LogConsole = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

/** Logger on the browser console (app spec §8: other errors are logged to the console). */
export class ConsoleLogger implements Logger {
  constructor(
    private readonly target: LogConsole = console,
    private readonly options: { debug?: boolean } = {},
  ) {}

  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    if (this.options.debug) this.write('debug', message, context);
  }
  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('info', message, context);
  }
  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('warn', message, context);
  }
  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('error', message, context);
  }

  private write(level: keyof LogConsole, message: string, context?: Readonly<Record<string, unknown>>): void {
    if (context === undefined) this.target[level](`[ensemble] ${message}`);
    else this.target[level](`[ensemble] ${message}`, context);
  }
}
