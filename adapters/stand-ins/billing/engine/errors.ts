import type { RuleResult } from '../domain/provider-failure.js';

/** One 422 detail item, as FastAPI/pydantic writes it. */
export interface ValidationItem {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly input: unknown;
  readonly ctx?: Record<string, unknown>;
}

/** An expected failure a handler throws; the app's error handler turns it into the provider's body. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`sandbox answered ${status}`);
  }
}

/** `{"error":"<Name>","detail":"<message>"}`, the body of every named provider error. */
export const namedError = (status: number, error: string, detail: string): SandboxHttpError =>
  new SandboxHttpError(status, { error, detail });

export const notFound = (detail = 'Not found'): SandboxHttpError => namedError(404, 'ResourceNotFound', detail);
export const notPermitted = (detail = 'Not permitted'): SandboxHttpError => namedError(403, 'NotPermitted', detail);
export const badRequest = (detail: string): SandboxHttpError => namedError(400, 'BadRequest', detail);

/** 422 with the server's RequestValidationError shape. */
export const validationError = (items: readonly ValidationItem[]): SandboxHttpError =>
  new SandboxHttpError(422, { error: 'RequestValidationError', detail: items });

/** A single business-rule 422 on one field, e.g. ("body","email") "A customer with this email ...". */
export const fieldError = (loc: readonly (string | number)[], msg: string, input: unknown = null): SandboxHttpError =>
  validationError([{ type: 'value_error', loc, msg, input }]);

const REALM = 'Bearer realm="polar"';
const INVALID_TOKEN_DESCRIPTION = 'The access token provided is expired, revoked, malformed, or invalid for other reasons.';

/** No credentials on a protected route. */
export const unauthorized = (): SandboxHttpError =>
  new SandboxHttpError(401, { error: 'Unauthorized', detail: 'Unauthorized' }, { 'www-authenticate': REALM });

/** Unknown, expired or malformed bearer token: the OAuth-style body of authlib. */
export const invalidToken = (): SandboxHttpError =>
  new SandboxHttpError(
    401,
    { error: 'invalid_token', error_description: INVALID_TOKEN_DESCRIPTION },
    { 'www-authenticate': `${REALM}, error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTION}"` },
  );

/** Turns a refused domain rule into the provider's error answer (thrown, as engine handlers do). */
export function orThrow<T>(result: RuleResult<T>): T {
  if (result.success) return result.data;
  const failure = result.error;
  if (failure.kind === 'named') throw namedError(failure.status, failure.error, failure.detail);
  throw validationError(failure.items);
}
