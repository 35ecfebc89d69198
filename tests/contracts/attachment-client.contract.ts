/**
 * AttachmentClient contract: the browser's files as it uploads and reads them back, the server
 * checking each one again (type, size, an image's signature and pixels, text as UTF-8, a PDF's text).
 * Run against the in-memory client (the server's use cases in this process) and the browser's
 * ApiAttachmentClient over a real app server on loopback.
 *
 * Harness the factory provides:
 * - `client`: the adapter;
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `client` act for that user (null: signed out).
 */
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PIXELS } from '../../core/chat/index.js';
import type { AttachmentClient } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';
import { jpegBytes, webpBytes } from '../support/image-fixtures.js';
import { minimalPdf } from '../support/pdf-fixture.js';
import { pngBytes } from '../support/storage-users.js';

export interface AttachmentClientHarness {
  readonly client: AttachmentClient;
  createUser(): Promise<string>;
  actAs(userId: string | null): Promise<void>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const refusal = <T>(r: Result<T>) => (r.success ? { code: 'accepted', reason: undefined } : { code: r.error.code, reason: r.error.details?.reason, message: r.error.message });
const text = (value: string) => new TextEncoder().encode(value);

export function attachmentClientContract(name: string, makeHarness: () => Promise<AttachmentClientHarness>): void {
  describe(`AttachmentClient contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, client: h.client };
    };

    it('uploads an image: its kind, type, size and pixels come back; its bytes read back as they were, with their type', async () => {
      const { client } = await signedIn();
      const bytes = pngBytes(640, 480, 4096);
      const ref = data(await client.upload({ name: 'harbour.png', type: 'image/png', bytes }));
      expect(ref).toEqual({ id: expect.any(String), name: 'harbour.png', mediaType: 'image/png', kind: 'image', size: 4096, width: 640, height: 480 });
      const content = data(await client.content(ref.id));
      expect(content.mediaType).toBe('image/png');
      expect(Buffer.from(content.bytes).equals(Buffer.from(bytes))).toBe(true);
    });

    it('JPEG and WebP images, a text file and a PDF: each of its kind, text files and PDFs with the tokens of their text', async () => {
      const { client } = await signedIn();
      const jpeg = data(await client.upload({ name: 'pier.jpg', type: 'image/jpeg', bytes: jpegBytes(1024, 768, 2000) }));
      expect(jpeg).toMatchObject({ mediaType: 'image/jpeg', kind: 'image', width: 1024, height: 768, size: 2000 });
      const webp = data(await client.upload({ name: 'buoy.webp', type: 'image/webp', bytes: webpBytes(320, 240, 1000) }));
      expect(webp).toMatchObject({ mediaType: 'image/webp', kind: 'image', width: 320, height: 240 });
      const notes = data(await client.upload({ name: 'notes.md', type: 'text/markdown', bytes: text('# Tides\nHigh water at six.') }));
      expect(notes).toMatchObject({ mediaType: 'text/markdown', kind: 'text', textTokens: expect.any(Number) });
      expect(data(await client.content(notes.id))).toEqual({ bytes: text('# Tides\nHigh water at six.'), mediaType: 'text/markdown' });
      const pdf = minimalPdf([['Tide table', 'High water at six']]);
      const book = data(await client.upload({ name: 'tides.pdf', type: 'application/pdf', bytes: pdf }));
      expect(book).toMatchObject({ mediaType: 'application/pdf', kind: 'pdf', size: pdf.byteLength, textTokens: expect.any(Number) });
      expect(data(await client.content(book.id)).mediaType).toBe('application/pdf');
    });

    it('too large: over an image’s bytes or pixels, or a text file’s bytes, with details.reason too_large and the limit stated', async () => {
      const { client } = await signedIn();
      const heavy = refusal(await client.upload({ name: 'heavy.png', type: 'image/png', bytes: pngBytes(800, 600, MAX_IMAGE_BYTES + 1) }));
      expect(heavy).toMatchObject({ code: 'validation', reason: 'too_large', message: expect.stringContaining('at most 3.75 MB') });
      const wide = refusal(await client.upload({ name: 'wide.png', type: 'image/png', bytes: pngBytes(MAX_IMAGE_SIDE_PIXELS + 1, 10, 500) }));
      expect(wide).toMatchObject({ code: 'validation', reason: 'too_large', message: expect.stringContaining('at most 8000 pixels on a side') });
      const long = refusal(await client.upload({ name: 'log.txt', type: 'text/plain', bytes: new Uint8Array(1024 * 1024 + 1).fill(0x61) }));
      expect(long).toMatchObject({ code: 'validation', reason: 'too_large', message: expect.stringContaining('at most 1 MB') });
    });

    it('unsupported type: a kind we do not take, or bytes that are not what their type says, with details.reason unsupported_type', async () => {
      const { client } = await signedIn();
      const gif = refusal(await client.upload({ name: 'anim.gif', type: 'image/gif', bytes: new Uint8Array([0x47, 0x49, 0x46, 0x38]) }));
      expect(gif).toMatchObject({ code: 'validation', reason: 'unsupported_type', message: expect.stringContaining('images (PNG, JPEG, WebP) up to 3.75 MB') });
      const fake = refusal(await client.upload({ name: 'photo.png', type: 'image/png', bytes: text('this is text, not a picture') }));
      expect(fake).toMatchObject({ code: 'validation', reason: 'unsupported_type' });
      const binary = refusal(await client.upload({ name: 'data.txt', type: 'text/plain', bytes: pngBytes() }));
      expect(binary).toMatchObject({ code: 'validation', reason: 'unsupported_type' });
    });

    it("another user's file, and one that does not exist, are not found; signed out nothing is taken", async () => {
      const { h, client } = await signedIn();
      const mine = data(await client.upload({ name: 'private.md', type: 'text/markdown', bytes: text('my notes') }));
      const bob = await h.createUser();
      await h.actAs(bob);
      expect(refusal(await client.content(mine.id)).code).toBe('not_found');
      expect(refusal(await client.content('00000000-0000-4000-8000-00000000beef')).code).toBe('not_found');
      await h.actAs(null);
      expect(refusal(await client.upload({ name: 'a.txt', type: 'text/plain', bytes: text('hi') })).code).toBe('not_authenticated');
      expect(refusal(await client.content(mine.id)).code).toBe('not_authenticated');
    });
  });
}
