/**
 * Where a view's columns come from, read from its stored definition (`pg_rewrite.ev_action`, Postgres's node
 * tree as text) the way PostgREST 12 reads it: each entry of the top-level select list carries `resorigtbl` and
 * `resorigcol`, the table and column it passes through unchanged (0 for anything computed). The same text format
 * is written by PGlite and by a PostgreSQL server, so one reader serves both.
 */
export interface ViewColumnOrigin {
  /** The view column's position (its `attnum`). */
  readonly position: number;
  /** The oid of the relation the column passes through (a table, or another view), as text. */
  readonly relation: string;
  /** That relation's column number. */
  readonly column: number;
}

/** Splits a node tree into `(`, `)`, `{`, `}` and words; a backslash escapes the character after it. */
function* tokens(tree: string): Generator<string> {
  let i = 0;
  while (i < tree.length) {
    const char = tree[i]!;
    if (char === ' ' || char === '\n' || char === '\t') {
      i++;
    } else if (char === '(' || char === ')' || char === '{' || char === '}') {
      i++;
      yield char;
    } else {
      let word = '';
      while (i < tree.length) {
        const next = tree[i]!;
        if (next === ' ' || next === '\n' || next === '\t' || next === '(' || next === ')' || next === '{' || next === '}') break;
        if (next === '\\' && i + 1 < tree.length) {
          word += tree[i + 1];
          i += 2;
        } else {
          word += next;
          i++;
        }
      }
      yield word;
    }
  }
}

const wanted = new Set([':resno', ':resorigtbl', ':resorigcol', ':resjunk']);

/** The origins of the columns of a view's top-level select (junk entries, used only to sort, left out). */
export function viewColumnOrigins(tree: string): ViewColumnOrigin[] {
  const origins: ViewColumnOrigin[] = [];
  const stream = tokens(tree);
  let braces = 0;
  let parens = 0;
  for (let token = stream.next(); !token.done; token = stream.next()) {
    const text = token.value;
    if (text === '{') braces++;
    else if (text === '}') braces--;
    else if (text === '(') parens++;
    else if (text === ')') parens--;
    else if (braces === 1 && text === ':targetList') {
      const open = stream.next();
      if (open.done || open.value !== '(') return origins;
      const listDepth = ++parens;
      let entry: Record<string, string> | null = null;
      for (let inner = stream.next(); !inner.done; inner = stream.next()) {
        const word = inner.value;
        if (word === '{') {
          braces++;
          if (braces === 2) entry = {};
        } else if (word === '}') {
          if (braces === 2 && entry) {
            const position = Number(entry[':resno']);
            if (entry[':resjunk'] !== 'true' && Number.isInteger(position)) {
              origins.push({ position, relation: entry[':resorigtbl'] ?? '0', column: Number(entry[':resorigcol'] ?? 0) });
            }
            entry = null;
          }
          braces--;
        } else if (word === '(') {
          parens++;
        } else if (word === ')') {
          if (--parens < listDepth) return origins;
        } else if (braces === 2 && entry && wanted.has(word)) {
          const value = stream.next();
          if (!value.done) entry[word] = value.value;
        }
      }
      return origins;
    }
  }
  return origins;
}
