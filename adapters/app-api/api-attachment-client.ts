import type { AttachmentRef, AttachmentClient } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { ApiClient, toDomainError, type ApiClientOptions } from './api-client.js';
import { attachmentAnswer } from '../api-contract/api-contract.js';

/**
 * Uploads through `POST /api/attachments?name=…` (the file's bytes as the body, its type as
 * Content-Type) and reads a file back through `GET /api/attachments/:id/content`.
 */
export class ApiAttachmentClient implements AttachmentClient {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async upload(file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }, signal?: AbortSignalLike): Promise<Result<AttachmentRef>> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const sent = await this.api.send(`/api/attachments?name=${encodeURIComponent(file.name)}`, {
        method: 'POST', raw: { body: file.bytes, contentType: file.type }, signal: controller.signal,
      });
      if (!sent.success) return sent;
      const body: unknown = await sent.data.json().catch(() => null);
      if (!sent.data.ok) return fail(toDomainError(sent.data.status, body));
      const parsed = attachmentAnswer.safeParse(body);
      return parsed.success ? ok(parsed.data.attachment) : fail(domainError('unexpected', 'The app server sent an unexpected attachment'));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async content(attachmentId: string): Promise<Result<{ readonly bytes: Uint8Array; readonly mediaType: string }>> {
    const sent = await this.api.send(`/api/attachments/${encodeURIComponent(attachmentId)}/content`);
    if (!sent.success) return sent;
    if (!sent.data.ok) return fail(toDomainError(sent.data.status, await sent.data.json().catch(() => null)));
    // The type without its parameters: a text file is served as `text/markdown; charset=utf-8`.
    const mediaType = (sent.data.headers.get('content-type') ?? '').split(';')[0]?.trim() || 'application/octet-stream';
    return ok({ bytes: new Uint8Array(await sent.data.arrayBuffer()), mediaType });
  }
}
