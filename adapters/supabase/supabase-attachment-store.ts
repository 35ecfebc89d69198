import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { AttachmentRef, AttachmentContent, AttachmentStore, NewAttachment } from '../../core/chat/index.js';
import { domainError, type DomainError, fail, ok, type Result } from '../../core/shared/index.js';

export const ATTACHMENTS_BUCKET = 'attachments';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const missing = (id: string) => fail(domainError('not_found', `No attachment ${id}`, { attachmentId: id }));

/** What the object's user metadata keeps (Storage keeps size and type itself). */
const storedMetadata = z.object({
  name: z.string(),
  kind: z.enum(['image', 'text', 'pdf']),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  textTokens: z.number().int().nonnegative().optional(),
});
const objectInfo = z.object({ size: z.number(), contentType: z.string(), metadata: storedMetadata });

type StorageFailure = { message: string; statusCode?: string; status?: number };
const storageStatus = (error: StorageFailure) => error.statusCode ?? String(error.status ?? '');

/** A Storage refusal in the core's words: a missing object is `not_found`, an outage `network`. */
function fromStorage(doing: string, error: StorageFailure): DomainError {
  const status = storageStatus(error);
  const details = { status };
  if (status === '404') return domainError('not_found', `${doing}: the file was not found`, details);
  if (status === '413') return domainError('validation', `${doing}: ${error.message}`, { ...details, reason: 'too_large' });
  if (status === '415') return domainError('validation', `${doing}: ${error.message}`, { ...details, reason: 'unsupported_type' });
  if (status === '403') return domainError('forbidden', `${doing}: ${error.message}`, details);
  if (status === '' || status === '500' || status === '503') return domainError('network', `${doing}: Storage did not answer (${error.message})`, details);
  return domainError('unexpected', `${doing}: ${error.message}`, details);
}

/**
 * Attachments in Supabase Storage's private `attachments` bucket, through supabase-js. The app server
 * uses the service role, which the bucket's policies do not bind, so this adapter confines every
 * path to the named user's folder itself: `<user id>/<attachment id>` (a PDF's text beside it as
 * `<attachment id>.txt`), ids being UUIDs it made. Name, kind, pixels and text tokens are the
 * object's user metadata; size and type are Storage's own.
 */
export class SupabaseAttachmentStore implements AttachmentStore {
  constructor(private readonly client: SupabaseClient) {}

  private get bucket() {
    return this.client.storage.from(ATTACHMENTS_BUCKET);
  }

  async save(userId: string, file: NewAttachment): Promise<Result<AttachmentRef>> {
    const id = randomUUID();
    const metadata = {
      name: file.name, kind: file.kind,
      ...(file.width === undefined ? {} : { width: file.width }),
      ...(file.height === undefined ? {} : { height: file.height }),
      ...(file.textTokens === undefined ? {} : { textTokens: file.textTokens }),
    };
    if (file.text !== undefined) {
      const text = await this.bucket.upload(`${userId}/${id}.txt`, new TextEncoder().encode(file.text), { contentType: 'text/plain;charset=UTF-8' });
      if (text.error) return fail(fromStorage('Could not keep the file’s text', text.error));
    }
    const saved = await this.bucket.upload(`${userId}/${id}`, file.bytes, { contentType: file.mediaType, metadata });
    if (saved.error) return fail(fromStorage(`Could not keep ${file.name}`, saved.error));
    return ok({ id, mediaType: file.mediaType, size: file.bytes.byteLength, ...metadata });
  }

  async describe(userId: string, ids: readonly string[]): Promise<Result<readonly AttachmentRef[]>> {
    const found = await Promise.all(ids.map((id) => this.info(userId, id)));
    const failed = found.find((f) => !f.success);
    if (failed && !failed.success) return failed;
    return ok(found.flatMap((f) => (f.success ? [f.data] : [])));
  }

  async read(userId: string, id: string): Promise<Result<AttachmentContent>> {
    const described = await this.info(userId, id);
    if (!described.success) return described;
    const attachment = described.data;
    const [bytes, text] = await Promise.all([
      this.bucket.download(`${userId}/${id}`),
      attachment.kind === 'pdf' ? this.bucket.download(`${userId}/${id}.txt`) : Promise.resolve(null),
    ]);
    if (bytes.error) return fail(fromStorage(`Could not read ${attachment.name}`, bytes.error));
    if (text?.error) return fail(fromStorage(`Could not read the text of ${attachment.name}`, text.error));
    return ok({ attachment, bytes: new Uint8Array(await bytes.data.arrayBuffer()), text: text ? await text.data.text() : null });
  }

  async signedUrl(userId: string, id: string, expiresInSeconds: number): Promise<Result<string>> {
    if (!isUuid(userId) || !isUuid(id)) return missing(id);
    const signed = await this.bucket.createSignedUrl(`${userId}/${id}`, expiresInSeconds);
    if (signed.error) return storageStatus(signed.error) === '404' ? missing(id) : fail(fromStorage('Could not make a link to the file', signed.error));
    return ok(signed.data.signedUrl);
  }

  async remove(userId: string, id: string): Promise<Result<void>> {
    if (!isUuid(userId) || !isUuid(id)) return missing(id);
    const removed = await this.bucket.remove([`${userId}/${id}`, `${userId}/${id}.txt`]);
    if (removed.error) return fail(fromStorage('Could not delete the file', removed.error));
    return removed.data.some((o) => o.name === `${userId}/${id}`) ? ok(undefined) : missing(id);
  }

  private async info(userId: string, id: string): Promise<Result<AttachmentRef>> {
    // Only ids this adapter made, under this user's folder: nothing else can be named.
    if (!isUuid(userId) || !isUuid(id)) return missing(id);
    const found = await this.bucket.info(`${userId}/${id}`);
    if (found.error) return storageStatus(found.error) === '404' ? missing(id) : fail(fromStorage('Could not read the file’s details', found.error));
    const parsed = objectInfo.safeParse(found.data);
    if (!parsed.success) return fail(domainError('unexpected', `The stored file ${id} has unexpected details`));
    const { size, contentType, metadata } = parsed.data;
    return ok({ id, mediaType: contentType.split(';')[0]?.trim() ?? contentType, size, ...metadata });
  }
}
