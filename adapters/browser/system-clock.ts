import type { Clock } from '../../core/shared/index.js';

/** The host's own clock. */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
