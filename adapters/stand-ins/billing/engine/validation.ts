import type { z } from 'zod';
import { validationError, type ValidationItem } from './errors.js';

export type Location = 'body' | 'query' | 'path';

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  string: ['string_type', 'Input should be a valid string'],
  int: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
  array: ['list_type', 'Input should be a valid list'],
  tuple: ['tuple_type', 'Input should be a valid tuple'],
  null: ['none_required', 'Input should be None'],
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const locOf = (where: Location, path: readonly PropertyKey[]) => [where, ...path.map((p) => (typeof p === 'number' ? p : String(p)))];

/** Turns zod issues into pydantic-style 422 detail items with the right `loc`. */
export function issuesToDetail(issues: readonly z.core.$ZodIssue[], where: Location, input: unknown, prefix: readonly PropertyKey[] = []): ValidationItem[] {
  const out: ValidationItem[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const value = valueAt(input, path);
    switch (issue.code) {
      case 'invalid_type': {
        if (value === undefined) {
          out.push({ type: 'missing', loc: locOf(where, path), msg: 'Field required', input: valueAt(input, path.slice(0, -1)) ?? null });
        } else {
          const [type, msg] = TYPE_NAMES[issue.expected] ?? ['type_error', issue.message];
          out.push({ type, loc: locOf(where, path), msg, input: value });
        }
        break;
      }
      case 'invalid_union': {
        // Report the branch that got furthest (fewest issues), as a reader of the error expects.
        const branches = issue.errors.filter((branch) => branch.length > 0);
        const best = branches.sort((a, b) => a.length - b.length)[0];
        if (best === undefined) out.push({ type: 'union_tag_invalid', loc: locOf(where, path), msg: issue.message, input: value ?? null });
        else out.push(...issuesToDetail(best, where, input, path));
        break;
      }
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          out.push({ type: 'extra_forbidden', loc: locOf(where, [...path, key]), msg: 'Extra inputs are not permitted', input: valueAt(input, [...path, key]) });
        }
        break;
      case 'too_small':
        out.push({ type: issue.origin === 'string' ? 'string_too_short' : issue.origin === 'array' ? 'too_short' : 'greater_than_equal', loc: locOf(where, path), msg: issue.message, input: value ?? null, ctx: { min: String(issue.minimum) } });
        break;
      case 'too_big':
        out.push({ type: issue.origin === 'string' ? 'string_too_long' : issue.origin === 'array' ? 'too_long' : 'less_than_equal', loc: locOf(where, path), msg: issue.message, input: value ?? null, ctx: { max: String(issue.maximum) } });
        break;
      case 'invalid_value':
        out.push({ type: 'literal_error', loc: locOf(where, path), msg: issue.message, input: value ?? null });
        break;
      case 'invalid_format':
        out.push({ type: issue.format === 'url' ? 'url_parsing' : issue.format === 'uuid' ? 'uuid_parsing' : 'value_error', loc: locOf(where, path), msg: issue.message, input: value ?? null });
        break;
      default:
        out.push({ type: 'value_error', loc: locOf(where, path), msg: issue.message, input: value ?? null });
    }
  }
  return out;
}

/** Validates `input` or throws the provider's 422. */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown, where: Location): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(issuesToDetail(result.error.issues, where, input));
}

/** Reads a JSON body; malformed JSON and a missing body are 422s, as FastAPI answers them. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw validationError([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw validationError([
      { type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: { error: error instanceof Error ? error.message : 'Invalid JSON' } },
    ]);
  }
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseOr422(schema, await readJsonBody(request), 'body');
}
