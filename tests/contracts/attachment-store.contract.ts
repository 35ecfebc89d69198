/**
 * AttachmentStore contract: each user's files, kept and read back byte for byte, described,
 * linked for a while and removed; another user's id answers as a missing one. Run against the
 * in-memory adapter and Supabase Storage on the stand-in (service role, and the user's own token).
 *
 * Harness: `store`, `createUser()`, `actAs(userId)`, `fetchSigned(url)` (the bytes a link serves, or null).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AttachmentStore, NewAttachment } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';
import { pngBytes } from '../support/storage-users.js';

export interface AttachmentStoreHarness {
  readonly store: AttachmentStore;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  fetchSigned(url: string): Promise<Uint8Array | null>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const code = (r: Result<unknown>) => (r.success ? 'ok' : r.error.code);

const image: NewAttachment = { name: 'harbour at dusk.png', mediaType: 'image/png', kind: 'image', bytes: pngBytes(640, 480, 4096), width: 640, height: 480 };
const notes: NewAttachment = { name: 'notes.md', mediaType: 'text/markdown', kind: 'text', bytes: new TextEncoder().encode('# Tides\nHigh at six.\n'), textTokens: 6 };
const pdf: NewAttachment = { name: 'report.pdf', mediaType: 'application/pdf', kind: 'pdf', bytes: new TextEncoder().encode('%PDF-1.4 …'), textTokens: 3, text: 'Quarterly tide report' };

export function attachmentStoreContract(name: string, makeHarness: () => Promise<AttachmentStoreHarness>): void {
  describe(`AttachmentStore contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, store: h.store };
    };

    it('keeps a file and reads it back byte for byte, with what was found out about it', async () => {
      const { store, user } = await signedIn();
      const saved = data(await store.save(user, image));
      expect(saved).toEqual({ id: expect.any(String), name: image.name, mediaType: 'image/png', kind: 'image', size: 4096, width: 640, height: 480 });
      const read = data(await store.read(user, saved.id));
      expect(read.attachment).toEqual(saved);
      expect(read.bytes).toEqual(image.bytes);
      expect(read.text).toBeNull();
    });

    it('a PDF keeps its extracted text beside it; a text file is its bytes', async () => {
      const { store, user } = await signedIn();
      const savedPdf = data(await store.save(user, pdf));
      expect(savedPdf).toMatchObject({ kind: 'pdf', textTokens: 3 });
      expect(data(await store.read(user, savedPdf.id)).text).toBe('Quarterly tide report');
      const savedNotes = data(await store.save(user, notes));
      const read = data(await store.read(user, savedNotes.id));
      expect(new TextDecoder().decode(read.bytes)).toBe('# Tides\nHigh at six.\n');
      expect(read.attachment.textTokens).toBe(6);
    });

    it('describes several in the order asked; an unknown id is not_found', async () => {
      const { store, user } = await signedIn();
      const a = data(await store.save(user, notes));
      const b = data(await store.save(user, image));
      expect(data(await store.describe(user, [b.id, a.id])).map((x) => x.id)).toEqual([b.id, a.id]);
      expect(data(await store.describe(user, []))).toEqual([]);
      const unknown = await store.describe(user, [a.id, randomUUID()]);
      expect(code(unknown)).toBe('not_found');
      expect(code(await store.describe(user, ['../../etc/passwd']))).toBe('not_found');
    });

    it('another user’s file is not_found for every call, and stays as it was', async () => {
      const h = await makeHarness();
      const owner = await h.createUser();
      const other = await h.createUser();
      await h.actAs(owner);
      const saved = data(await h.store.save(owner, notes));
      await h.actAs(other);
      expect(code(await h.store.describe(other, [saved.id]))).toBe('not_found');
      expect(code(await h.store.read(other, saved.id))).toBe('not_found');
      expect(code(await h.store.signedUrl(other, saved.id, 60))).toBe('not_found');
      expect(code(await h.store.remove(other, saved.id))).toBe('not_found');
      await h.actAs(owner);
      expect(data(await h.store.read(owner, saved.id)).bytes).toEqual(notes.bytes);
    });

    it('a signed link serves the bytes without credentials', async () => {
      const { h, store, user } = await signedIn();
      const saved = data(await store.save(user, image));
      const url = data(await store.signedUrl(user, saved.id, 60));
      expect(await h.fetchSigned(url)).toEqual(image.bytes);
    });

    it('removes a file: it is gone for every call, and a second remove is not_found', async () => {
      const { store, user } = await signedIn();
      const saved = data(await store.save(user, pdf));
      data(await store.remove(user, saved.id));
      expect(code(await store.read(user, saved.id))).toBe('not_found');
      expect(code(await store.describe(user, [saved.id]))).toBe('not_found');
      expect(code(await store.remove(user, saved.id))).toBe('not_found');
    });
  });
}
