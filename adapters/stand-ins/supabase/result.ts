/** The stand-in's own answer of a check that may refuse: `{ success: true, data }` or `{ success: false, error }`. */
export type Result<T, E> = { success: true; data: T } | { success: false; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ success: true, data });
export const fail = <E>(error: E): Result<never, E> => ({ success: false, error });
