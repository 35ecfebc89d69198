import type { z } from 'zod';
import { domainError } from './errors.js';
import { fail, ok } from './result.js';
import type { Result } from './result.js';

/**
 * Validates a use case's input. The first issue's message becomes the error message (precise enough
 * to show); every issue, with its path, is kept in `details.issues` for logs and forms.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return fail(domainError('validation', issues[0]?.message ?? 'Invalid input', { issues }));
};
