import { badRequest } from './rest-error.js';

/** One step of a JSON path: `->key`, `->>key`, `->0`, `->>-1`. */
export interface JsonStep {
  /** `->>` renders text; `->` keeps JSON. */
  readonly text: boolean;
  readonly key: string;
  /** A number step indexes an array. */
  readonly index: boolean;
}

/** A column as PostgREST names it: an identifier or a `"quoted identifier"`, then an optional JSON path. */
export interface Field {
  readonly name: string;
  readonly path: readonly JsonStep[];
}

// PostgREST's unquoted names: letters, digits, `_`, `$`, and `-` that does not start an arrow.
const bareName = /^[\p{L}\p{N}_$]+(?:-(?!>)[\p{L}\p{N}_$]+)*/u;
const indexStep = /^-?\d+(?![\p{L}\p{N}_$])/u;

function readName(text: string): { name: string; rest: string } | null {
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1);
    if (end <= 1) return null;
    return { name: text.slice(1, end), rest: text.slice(end + 1) };
  }
  const match = bareName.exec(text);
  return match ? { name: match[0], rest: text.slice(match[0].length) } : null;
}

/** Reads a field at the start of `text`; `rest` is what follows it (a cast, `.desc`, `.sum()`…). */
export function readField(text: string): { field: Field; rest: string } | null {
  const head = readName(text);
  if (!head) return null;
  const path: JsonStep[] = [];
  let rest = head.rest;
  while (rest.startsWith('->')) {
    const textStep = rest.startsWith('->>');
    const after = rest.slice(textStep ? 3 : 2);
    const index = indexStep.exec(after);
    if (index) {
      path.push({ text: textStep, key: index[0], index: true });
      rest = after.slice(index[0].length);
      continue;
    }
    const key = readName(after);
    if (!key) return null;
    path.push({ text: textStep, key: key.name, index: false });
    rest = key.rest;
  }
  return { field: { name: head.name, path }, rest };
}

/** A whole string that must be one field (a filter's key). */
export function parseField(text: string, context: string): Field {
  const read = readField(text);
  if (!read || read.rest !== '') throw badRequest(`failed to parse ${context} (${text})`, `"${text}" is not a column or a JSON path into one`);
  return read.field;
}

/** The key PostgREST gives a selected field without an alias: the last JSON key, else the column's name. */
export function fieldLabel(field: Field): string {
  for (let i = field.path.length - 1; i >= 0; i--) {
    const step = field.path[i]!;
    if (!step.index) return step.key;
  }
  return field.name;
}
