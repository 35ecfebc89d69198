/**
 * Splits `text` on `separator` outside parentheses, braces and double quotes: the grammar of
 * PostgREST's `select`, `or=(…)` and `in.(…)` lists. Returns null when brackets or quotes do not balance.
 */
export function splitTopLevel(text: string, separator = ','): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (depth < 0) return null;
    } else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) return null;
  parts.push(text.slice(start));
  return parts;
}

/** `"a\"b"` → `a"b`; unquoted text is returned as it is. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}
