import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { DocumentText } from '../../core/chat/index.js';
import { MAX_PDF_INFLATED_BYTES, MAX_PDF_PAGES } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** What reading one PDF may take; past any of them the PDF is refused and its reader ended. */
export interface PdfReadingLimits {
  /** Bytes all of a PDF's (non-image) streams may inflate to together. */
  readonly maxInflatedBytes: number;
  /** Pages read at most: a longer document's text would pass any model's context long before. */
  readonly maxPages: number;
  /** Memory the reader's process may hold (its resident set), PDF.js and the PDF's objects together. */
  readonly maxMemoryBytes: number;
  /** Wall-clock time one PDF may take. */
  readonly maxMilliseconds: number;
  /** PDFs read at once (one process each). */
  readonly concurrency: number;
  /** PDFs waiting for a reader beyond those; one more is refused as too many at once. */
  readonly maxWaiting: number;
  /**
   * Keep one reader started and waiting, so that no upload waits for PDF.js to load (about a
   * second): the app server's choice; elsewhere a reader idle for a minute ends.
   */
  readonly keepOneWarm: boolean;
}

const MB = 1024 * 1024;
export const DEFAULT_PDF_READING_LIMITS: PdfReadingLimits = {
  maxInflatedBytes: MAX_PDF_INFLATED_BYTES,
  maxPages: MAX_PDF_PAGES,
  maxMemoryBytes: 384 * MB,
  maxMilliseconds: 10_000,
  concurrency: 2,
  maxWaiting: 8,
  keepOneWarm: false,
};

const CHILD = new URL('./pdf-text-child.mjs', import.meta.url);
/** How often a reader's memory is looked at while it works. */
const WATCH_EVERY_MS = 20;
/** The reader's niceness (0 is the server's; 19 the lowest priority). */
const READER_NICENESS = 10;
/** A reader left idle this long is ended (the next PDF starts another). */
const IDLE_MS = 60_000;

type Answer = { id: number; ok: true; text: string } | { id: number; ok: false; limit: 'inflated_size' | null; password: boolean };
type Reader = { child: ChildProcess; ready: Promise<boolean>; idleTimer?: NodeJS.Timeout };
type Refusal = { limit: 'inflated_size' | 'memory' | 'time' | 'busy' } | { unreadable: 'password' | 'damaged' | 'reader' };

/** Resident memory of a process, from /proc (Linux); null where there is no /proc. */
function residentBytes(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}

/**
 * A PDF's text with Mozilla's PDF.js (pdfjs-dist, its legacy build for Node), read in a process of
 * its own, never on the server's event loop: a PDF is untrusted, and a small one can inflate to
 * gigabytes (a decompression bomb) or keep a parser busy for seconds. Before PDF.js opens it, its
 * streams' inflated size is counted (stopping at the limit); while PDF.js reads it, the reader's
 * memory is watched and its time bounded, and a reader past either is killed and replaced. No
 * canvas, no fonts loaded, no script evaluated, nothing fetched. Pages are separated by a blank line.
 */
export class PdfjsDocumentText implements DocumentText {
  private readonly idle: Reader[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly limits: PdfReadingLimits = DEFAULT_PDF_READING_LIMITS,
    /** Told when the reader kept warm (`keepOneWarm`) is ready for a PDF, each time one is started. */
    private readonly onWarm: () => void = () => undefined,
  ) {
    if (limits.keepOneWarm) this.warm();
  }

  async pdfText(bytes: Uint8Array, maxCharacters: number): Promise<Result<string>> {
    if (this.busy < this.limits.concurrency) this.busy += 1;
    else if (this.waiting.length >= this.limits.maxWaiting) return refused({ limit: 'busy' }, this.limits);
    // A PDF that waits is handed its slot by the one it waited for, so none can slip in between.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      const answer = await this.read(bytes, maxCharacters);
      return 'text' in answer ? ok(answer.text) : refused(answer, this.limits);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }

  /** Ends every reader (a stopping server; readers also end by themselves when it is gone). */
  close(): void {
    this.closed = true;
    for (const reader of this.idle.splice(0)) reader.child.kill('SIGKILL');
  }

  /** Starts a reader for the next PDF unless one waits already. */
  private warm(): void {
    if (this.closed || this.idle.length > 0) return;
    const reader = this.start();
    void reader.ready.then((ready) => {
      if (!ready) return;
      this.release(reader);
      this.onWarm();
    });
  }

