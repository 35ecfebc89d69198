import { chmodSync, closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** One change: `[collection, id, record]`, or `[collection, id, null]` for a removal. */
export type Op = readonly [collection: string, id: string, record: Record<string, unknown> | null];
export type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

const SNAPSHOT = 'state.json';
const LOG = 'wal.log';
const LOCK = 'LOCK';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two processes appending to one log would corrupt it (say `npm start` embedding the sandbox while
 * `npm run sandbox:billing` runs): the folder is locked by pid; a dead owner's lock is taken over.
 */
function lockFolder(dir: string): void {
  const path = join(dir, LOCK);
  if (existsSync(path)) {
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(`billing sandbox data folder ${dir} is in use by process ${owner}`);
    }
  }
  writeFileSync(path, String(process.pid), { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * Durable state in a folder: a snapshot (`state.json`, replaced atomically: temp file + fsync +
 * rename + directory fsync) and an append-only log (`wal.log`, one JSON line per transaction,
 * fsynced before the caller is answered). A torn last line is a write that was never acknowledged,
 * so loading drops it and truncates the log there. Each line carries a sequence number so a crash
 * between "snapshot renamed" and "log truncated" replays nothing twice.
 */
export class FolderPersistence {
  private fd: number | null = null;
  private seq = 0;
  private linesSinceSnapshot = 0;

  constructor(
    readonly dir: string,
    private readonly options: { fsync: boolean } = { fsync: true },
  ) {}

  load(): Snapshot {
    // The log and snapshot hold the organization token and webhook secret: owner only.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    lockFolder(this.dir);
    const state: Snapshot = new Map();
    const snapshotPath = join(this.dir, SNAPSHOT);
    if (existsSync(snapshotPath)) {
      chmodSync(snapshotPath, 0o600);
      // records are stored as arrays: a JSON object with 100,000 keys parses far slower than an array
      const parsed = JSON.parse(readFileSync(snapshotPath, 'utf8')) as { seq: number; collections: Record<string, Record<string, unknown>[]> };
      this.seq = parsed.seq;
      for (const [name, records] of Object.entries(parsed.collections)) {
        const map = new Map<string, Record<string, unknown>>();
        for (const record of records) map.set(record.id as string, record);
        state.set(name, map);
      }
    }
    const logPath = join(this.dir, LOG);
    let validBytes = 0;
    if (existsSync(logPath)) {
      const raw = readFileSync(logPath);
      let start = 0;
      while (start < raw.length) {
        const end = raw.indexOf(0x0a, start);
        if (end === -1) break; // no newline: the write was cut short and never acknowledged
        const entry = parseLine(raw.subarray(start, end).toString('utf8'));
        if (entry === null) break;
        if (entry.s > this.seq) {
          for (const op of entry.o) apply(state, op);
          this.seq = entry.s;
        }
        this.linesSinceSnapshot += 1;
        start = end + 1;
        validBytes = start;
      }
    }
    this.fd = openSync(logPath, 'a+', 0o600);
    chmodSync(logPath, 0o600);
    ftruncateSync(this.fd, validBytes);
    return state;
  }

  /** Appends one transaction; returns once it is on disk (when fsync is on). */
  append(ops: readonly Op[]): void {
    if (this.fd === null) throw new Error('persistence is closed');
    const line = `${JSON.stringify({ s: this.seq + 1, o: ops })}\n`;
    writeSync(this.fd, line);
    if (this.options.fsync) fsyncSync(this.fd);
    this.seq += 1;
    this.linesSinceSnapshot += 1;
  }

  get pendingLines(): number {
    return this.linesSinceSnapshot;
  }

  /** Writes the whole state as the new snapshot, then empties the log. */
  compact(state: Snapshot): void {
    if (this.fd === null) throw new Error('persistence is closed');
    const collections: Record<string, Record<string, unknown>[]> = {};
    for (const [name, records] of state) collections[name] = [...records.values()];
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify({ seq: this.seq, collections }));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT));
    syncDir(this.dir);
    ftruncateSync(this.fd, 0);
    if (this.options.fsync) fsyncSync(this.fd);
    this.linesSinceSnapshot = 0;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    rmSync(join(this.dir, LOCK), { force: true });
  }
}

function parseLine(line: string): { s: number; o: Op[] } | null {
  try {
    const entry = JSON.parse(line) as { s?: unknown; o?: unknown };
    return typeof entry.s === 'number' && Array.isArray(entry.o) ? (entry as { s: number; o: Op[] }) : null;
  } catch {
    return null;
  }
}

function apply(state: Snapshot, [collection, id, record]: Op): void {
  let records = state.get(collection);
  if (records === undefined) state.set(collection, (records = new Map()));
  if (record === null) records.delete(id);
  else records.set(id, record);
}

function syncDir(dir: string): void {
  // Makes the rename itself durable; some platforms refuse to open a directory, which is harmless.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}
