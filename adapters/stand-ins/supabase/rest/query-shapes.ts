import { randomUUID } from 'node:crypto';
import type { SchemaCache } from './schema-cache.js';

/**
 * The query-shape cache: a read's SQL built once per shape and reused with the request's own values bound as
 * parameters. A shape is the query string with the values of plain comparison filters (`id=eq.…`, `n=gt.…`,
 * `not.` included, top level or inside an embed) lifted out; everything else — select, order, paging, `or`/`and`,
 * `in` lists, `is`, pattern and text-search filters, the Range header, the answer's format — stays in the key,
 * since it changes the SQL. Shapes belong to one schema cache: a reload (DDL, `NOTIFY pgrst`) makes a new schema
 * cache and so starts with no shapes, and a shape never outlives the columns it was built against.
 */

// Operators whose value only ever becomes one bound parameter, untouched (like/ilike rewrite `*`, so they stay).
const liftable = /^((?:not\.)?(?:eq|neq|gt|gte|lt|lte|isdistinct|match|imatch|cs|cd|ov|sl|sr|nxl|nxr|adj)\.)([\s\S]*)$/;
// Keys that are never a filter on a column, at the top level or inside an embed (`rel.order`).
const notFilters = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const notFilterSuffix = /(?:^|\.)(?:order|limit|offset|or|and)$/;

/** What a shape's build returns: the statement parts, and the parameters in their `$n` order. */
export interface Built<T extends Readonly<Record<string, unknown>>> {
  readonly compiled: T;
  readonly values: readonly unknown[];
}

interface Template<T extends Readonly<Record<string, unknown>>> {
  readonly compiled: T;
  /** For each `$n`: the index of the lifted value it binds, or null for `constants[n]`. */
  readonly slots: readonly (number | null)[];
  readonly constants: readonly unknown[];
}

/** Shapes kept per schema cache; the least recently used go first past this many. */
const shapesPerSchema = 500;

export class QueryShapes {
  private readonly bySchema = new WeakMap<SchemaCache, Map<string, Template<Readonly<Record<string, unknown>>>>>();
  // Stands in for a lifted value while a shape is built; random, so no value a client sends can be mistaken for it.
  private readonly marker = `\u0000shape-${randomUUID()}-`;

  constructor(private readonly size = shapesPerSchema) {}

  /**
   * The statement for `search` (plus `context`, whatever else of the request changes the SQL): from the cache
   * when its shape was built before against `schema`, else built by `build` and kept. `build` gets the query
   * string to compile: the request's own, or one with markers for the lifted values. A build with markers that
   * fails is done again with the real values, so every error a client sees names what it sent.
   */
  statement<T extends Readonly<Record<string, unknown>>>(schema: SchemaCache, context: string, search: URLSearchParams, build: (search: URLSearchParams) => Built<T>): Built<T> {
    const entries: [string, string][] = [];
    const lifted: string[] = [];
    const keyParts: string[] = [context];
    for (const [key, value] of search) {
      const match = notFilters.has(key) || notFilterSuffix.test(key) ? null : liftable.exec(value);
      if (match) {
        lifted.push(match[2] ?? '');
        entries.push([key, `${match[1] ?? ''}${this.marker}${lifted.length - 1}`]);
        keyParts.push(key, `${match[1] ?? ''}\u0000`);
      } else {
        entries.push([key, value]);
        keyParts.push(key, value);
      }
    }
    const key = JSON.stringify(keyParts);
    let shapes = this.bySchema.get(schema);
    if (!shapes) this.bySchema.set(schema, (shapes = new Map()));
    const known = shapes.get(key) as Template<T> | undefined;
    if (known) {
      shapes.delete(key);
      shapes.set(key, known);
      return { compiled: known.compiled, values: known.slots.map((slot, i) => (slot === null ? known.constants[i] : lifted[slot])) };
    }
    if (lifted.length === 0) return this.keep(shapes, key, build(search), lifted);
    let built: Built<T>;
    try {
      built = build(new URLSearchParams(entries));
    } catch {
      return build(search);
    }
    const template = this.template(built, lifted.length);
    if (!template) return build(search);
    this.remember(shapes, key, template);
    return { compiled: built.compiled, values: template.slots.map((slot, i) => (slot === null ? template.constants[i] : lifted[slot])) };
  }

  private keep<T extends Readonly<Record<string, unknown>>>(shapes: Map<string, Template<Readonly<Record<string, unknown>>>>, key: string, built: Built<T>, lifted: readonly string[]): Built<T> {
    const template = this.template(built, lifted.length);
    if (template) this.remember(shapes, key, template);
    return built;
  }

  /** The parameters as slots; null when a marker was not bound whole (then this shape is not cached). */
  private template<T extends Readonly<Record<string, unknown>>>(built: Built<T>, liftedCount: number): Template<T> | null {
    const slots: (number | null)[] = [];
    const constants: unknown[] = [];
    const seen = new Set<number>();
    for (const value of built.values) {
      if (typeof value === 'string' && value.includes(this.marker)) {
        const slot = Number(value.slice(this.marker.length));
        if (!value.startsWith(this.marker) || !Number.isInteger(slot) || slot < 0 || slot >= liftedCount) return null;
        seen.add(slot);
        slots.push(slot);
        constants.push(null);
      } else {
        slots.push(null);
        constants.push(value);
      }
    }
    // A lifted value that no parameter carries went somewhere else (the SQL text): not a shape to reuse.
    if (seen.size !== liftedCount) return null;
    if (Object.values(built.compiled).some((part) => typeof part === 'string' && part.includes(this.marker))) return null;
    return { compiled: built.compiled, slots, constants };
  }

  private remember<T extends Readonly<Record<string, unknown>>>(
    shapes: Map<string, Template<Readonly<Record<string, unknown>>>>, key: string, template: Template<T>,
  ): void {
    if (shapes.size >= this.size) shapes.delete(shapes.keys().next().value as string);
    shapes.set(key, template);
  }
}
