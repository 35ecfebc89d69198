// The PDF reader's own process (see pdfjs-document-text.ts): it reads one PDF at a time from its
// parent over IPC and answers its text, or which limit the PDF passed. Plain JavaScript so that it
// starts under bare Node, whatever runs the parent (tsx, vitest, a build).
import { constants, createInflate } from 'node:zlib';
// Loaded before the reader says it is ready, so a PDF's time limit counts reading it, not this:
// PDF.js in Node runs its worker's side in this thread, found on globalThis instead of imported later.
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** @typedef {{ id: number, bytes: Uint8Array, maxCharacters: number, maxPages: number, maxInflatedBytes: number }} Job */

const KEYWORD = Buffer.from('stream');
const END = Buffer.from('endstream');
/** How far before a stream its dictionary is looked for (dictionaries of text streams are short). */
const DICTIONARY_WINDOW = 4096;

/** Whether two bytes start a zlib stream (deflate, a valid header check). */
const isZlibHeader = (a, b) => a !== undefined && b !== undefined && (a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0;

/**
 * Inflates `data`, counting what comes out and stopping past `budget`: answers the count (more than
 * `budget` when it was passed). What inflates before a damaged byte counts, as a reader would keep it.
 * Output that is itself a zlib stream (a filter chain of two FlateDecode) is counted once more.
 */
function inflatedSize(data, budget, nested = 0) {
  return new Promise((resolve) => {
    if (!isZlibHeader(data[0], data[1])) return resolve(0);
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 1024 * 1024 });
    let count = 0;
    const kept = [];
    let keep = nested < 2;
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (count <= budget && keep && kept.length > 0) {
        const inner = Buffer.concat(kept);
        if (isZlibHeader(inner[0], inner[1])) return resolve(count + (await inflatedSize(inner, budget - count, nested + 1)));
      }
      resolve(count);
    };
    inflate.on('data', (chunk) => {
      count += chunk.length;
      if (keep && count === chunk.length && !isZlibHeader(chunk[0], chunk[1])) keep = false;
      if (keep) kept.push(chunk);
      if (count > budget) void settle();
    });
    inflate.on('error', () => void settle());
    inflate.on('end', () => void settle());
    inflate.end(data);
  });
}

/**
 * The inflated size of every stream a text reader may decode, stopping past `budget`. Streams are
 * found by their keyword, as a damaged file's reader would find them too; images are left out
 * (reading text never decodes them) when their dictionary says so.
 */
async function streamsInflatedSize(bytes, budget) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const at = buffer.indexOf(KEYWORD, from);
    if (at === -1) return total;
    from = at + KEYWORD.length;
    if (at >= 3 && buffer.toString('latin1', at - 3, at) === 'end') continue;
    let start = from;
    if (buffer[start] === 0x0d) start += 1;
    if (buffer[start] === 0x0a) start += 1;
    if (start === from) continue;
    const end = buffer.indexOf(END, start);
    const dictionary = buffer.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
    const opened = dictionary.lastIndexOf(' obj');
    if (/\/Subtype\s*\/Image\b/.test(opened === -1 ? dictionary : dictionary.slice(opened))) continue;
    total += await inflatedSize(buffer.subarray(start, end === -1 ? buffer.length : end), budget - total);
    if (total > budget) return total;
    if (end !== -1) from = end + END.length;
  }
}

/** @param {Job} job */
async function read(job) {
  const inflated = await streamsInflatedSize(job.bytes, job.maxInflatedBytes);
  if (inflated > job.maxInflatedBytes) return { id: job.id, ok: false, limit: 'inflated_size' };
  const task = getDocument({ data: job.bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages = [];
    let length = 0;
    for (let number = 1; number <= Math.min(document.numPages, job.maxPages) && length < job.maxCharacters; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+\n/g, '\n')
        .trim();
      page.cleanup();
      if (text !== '') {
        pages.push(text);
        length += text.length + 2;
      }
    }
    return { id: job.id, ok: true, text: pages.join('\n\n').slice(0, job.maxCharacters), pages: document.numPages };
  } catch (error) {
    return { id: job.id, ok: false, limit: null, password: error?.name === 'PasswordException' };
  } finally {
    await task.destroy();
  }
}

process.on('message', (job) => {
  read(job).then(
    (answer) => process.send?.(answer),
    () => process.send?.({ id: job.id, ok: false, limit: null, password: false }),
  );
});
// The parent gone (stopped, or killed), this process has nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
