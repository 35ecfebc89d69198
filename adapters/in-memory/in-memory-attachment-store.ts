import { randomUUID } from 'node:crypto';
import type { AttachmentRef, AttachmentContent, AttachmentStore, NewAttachment } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

const missing = (id: string) => fail(domainError('not_found', `No attachment ${id}`, { attachmentId: id }));

/**
 * Attachments in memory, per user (tests and the database-less server). Signed addresses are
 * `memory://attachments/<id>?expires=…`: they name the file and its expiry, and `resolveSignedUrl`
 * answers the bytes until then, as a storage server would.
 */
export class InMemoryAttachmentStore implements AttachmentStore {
  private readonly files = new Map<string, AttachmentContent & { readonly userId: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  async save(userId: string, file: NewAttachment): Promise<Result<AttachmentRef>> {
    const attachment: AttachmentRef = {
      id: randomUUID(), name: file.name, mediaType: file.mediaType, kind: file.kind, size: file.bytes.byteLength,
      ...(file.width === undefined ? {} : { width: file.width }),
      ...(file.height === undefined ? {} : { height: file.height }),
      ...(file.textTokens === undefined ? {} : { textTokens: file.textTokens }),
    };
    this.files.set(attachment.id, { userId, attachment, bytes: file.bytes.slice(), text: file.text ?? null });
    return ok(attachment);
  }

  async describe(userId: string, ids: readonly string[]): Promise<Result<readonly AttachmentRef[]>> {
    const found: AttachmentRef[] = [];
    for (const id of ids) {
      const file = this.own(userId, id);
      if (!file) return missing(id);
      found.push(file.attachment);
    }
    return ok(found);
  }

  async read(userId: string, id: string): Promise<Result<AttachmentContent>> {
    const file = this.own(userId, id);
    return file ? ok({ attachment: file.attachment, bytes: file.bytes.slice(), text: file.text }) : missing(id);
  }

  async signedUrl(userId: string, id: string, expiresInSeconds: number): Promise<Result<string>> {
    if (!this.own(userId, id)) return missing(id);
    return ok(`memory://attachments/${id}?expires=${this.now() + expiresInSeconds * 1000}`);
  }

  async remove(userId: string, id: string): Promise<Result<void>> {
    if (!this.own(userId, id)) return missing(id);
    this.files.delete(id);
    return ok(undefined);
  }

  /** The bytes a signed address serves, or null once it expired (or the file is gone). */
  resolveSignedUrl(url: string): Uint8Array | null {
    const match = /^memory:\/\/attachments\/([^?]+)\?expires=(\d+)$/.exec(url);
    if (!match || Number(match[2]) < this.now()) return null;
    return this.files.get(match[1] ?? '')?.bytes.slice() ?? null;
  }

  private own(userId: string, id: string) {
    const file = this.files.get(id);
    return file && file.userId === userId ? file : undefined;
  }
}
