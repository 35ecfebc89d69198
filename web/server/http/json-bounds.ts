/** Deepest nesting a request body may have: every `/api` body is at most five levels deep. */
export const MAX_JSON_DEPTH = 32;
/** Most values (array items and object members, at every level together) a request body may hold. */
export const MAX_JSON_VALUES = 20_000;

export type JsonBoundsProblem = { readonly limit: 'depth'; readonly max: number } | { readonly limit: 'values'; readonly max: number };

/**
 * Checks a JSON text's nesting depth and its count of values with one pass over its characters,
 * before anything parses or walks it: a recursive walk of `[`×10,000 would overflow the stack, and
 * one of a few thousand levels costs quadratic time. Strings are skipped (brackets and commas in
 * them do not count); the text's syntax is left to JSON.parse, so an invalid text may pass here.
 */
export function jsonBoundsProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): JsonBoundsProblem | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return { limit: 'depth', max: maxDepth };
      values += 1;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth -= 1;
    } else if (code === 0x2c /* , */) {
      values += 1;
    }
    if (values > maxValues) return { limit: 'values', max: maxValues };
  }
  return null;
}

/** The 400 message for a body past a bound. */
export function jsonBoundsMessage(problem: JsonBoundsProblem): string {
  return problem.limit === 'depth'
    ? `body: nested more than ${problem.max} levels deep`
    : `body: holds more than ${problem.max} values (array items and object members together)`;
}
