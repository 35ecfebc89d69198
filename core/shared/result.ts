import type { DomainError } from './errors.js';

/** Expected failures are values: every helper answers `{ success: false, error }` (app spec §8). */
export type Result<T, E = DomainError> = { success: true; data: T } | { success: false; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ success: true, data });
export const fail = <E>(error: E): Result<never, E> => ({ success: false, error });
