import type { Context } from 'hono';
import type { z } from 'zod';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, validationFailed } from './gotrue-errors.js';

/** Reads a JSON body and validates it, answering GoTrue's `bad_json` / `validation_failed`. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<Result<z.infer<S>, AuthFailure>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    return fail(authFailure(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return fail(validationFailed(`Invalid request body: ${where}${issue?.message ?? 'invalid value'}`));
  }
  return ok(parsed.data);
}

/** GoTrue lowercases addresses and rejects malformed ones with this message. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Unable to validate email address: invalid format';

export function normalizeEmail(email: string): Result<string, AuthFailure> {
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 255 || !EMAIL_PATTERN.test(trimmed)) return fail(validationFailed(INVALID_EMAIL));
  return ok(trimmed);
}
