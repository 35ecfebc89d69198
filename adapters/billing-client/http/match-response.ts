import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import {
  ApiError,
  httpFacts,
  InvalidTokenError,
  ResponseValidationError,
  UnexpectedResponseError,
  type CommonError,
  type HttpFacts,
} from './errors.js';
import { httpValidation, named, type ErrorSpec, type Operation, type OperationError, type OperationOutput } from './operation.js';
import type { RawResponse } from './transport.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any, any, any>;
export type CallResult<Op> = Result<OperationOutput<Op>, OperationError<Op> | CommonError>;

const invalidToken: ErrorSpec<InvalidTokenError> = {
  status: 401,
  schema: z.object({ error: z.literal('invalid_token'), error_description: z.string().optional() }),
  build: (wire: { error_description?: string }, http: HttpFacts) => new InvalidTokenError(wire.error_description ?? '', http),
};
/** Answers any call may give; unlike a call's own errors, a body they do not match is a plain ApiError. */
const COMMON_ERRORS: readonly ErrorSpec<CommonError>[] = [httpValidation, invalidToken, ...named('Unauthorized')];

/**
 * Turns an HTTP answer into the call's result. Status *and* content type must match (reference §1
 * "Response matching"): a declared answer, then a declared error, then the common errors, then a
 * generic ApiError for 4XX/5XX, else "Unexpected Status or Content-Type".
 */
export function matchResponse<Op extends AnyOperation>(op: Op, answer: RawResponse): CallResult<Op> {
  const isJson = isJsonMediaType(answer.contentType);
  const facts = () => httpFacts(answer.status, answer.contentType, answer.headers, answer.text);
  for (const spec of op.responses) {
    if (spec.status !== answer.status || (spec.json && !isJson)) continue;
    if (spec.mediaType !== undefined && !hasMediaType(answer.contentType, spec.mediaType)) continue;
    if (!spec.json || spec.schema === undefined) return ok(spec.map(answer.text));
    const parsed = parseJson(answer.text);
    if (!parsed.success) return fail(new ResponseValidationError(answer.text, [], facts(), parsed.error));
    const checked = spec.schema.safeParse(parsed.data);
    if (!checked.success) return fail(new ResponseValidationError(parsed.data, checked.error.issues, facts()));
    return ok(spec.map(checked.data));
  }
  if (isJson) {
    const own = (op.errors as readonly ErrorSpec<unknown>[]).filter((s) => s.status === answer.status);
    const common = COMMON_ERRORS.filter((s) => s.status === answer.status);
    if (own.length + common.length > 0) {
      const parsed = parseJson(answer.text);
      if (!parsed.success && own.length > 0) return fail(new ResponseValidationError(answer.text, [], facts(), parsed.error));
      if (parsed.success) {
        let firstIssues: readonly z.core.$ZodIssue[] | undefined;
        for (const spec of [...own, ...common]) {
          const checked = spec.schema.safeParse(parsed.data);
          if (checked.success) return fail(spec.build(checked.data as never, facts()) as OperationError<Op>);
          firstIssues ??= checked.error.issues;
        }
        // A declared error status with a body of another shape: the SDK calls that a validation failure.
        if (own.length > 0) return fail(new ResponseValidationError(parsed.data, firstIssues ?? [], facts()));
      }
    }
  }
  if (answer.status >= 400 && answer.status < 600) return fail(new ApiError(facts()));
  return fail(new UnexpectedResponseError(facts()));
}

function hasMediaType(contentType: string, expected: string): boolean {
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === expected.toLowerCase();
}

export function isJsonMediaType(contentType: string): boolean {
  const media = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

function parseJson(text: string): Result<unknown, unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    return fail(error);
  }
}
