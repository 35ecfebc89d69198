import { FolderPersistence, type Op, type Snapshot } from './persistence.js';

export interface StoredRecord {
  readonly id: string;
}

/** A secondary index: one key, several keys, or none for a record. */
export type IndexKey<T> = (record: T) => string | readonly string[] | undefined | null;

export interface StoreOptions {
  /** Folder for durable state; omit for a memory-only store. */
  readonly dataDir?: string;
  /** Rewrite the snapshot after this many logged transactions (default 5,000). */
  readonly compactEvery?: number;
  /** fsync every transaction (default true); the benchmark's bulk seeding turns it off. */
  readonly fsync?: boolean;
}

interface Transaction {
  readonly ops: Op[];
  readonly undo: (() => void)[];
  readonly after: (() => void)[];
}

/**
 * The sandbox's state: named collections of plain JSON records keyed by id, with secondary indexes.
 * Records are immutable values: change one with `put`/`update`, never in place. Every change goes
 * through a synchronous transaction, logged as one line, so a request's writes land all or nothing,
 * and a handler that throws halfway leaves memory exactly as it was.
 */
export class Store {
  private readonly collections = new Map<string, Collection<StoredRecord>>();
  private readonly raw: Snapshot;
  private readonly persistence: FolderPersistence | null;
  private tx: Transaction | null = null;
  private readonly compactEvery: number;
  private changes = 0;

  constructor(options: StoreOptions = {}) {
    this.compactEvery = options.compactEvery ?? 5_000;
    this.persistence = options.dataDir === undefined ? null : new FolderPersistence(options.dataDir, { fsync: options.fsync ?? true });
    this.raw = this.persistence?.load() ?? new Map();
  }

  /**
   * Counts every change to any record (undone ones too): a view computed from several records is
   * still current while this number is the one it was computed at.
   */
  get generation(): number {
    return this.changes;
  }

  /** @internal used by Collection on every put, delete and undo */
  changed(): void {
    this.changes += 1;
  }

  /** The collection called `name`, created on first use; indexes may be added by any module. */
  collection<T extends StoredRecord>(name: string, indexes: Record<string, IndexKey<T>> = {}): Collection<T> {
    let found = this.collections.get(name) as Collection<T> | undefined;
    if (found === undefined) {
      let records = this.raw.get(name);
      if (records === undefined) this.raw.set(name, (records = new Map()));
      found = new Collection<T>(name, records as unknown as Map<string, T>, this);
      this.collections.set(name, found as unknown as Collection<StoredRecord>);
    }
    for (const [indexName, key] of Object.entries(indexes)) found.addIndex(indexName, key);
    return found;
  }

  /** Runs `fn` as one transaction (nested calls join the outer one). `fn` must be synchronous. */
  transaction<R>(fn: () => R): R {
    if (this.tx !== null) return fn();
    const tx: Transaction = { ops: [], undo: [], after: [] };
    this.tx = tx;
    try {
      const result = fn();
      if (result instanceof Promise) throw new Error('store transactions must be synchronous');
      if (tx.ops.length > 0) this.persistence?.append(tx.ops);
      this.tx = null;
      for (const callback of tx.after) callback();
      this.maybeCompact();
      return result;
    } catch (error) {
      for (let i = tx.undo.length - 1; i >= 0; i -= 1) tx.undo[i]?.();
      throw error;
    } finally {
      this.tx = null;
    }
  }

  /** Runs `callback` once the current transaction is durable (at once when there is none). */
  afterCommit(callback: () => void): void {
    if (this.tx === null) callback();
    else this.tx.after.push(callback);
  }

  /** @internal used by Collection */
  record(op: Op, undo: () => void): void {
    if (this.tx !== null) {
      this.tx.ops.push(op);
      this.tx.undo.push(undo);
      return;
    }
    try {
      this.persistence?.append([op]);
    } catch (error) {
      undo();
      throw error;
    }
    this.maybeCompact();
  }

  compact(): void {
    this.persistence?.compact(this.raw);
  }

  close(): void {
    if (this.persistence !== null && this.persistence.pendingLines > 0) this.compact();
    this.persistence?.close();
  }

  private maybeCompact(): void {
    if (this.persistence !== null && this.persistence.pendingLines >= this.compactEvery) this.compact();
  }
}

/** Index entries: a key maps to one id, or to a set once a second record shares it (most keys are unique). */
type Entries = Map<string, string | Set<string>>;

