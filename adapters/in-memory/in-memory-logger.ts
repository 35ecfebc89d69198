import type { Logger } from '../../core/shared/index.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  readonly level: LogLevel;
  readonly message: string;
  readonly context: Readonly<Record<string, unknown>> | undefined;
}

/** Records every line so tests can check what was logged. */
export class InMemoryLogger implements Logger {
  readonly entries: LogEntry[] = [];

  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.entries.push({ level: 'debug', message, context });
  }

  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.entries.push({ level: 'info', message, context });
  }

  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.entries.push({ level: 'warn', message, context });
  }

  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.entries.push({ level: 'error', message, context });
  }

  at(level: LogLevel): LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }
}
