import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ownerOnlyFolder } from '../owner-only.js';

/** An upload received in full (still under a temporary key until the object row commits). */
export interface ReceivedBytes {
  readonly tempKey: string;
  readonly size: number;
  /** Hex MD5 of the bytes: the object's ETag, as S3 gives it. */
  readonly md5: string;
}

/**
 * Where the stand-in keeps object bytes: files under the data folder (0700 folders, 0600 files), or
 * memory when it runs without one (tests). Metadata and access live in `storage.objects`; a key
 * here is `<bucket>/<version>`, a fresh version per write, so a replaced object's bytes are never
 * overwritten under a reader.
 */
export interface ObjectBytes {
  /** Reads `body` to its end, refusing (null) as soon as it passes `maxBytes`; nothing is kept then. */
  receive(body: ReadableStream<Uint8Array> | Uint8Array | null, maxBytes: number): Promise<ReceivedBytes | null>;
  /** Moves a received upload to its final key. */
  commit(tempKey: string, key: string): Promise<void>;
  discard(tempKey: string): Promise<void>;
  read(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  remove(key: string): Promise<void>;
}

async function* chunksOf(body: ReadableStream<Uint8Array> | Uint8Array | null): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

const cancel = (body: ReadableStream<Uint8Array> | Uint8Array | null) => {
  if (body && !(body instanceof Uint8Array)) void body.cancel().catch(() => undefined);
};

export function memoryObjectBytes(): ObjectBytes {
  const files = new Map<string, Uint8Array>();
  return {
    async receive(body, maxBytes) {
      const chunks: Uint8Array[] = [];
      const md5 = createHash('md5');
      let size = 0;
      for await (const chunk of chunksOf(body)) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          cancel(body);
          return null;
        }
        md5.update(chunk);
        chunks.push(chunk);
      }
      const tempKey = `.incoming/${randomUUID()}`;
      files.set(tempKey, Buffer.concat(chunks, size));
      return { tempKey, size, md5: md5.digest('hex') };
    },
    async commit(tempKey, key) {
      const bytes = files.get(tempKey);
      if (!bytes) throw new Error(`no upload ${tempKey}`);
      files.delete(tempKey);
      files.set(key, bytes);
    },
    async discard(tempKey) {
      files.delete(tempKey);
    },
    async read(key) {
      const bytes = files.get(key);
      return bytes ? { body: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), size: bytes.byteLength } : null;
    },
    async remove(key) {
      files.delete(key);
    },
  };
}

/** Bytes as files under `root` (e.g. `.data/storage`), the owner's only. */
export function diskObjectBytes(root: string): ObjectBytes {
  const pathOf = (key: string) => join(root, ...key.split('/'));
  const folder = async (path: string) => {
    await ownerOnlyFolder(root);
    await mkdir(path, { recursive: true, mode: 0o700 });
  };
  return {
    async receive(body, maxBytes) {
      const tempKey = `.incoming/${randomUUID()}`;
      const path = pathOf(tempKey);
      await folder(join(root, '.incoming'));
      const file = await open(path, 'wx', 0o600);
      const md5 = createHash('md5');
      let size = 0;
      try {
        for await (const chunk of chunksOf(body)) {
          size += chunk.byteLength;
          if (size > maxBytes) {
            cancel(body);
            await file.close();
            await rm(path, { force: true });
            return null;
          }
          md5.update(chunk);
          await file.write(chunk);
        }
        await file.close();
      } catch (error) {
        await file.close().catch(() => undefined);
        await rm(path, { force: true });
        throw error;
      }
      return { tempKey, size, md5: md5.digest('hex') };
    },
    async commit(tempKey, key) {
      const target = pathOf(key);
      await folder(join(target, '..'));
      await rename(pathOf(tempKey), target);
    },
    async discard(tempKey) {
      await rm(pathOf(tempKey), { force: true });
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
