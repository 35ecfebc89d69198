import { badRequest } from './rest-error.js';
import { parseField, readField, type JsonStep } from './parse-field.js';
import { splitTopLevel, unquote } from './split-top-level.js';

export const operators = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj',
] as const;
export type Operator = (typeof operators)[number];

export interface FilterCondition {
  readonly kind: 'filter';
  readonly column: string;
  /** A JSON path into the column (`data->a->>b`), empty for the column itself. */
  readonly path: readonly JsonStep[];
  readonly negate: boolean;
  readonly op: Operator;
  /** `any`/`all` for list comparisons, or the text-search configuration for the fts family. */
  readonly modifier: string | null;
  /** The raw value; a list for `in`. */
  readonly value: string | readonly string[];
}

export interface LogicCondition {
  readonly kind: 'logic';
  readonly op: 'and' | 'or';
  readonly negate: boolean;
  readonly children: readonly Condition[];
}

export type Condition = FilterCondition | LogicCondition;

const operatorSet: ReadonlySet<string> = new Set(operators);
const opPattern = /^(not\.)?([a-z]+)(?:\(([A-Za-z_][A-Za-z0-9_]*)\))?\.([\s\S]*)$/;
const logicPattern = /^(not\.)?(and|or)\(([\s\S]*)\)$/;

const failFilter = (raw: string, why: string) => badRequest(`failed to parse filter (${raw})`, why);

/** `col=not.in.(a,b)` → a condition on `col`. */
export function parseFilter(column: string, expression: string): FilterCondition {
  const field = parseField(column, `filter (${column}=${expression})`);
  const match = opPattern.exec(expression);
  if (!match) throw failFilter(expression, 'expected <operator>.<value>, e.g. eq.1');
  const [, not, op = '', modifier = null, rawValue = ''] = match;
  if (!operatorSet.has(op)) throw failFilter(expression, `unknown operator "${op}"`);
  const operator = op as Operator;
  if (modifier !== null && !['any', 'all'].includes(modifier) && !operator.endsWith('fts')) {
    throw failFilter(expression, `"${op}" takes no "(${modifier})" modifier`);
  }
  let value: string | string[] = rawValue;
  if (operator === 'in') {
    if (!rawValue.startsWith('(') || !rawValue.endsWith(')')) throw failFilter(expression, 'in expects a list: in.(a,b)');
    const inner = rawValue.slice(1, -1);
    const items = inner === '' ? [] : splitTopLevel(inner);
    if (!items) throw failFilter(expression, 'unbalanced quotes in the list');
    value = items.map((item) => unquote(item.trim()));
  } else if (operator === 'is' && !['null', 'true', 'false', 'unknown', 'not_null'].includes(rawValue.toLowerCase())) {
    throw failFilter(expression, 'is accepts null, not_null, true, false or unknown');
  }
  return { kind: 'filter', column: field.name, path: field.path, negate: Boolean(not), op: operator, modifier, value };
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` with its key (`or`, `and`, `not.or`, `not.and`). */
export function parseLogic(key: string, expression: string): LogicCondition {
  const negate = key.startsWith('not.');
  const op = (negate ? key.slice(4) : key) as 'and' | 'or';
  if (!expression.startsWith('(') || !expression.endsWith(')')) {
    throw failFilter(expression, `${op} expects a parenthesised list: ${op}=(a.eq.1,b.eq.2)`);
  }
  return { kind: 'logic', op, negate, children: parseConditionList(expression.slice(1, -1), expression, 1) };
}

const maxLogicDepth = 16;

function parseConditionList(inner: string, raw: string, depth: number): Condition[] {
  if (depth > maxLogicDepth) throw failFilter(raw.slice(0, 100), `and/or nested deeper than ${maxLogicDepth} levels`);
  const parts = splitTopLevel(inner);
  if (!parts || parts.length === 0 || parts.some((part) => part.trim() === '')) {
    throw failFilter(raw, 'unbalanced parentheses or an empty condition');
  }
  return parts.map((part) => {
    const text = part.trim();
    const logic = logicPattern.exec(text);
    if (logic) {
      return { kind: 'logic', op: logic[2] as 'and' | 'or', negate: Boolean(logic[1]), children: parseConditionList(logic[3] ?? '', raw, depth + 1) };
    }
    const read = readField(text);
    const dot = read && read.rest.startsWith('.') ? text.length - read.rest.length : -1;
    if (dot <= 0) throw failFilter(raw, `"${text}" is not <column>.<operator>.<value>`);
    const filter = parseFilter(text.slice(0, dot), text.slice(dot + 1));
    return typeof filter.value === 'string' ? { ...filter, value: unquote(filter.value) } : filter;
  });
}

export interface OrderTerm {
  readonly column: string;
  readonly path: readonly JsonStep[];
  readonly descending: boolean;
  readonly nulls: 'first' | 'last' | null;
}

/** `order=a.desc.nullslast,b` */
export function parseOrder(raw: string): OrderTerm[] {
  const terms = splitTopLevel(raw);
  if (!terms) throw badRequest(`failed to parse order (${raw})`, 'unbalanced quotes');
  return terms.map((term) => {
    const read = readField(term.trim());
    if (!read || (read.rest !== '' && !read.rest.startsWith('.'))) {
      throw badRequest(`failed to parse order (${raw})`, `"${term.trim()}" is not a column name or a JSON path into one`);
    }
    const modifiers = read.rest === '' ? [] : read.rest.slice(1).split('.');
    let descending = false;
    let nulls: 'first' | 'last' | null = null;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast') nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw badRequest(`failed to parse order (${raw})`, `unknown modifier "${modifier}"`);
    }
    return { column: read.field.name, path: read.field.path, descending, nulls };
  });
}