  private async read(bytes: Uint8Array, maxCharacters: number): Promise<{ text: string } | Refusal> {
    let reader = this.idle.pop();
    while (reader !== undefined && !reader.child.connected) reader = this.idle.pop();
    reader ??= this.start();
    clearTimeout(reader.idleTimer);
    if (!(await reader.ready)) return { unreadable: 'reader' };
    const id = this.nextId++;
    const { child } = reader;
    child.ref();
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: { text: string } | Refusal, keep: boolean) => {
        if (done) return;
        done = true;
        clearInterval(watch);
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (keep) this.release(reader);
        else {
          child.kill('SIGKILL');
          if (this.limits.keepOneWarm) this.warm();
        }
        resolve(outcome);
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        if (answer.ok) finish({ text: answer.text }, true);
        else if (answer.limit) finish({ limit: answer.limit }, true);
        else finish({ unreadable: answer.password ? 'password' : 'damaged' }, true);
      };
      const onExit = () => finish({ unreadable: 'reader' }, false);
      const watch = setInterval(() => {
        const resident = child.pid === undefined ? null : residentBytes(child.pid);
        if (resident !== null && resident > this.limits.maxMemoryBytes) finish({ limit: 'memory' }, false);
      }, WATCH_EVERY_MS);
      const timer = setTimeout(() => finish({ limit: 'time' }, false), this.limits.maxMilliseconds);
      child.on('message', onMessage);
      child.on('exit', onExit);
      try {
        child.send({ id, bytes, maxCharacters, maxPages: this.limits.maxPages, maxInflatedBytes: this.limits.maxInflatedBytes });
      } catch {
        finish({ unreadable: 'reader' }, false);
      }
    });
  }

  private start(): Reader {
    // Bare Node, whatever runs this process: the heap bounded too, so a runaway reader fails early.
    const heapMb = Math.max(64, Math.floor(this.limits.maxMemoryBytes / MB / 2));
    const child = fork(CHILD, [], { execArgv: [`--max-old-space-size=${heapMb}`], serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    // Reading is background work: when the cores are busy, the server's answers go first.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, READER_NICENESS);
      } catch {
        // Not permitted here: the reader runs at the server's priority.
      }
    }
    const ready = new Promise<boolean>((resolve) => {
      child.once('message', () => resolve(true));
      child.once('exit', () => resolve(false));
      child.once('error', () => resolve(false));
    });
    return { child, ready };
  }

  /** A reader that answered waits for the next PDF, without keeping the server's process alive. */
  private release(reader: Reader): void {
    if (this.closed || this.idle.length >= this.limits.concurrency) {
      reader.child.kill('SIGKILL');
      return;
    }
    reader.child.unref();
    this.idle.push(reader);
    if (this.limits.keepOneWarm && this.idle.length === 1) return;
    reader.idleTimer = setTimeout(() => {
      const at = this.idle.indexOf(reader);
      if (at !== -1) this.idle.splice(at, 1);
      reader.child.kill('SIGKILL');
    }, IDLE_MS);
    reader.idleTimer.unref();
  }
}

/** A refused PDF in the product's words, naming the limit it passed (413 for size, 422 the rest). */
function refused(refusal: Refusal, limits: PdfReadingLimits): Result<never> {
  if ('unreadable' in refusal) {
    const reason =
      refusal.unreadable === 'password' ? 'it is protected by a password' : refusal.unreadable === 'damaged' ? 'it is damaged or not a PDF' : 'its reader stopped';
    return fail(domainError('validation', `The PDF could not be read: ${reason}`, { reason: 'invalid' }));
  }
  switch (refusal.limit) {
    case 'inflated_size':
      return fail(domainError('validation', `The PDF unpacks to more than ${limits.maxInflatedBytes / MB} MB; a PDF may hold at most that much once unpacked`, { reason: 'too_large', limit: 'inflated_size', max: limits.maxInflatedBytes }));
    case 'memory':
      return fail(domainError('validation', `The PDF needs more than ${limits.maxMemoryBytes / MB} MB of memory to read; it was not kept`, { reason: 'document_limit', limit: 'memory', max: limits.maxMemoryBytes }));
    case 'time':
      return fail(domainError('validation', `The PDF took longer than ${limits.maxMilliseconds / 1000} s to read; it was not kept`, { reason: 'document_limit', limit: 'time', max: limits.maxMilliseconds }));
    case 'busy':
      return fail(domainError('rate_limited', 'Too many PDFs are being read right now; try again in a moment', { limit: 'busy', retryAfterSeconds: 5 }));
  }
}
