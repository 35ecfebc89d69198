// The PDF reader runs in a process of its own with limits: a decompression bomb is refused before
// PDF.js opens it, a reader past its memory or its time is killed and replaced, and the server's
// own process neither holds the bomb's memory nor waits for it.
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PDF_READING_LIMITS, PdfjsDocumentText } from '../../../adapters/documents/pdfjs-document-text.js';
import { deflateBomb, minimalPdf, pdfWithFlateContent } from '../../support/pdf-fixture.js';

const MB = 1024 * 1024;
const readers: PdfjsDocumentText[] = [];
const reader = (limits: Partial<typeof DEFAULT_PDF_READING_LIMITS> = {}) => {
  const made = new PdfjsDocumentText({ ...DEFAULT_PDF_READING_LIMITS, ...limits });
  readers.push(made);
  return made;
};
afterAll(() => readers.forEach((r) => r.close()));

const flateText = (text: string) => pdfWithFlateContent(deflateSync(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`)));

describe('reading a PDF in a process of its own', () => {
  it('reads pages in order, plain and FlateDecode content alike, and the same reader serves the next PDF', async () => {
    const pdf = reader();
    expect(await pdf.pdfText(minimalPdf([['High water', 'at six'], ['Low water at noon']]), 1_000)).toEqual({ success: true, data: 'High water\nat six\n\nLow water at noon' });
    expect(await pdf.pdfText(flateText('Packed text'), 1_000)).toEqual({ success: true, data: 'Packed text' });
  });

  it('refuses a damaged file as unreadable, and reads the next one', async () => {
    const pdf = reader();
    const damaged = await pdf.pdfText(new TextEncoder().encode('%PDF-1.4\nnot really a pdf'), 1_000);
    expect(damaged).toMatchObject({ success: false, error: { code: 'validation', details: { reason: 'invalid' } } });
    expect(await pdf.pdfText(minimalPdf([['Still reading']]), 1_000)).toEqual({ success: true, data: 'Still reading' });
  });
});

describe('a PDF past a limit is refused, naming it', () => {
  it('bombs of 400 MiB and 4 GiB are refused by what they unpack to, and the caller keeps its memory', async () => {
    const pdf = reader();
    const bombs = [pdfWithFlateContent(deflateBomb(400)), pdfWithFlateContent(deflateBomb(4096))];
    const before = process.memoryUsage().rss;
    for (const bomb of bombs) {
      expect(await pdf.pdfText(bomb, 1_000)).toMatchObject({
        success: false,
        error: { code: 'validation', message: 'The PDF unpacks to more than 64 MB; a PDF may hold at most that much once unpacked', details: { reason: 'too_large', limit: 'inflated_size', max: 64 * MB } },
      });
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
    expect(await pdf.pdfText(flateText('After the bombs'), 1_000)).toEqual({ success: true, data: 'After the bombs' });
  });

  it('a bomb the size check lets through is stopped by the reader memory watch, and the next PDF gets a new reader', async () => {
    const pdf = reader({ maxInflatedBytes: 8 * 1024 * MB, maxMemoryBytes: 160 * MB, maxMilliseconds: 60_000 });
    expect(await pdf.pdfText(pdfWithFlateContent(deflateBomb(1024)), 1_000)).toMatchObject({
      success: false,
      error: { code: 'validation', message: 'The PDF needs more than 160 MB of memory to read; it was not kept', details: { reason: 'document_limit', limit: 'memory', max: 160 * MB } },
    });
    expect(await pdf.pdfText(flateText('A fresh reader'), 1_000)).toEqual({ success: true, data: 'A fresh reader' });
    // PDF.js unpacks at a few dozen MB a second: reaching the cap takes seconds, more on a loaded machine.
  }, 120_000);

  it('a reader past its time is killed, and the next PDF gets a new reader', async () => {
    // Two seconds: far beyond a one-line PDF even on a loaded machine, far below what PDF.js takes to unpack 4 GiB.
    const pdf = reader({ maxInflatedBytes: 8 * 1024 * MB, maxMemoryBytes: 8 * 1024 * MB, maxMilliseconds: 2_000 });
    expect(await pdf.pdfText(pdfWithFlateContent(deflateBomb(4096)), 1_000)).toMatchObject({
      success: false,
      error: { code: 'validation', message: 'The PDF took longer than 2 s to read; it was not kept', details: { reason: 'document_limit', limit: 'time', max: 2_000 } },
    });
    expect(await pdf.pdfText(flateText('On time'), 1_000)).toEqual({ success: true, data: 'On time' });
  });

  it('past the readers and the queue, one more PDF is told to come back later', async () => {
    const pdf = reader({ concurrency: 1, maxWaiting: 1 });
    const first = pdf.pdfText(minimalPdf([['one']]), 100);
    const second = pdf.pdfText(minimalPdf([['two']]), 100);
    const third = await pdf.pdfText(minimalPdf([['three']]), 100);
    expect(third).toMatchObject({ success: false, error: { code: 'rate_limited', details: { limit: 'busy' } } });
    expect(await first).toEqual({ success: true, data: 'one' });
    expect(await second).toEqual({ success: true, data: 'two' });
  });

  it('reads at most the page limit and at most the characters asked for', async () => {
    const pdf = reader({ maxPages: 2 });
    expect(await pdf.pdfText(minimalPdf([['first'], ['second'], ['third']]), 1_000)).toEqual({ success: true, data: 'first\n\nsecond' });
    expect(await pdf.pdfText(minimalPdf([['abcdefghij']]), 4)).toEqual({ success: true, data: 'abcd' });
  });
});