export class Collection<T extends StoredRecord> {
  /** Built on first use, so a restart only parses the state; `null` until then. */
  private readonly indexes = new Map<string, { key: IndexKey<T>; entries: Entries | null }>();

  constructor(
    readonly name: string,
    private readonly records: Map<string, T>,
    private readonly store: Store,
  ) {}

  get size(): number {
    return this.records.size;
  }

  get(id: string): T | undefined {
    return this.records.get(id);
  }

  /** Records in insertion order. */
  values(): IterableIterator<T> {
    return this.records.values();
  }

  filter(predicate: (record: T) => boolean): T[] {
    const out: T[] = [];
    for (const record of this.records.values()) if (predicate(record)) out.push(record);
    return out;
  }

  find(predicate: (record: T) => boolean): T | undefined {
    for (const record of this.records.values()) if (predicate(record)) return record;
    return undefined;
  }

  /** Records whose index `index` has `key`, in insertion order. */
  byIndex(index: string, key: string): T[] {
    const ids = this.entries(index).get(key);
    if (ids === undefined) return [];
    if (typeof ids === 'string') {
      const record = this.records.get(ids);
      return record === undefined ? [] : [record];
    }
    const out: T[] = [];
    for (const id of ids) {
      const record = this.records.get(id);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  oneByIndex(index: string, key: string): T | undefined {
    const ids = this.entries(index).get(key);
    if (ids === undefined) return undefined;
    if (typeof ids === 'string') return this.records.get(ids);
    for (const id of ids) return this.records.get(id);
    return undefined;
  }

  /** Inserts or replaces the record with the same id. */
  put(record: T): T {
    const previous = this.records.get(record.id);
    this.setRaw(record.id, record);
    this.store.record([this.name, record.id, record as unknown as Record<string, unknown>], () => this.setRaw(record.id, previous));
    return record;
  }

  /** Replaces a record by a changed copy; throws when the id is unknown (a bug, not a 404). */
  update(id: string, change: Partial<T> | ((current: T) => T)): T {
    const current = this.records.get(id);
    if (current === undefined) throw new Error(`${this.name}/${id} does not exist`);
    const next = typeof change === 'function' ? change(current) : { ...current, ...change };
    return this.put(next);
  }

  delete(id: string): void {
    const previous = this.records.get(id);
    if (previous === undefined) return;
    this.setRaw(id, undefined);
    this.store.record([this.name, id, null], () => this.setRaw(id, previous));
  }

  addIndex(name: string, key: IndexKey<T>): void {
    if (!this.indexes.has(name)) this.indexes.set(name, { key, entries: null });
  }

  private entries(name: string): Entries {
    const index = this.indexes.get(name);
    if (index === undefined) throw new Error(`${this.name} has no index "${name}"`);
    if (index.entries === null) {
      const entries: Entries = new Map();
      for (const record of this.records.values()) addKeys(entries, keysOf(index.key(record)), record.id);
      index.entries = entries;
    }
    return index.entries;
  }

  private setRaw(id: string, record: T | undefined): void {
    this.store.changed();
    const previous = this.records.get(id);
    for (const { key, entries } of this.indexes.values()) {
      if (entries === null) continue;
      // only keys that changed move, so an updated record keeps its place in index order
      const before = previous === undefined ? [] : keysOf(key(previous));
      const after = record === undefined ? [] : keysOf(key(record));
      removeKeys(entries, before.filter((k) => !after.includes(k)), id);
      addKeys(entries, after.filter((k) => !before.includes(k)), id);
    }
    if (record === undefined) this.records.delete(id);
    else this.records.set(id, record);
  }
}

function keysOf(keys: string | readonly string[] | undefined | null): readonly string[] {
  if (keys === undefined || keys === null) return [];
  return typeof keys === 'string' ? [keys] : keys;
}

function addKeys(entries: Entries, keys: readonly string[], id: string): void {
  for (const key of keys) {
    const ids = entries.get(key);
    if (ids === undefined) entries.set(key, id);
    else if (typeof ids === 'string') {
      if (ids !== id) entries.set(key, new Set([ids, id]));
    } else ids.add(id);
  }
}

function removeKeys(entries: Entries, keys: readonly string[], id: string): void {
  for (const key of keys) {
    const ids = entries.get(key);
    if (ids === undefined) continue;
    if (typeof ids === 'string') {
      if (ids === id) entries.delete(key);
    } else {
      ids.delete(id);
      if (ids.size === 0) entries.delete(key);
    }
  }
}
