/**
 * The client's answer of a call that may fail: `{ success: true, data }` or `{ success: false, error }`.
 * The client's own, so it imports nothing of the product; a caller whose Result has the same shape
 * reads it as its own.
 */
export type Result<T, E> = { success: true; data: T } | { success: false; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ success: true, data });
export const fail = <E>(error: E): Result<never, E> => ({ success: false, error });
