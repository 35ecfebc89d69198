import { describe, expect, it } from 'vitest';
import { PdfjsDocumentText } from '../../../adapters/documents/pdfjs-document-text.js';
import { imageDimensions, imageTokens, ACCEPTED_FILES_TEXT, ATTACHMENT_SIZE_LIMITS, attachmentIdsSchema, base64Length, checkFile, checkImageSize, checkMessageImages, classifyFile, decodeText, formatBytes, matchesSignature, MAX_IMAGE_BYTES, MAX_REQUEST_IMAGE_BYTES, MB } from '../../../core/chat/index.js';
import { minimalPdf } from '../../support/pdf-fixture.js';
import { pngBytes } from '../../support/storage-users.js';

describe('which files may be attached', () => {
  it('images by type or extension, PDFs, and text and code by extension whatever type the browser gave', () => {
    expect(classifyFile('cat.png', 'image/png')).toEqual({ kind: 'image', mediaType: 'image/png' });
    expect(classifyFile('cat.JPG', '')).toEqual({ kind: 'image', mediaType: 'image/jpeg' });
    expect(classifyFile('cat.webp', 'image/webp')).toEqual({ kind: 'image', mediaType: 'image/webp' });
    expect(classifyFile('report.pdf', 'application/pdf')).toEqual({ kind: 'pdf', mediaType: 'application/pdf' });
    expect(classifyFile('notes.md', '')).toEqual({ kind: 'text', mediaType: 'text/markdown' });
    expect(classifyFile('data.csv', 'text/csv')).toEqual({ kind: 'text', mediaType: 'text/csv' });
    // Browsers call .ts files MPEG transport streams.
    expect(classifyFile('app.ts', 'video/mp2t')).toEqual({ kind: 'text', mediaType: 'text/plain' });
    expect(classifyFile('Dockerfile', '')).toEqual({ kind: 'text', mediaType: 'text/plain' });
    expect(classifyFile('log.whatever', 'text/x-log')).toEqual({ kind: 'text', mediaType: 'text/plain' });
    expect(classifyFile('anim.gif', 'image/gif')).toBeNull();
    expect(classifyFile('setup.exe', 'application/x-msdownload')).toBeNull();
    expect(classifyFile('movie.mp4', 'video/mp4')).toBeNull();
  });

  it('states the limit of each kind when a file is too large, and the accepted kinds when its type is not one', () => {
    expect(checkFile({ name: 'big.png', type: 'image/png', size: 5 * MB })).toMatchObject({
      reason: 'too_large', limit: MAX_IMAGE_BYTES, kind: 'image', message: 'big.png is 5 MB; an image may be at most 3.75 MB',
    });
    // One byte over: the rounded figures would read the same, so the bytes are stated too.
    expect(checkFile({ name: 'edge.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toMatchObject({
      reason: 'too_large', message: 'edge.png is 3,932,161 bytes; an image may be at most 3.75 MB (3,932,160 bytes)',
    });
    expect(checkFile({ name: 'edge.png', type: 'image/png', size: MAX_IMAGE_BYTES })).toEqual({ kind: 'image', mediaType: 'image/png' });
    expect(checkFile({ name: 'log.txt', type: 'text/plain', size: 2 * MB })).toMatchObject({ reason: 'too_large', message: 'log.txt is 2 MB; a text file may be at most 1 MB' });
    expect(checkFile({ name: 'book.pdf', type: 'application/pdf', size: 11 * MB })).toMatchObject({ reason: 'too_large', limit: ATTACHMENT_SIZE_LIMITS.pdf });
    expect(checkFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toMatchObject({
      reason: 'unsupported_type',
      message: 'a.gif is not a file type that can be attached: images (PNG, JPEG, WebP) up to 3.75 MB and 8000 pixels a side, text and code files up to 1 MB, PDFs up to 10 MB',
    });
    expect(checkFile({ name: 'empty.txt', type: 'text/plain', size: 0 })).toMatchObject({ reason: 'invalid', message: 'empty.txt is empty' });
    expect(checkFile({ name: 'bad\u0000name.txt', type: 'text/plain', size: 3 })).toMatchObject({ reason: 'invalid' });
    expect(checkFile({ name: 'ok.txt', type: 'text/plain', size: MB })).toEqual({ kind: 'text', mediaType: 'text/plain' });
  });

  it('an image is at most what Anthropic takes: 5 MB of base64 (3.75 MB as uploaded), 8000 pixels on a side', () => {
    expect(base64Length(MAX_IMAGE_BYTES)).toBe(5 * MB);
    expect(base64Length(MAX_IMAGE_BYTES + 1)).toBeGreaterThan(5 * MB);
    expect(formatBytes(MAX_IMAGE_BYTES)).toBe('3.75 MB');
    expect(ACCEPTED_FILES_TEXT).toContain('up to 3.75 MB and 8000 pixels a side');
    expect(checkImageSize('tall.png', { width: 8000, height: 8000 })).toBeNull();
    expect(checkImageSize('tall.png', { width: 600, height: 8001 })).toEqual({
      reason: 'too_large', maxSidePixels: 8000, width: 600, height: 8001, message: 'tall.png is 600×8001 pixels; an image may be at most 8000 pixels on a side',
    });
  });

  it('the images of one message fit in one request: 10 MB together', () => {
    const image = (name: string, size: number) => ({ name, kind: 'image' as const, size });
    expect(checkMessageImages([image('a.png', MAX_IMAGE_BYTES), image('b.png', MAX_IMAGE_BYTES), image('c.png', MAX_REQUEST_IMAGE_BYTES - 2 * MAX_IMAGE_BYTES)])).toBeNull();
    // Text files do not count: only images go inline as base64.
    expect(checkMessageImages([image('a.png', MAX_IMAGE_BYTES), image('b.png', MAX_IMAGE_BYTES), { name: 'n.txt', kind: 'text', size: MB }])).toBeNull();
    expect(checkMessageImages([image('a.png', MAX_IMAGE_BYTES), image('b.png', MAX_IMAGE_BYTES), image('c.png', MAX_IMAGE_BYTES)])).toEqual({
      reason: 'too_large', limit: 10 * MB, total: 3 * MAX_IMAGE_BYTES,
      message: 'The images of one message may add up to at most 10 MB: a.png, b.png, c.png add up to 11.25 MB',
    });
  });

  it('a message carries at most four files, each once', () => {
    expect(attachmentIdsSchema.safeParse(['a', 'b', 'c', 'd']).success).toBe(true);
    expect(attachmentIdsSchema.safeParse(['a', 'b', 'c', 'd', 'e']).error?.issues[0]?.message).toBe('A message may carry at most 4 files');
    expect(attachmentIdsSchema.safeParse(['a', 'a']).error?.issues[0]?.message).toBe('Each file may be attached once');
  });
});

describe('what the bytes are', () => {
  const jpeg = (width: number, height: number) =>
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const webp = (chunk: string, body: number[]) => new Uint8Array([...'RIFF'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [...'WEBP'].map((c) => c.charCodeAt(0)), [...chunk].map((c) => c.charCodeAt(0)), body));

  it('reads pixels from PNG, JPEG and the three WebP headers; anything else is null', () => {
    expect(imageDimensions('image/png', pngBytes(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('image/jpeg', jpeg(1024, 768))).toEqual({ width: 1024, height: 768 });
    // VP8X: width−1 and height−1 in three little-endian bytes at 24 and 27.
    expect(imageDimensions('image/webp', webp('VP8X', [10, 0, 0, 0, 0, 0, 0, 0, 0x1f, 3, 0, 0xdf, 1, 0]))).toEqual({ width: 800, height: 480 });
    // VP8L: 14-bit width−1 and height−1 packed after the signature byte at 20.
    const w = 99, h = 49;
    expect(imageDimensions('image/webp', webp('VP8L', [0, 0, 0, 0, 0x2f, w & 0xff, ((w >> 8) & 0x3f) | ((h & 3) << 6), (h >> 2) & 0xff, (h >> 10) & 0x0f]))).toEqual({ width: 100, height: 50 });
    // VP8 (lossy): 14-bit width and height at 26 and 28.
    expect(imageDimensions('image/webp', webp('VP8 ', [0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00]))).toEqual({ width: 320, height: 240 });
    expect(imageDimensions('image/png', new TextEncoder().encode('not a png at all, sorry'))).toBeNull();
    expect(imageDimensions('image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
  });

  it('checks signatures: a .png that is not a PNG, a .pdf that is not a PDF', () => {
    expect(matchesSignature('image/png', pngBytes())).toBe(true);
    expect(matchesSignature('image/png', new TextEncoder().encode('hello'))).toBe(false);
    expect(matchesSignature('application/pdf', minimalPdf([['x']]))).toBe(true);
    expect(matchesSignature('application/pdf', pngBytes())).toBe(false);
    expect(matchesSignature('text/plain', pngBytes())).toBe(true);
  });

  it('decodes UTF-8 text strictly: a byte-order mark dropped, binary refused', () => {
    for (const text of ['plain', 'ünïcødé', '日本語', '😀 and more', 'x'.repeat(20_000)]) expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toBeNull();
    expect(decodeText(new Uint8Array([0xc3]))).toBeNull();
    expect(decodeText(new Uint8Array([0xed, 0xa0, 0x80]))).toBeNull();
    expect(decodeText(pngBytes())).toBeNull();
  });
});

describe('what an image costs, by each provider’s rule', () => {
  it('OpenAI: 85 + 170 per 512-px tile after fitting 2048 and a 768-px short side', () => {
    expect(imageTokens('openai', 512, 512)).toBe(255);
    expect(imageTokens('openai', 1024, 1024)).toBe(85 + 170 * 4);
    // 4096×2048 → 2048×1024 → 1536×768: 3×2 tiles.
    expect(imageTokens('openai', 4096, 2048)).toBe(85 + 170 * 6);
    expect(imageTokens('offline', 64, 48)).toBe(255);
  });

  it('Anthropic: width × height / 750 after fitting the long side to 1568; Google: 258 per 768-px tile', () => {
    expect(imageTokens('anthropic', 1000, 1000)).toBe(1334);
    expect(imageTokens('anthropic', 3136, 1568)).toBe(Math.ceil((1568 * 784) / 750));
    expect(imageTokens('google', 300, 200)).toBe(258);
    expect(imageTokens('google', 1000, 700)).toBe(258 * 2);
  });
});

describe('the text of a PDF (PDF.js)', () => {
  const reader = new PdfjsDocumentText();
  it('reads every page’s lines, pages apart by a blank line', async () => {
    const text = await reader.pdfText(minimalPdf([['Tide table', 'High water (6 am)'], ['Second page']]), 10_000);
    expect(text).toEqual({ success: true, data: 'Tide table\nHigh water (6 am)\n\nSecond page' });
  });
  it('stops at the character limit', async () => {
    const text = await reader.pdfText(minimalPdf([['a'.repeat(50)], ['b'.repeat(50)]]), 60);
    expect(text.success && text.data.length).toBe(60);
  });
  it('a damaged file is a validation error, not a crash', async () => {
    const text = await reader.pdfText(new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf'), 1000);
    expect(text).toMatchObject({ success: false, error: { code: 'validation', message: 'The PDF could not be read: it is damaged or not a PDF' } });
  });
});
