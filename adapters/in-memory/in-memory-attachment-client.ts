import type { AttachmentRef, AttachmentClient, AttachmentStore, DocumentText } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';
import { makeAttachFile, makeReadAttachment } from '../../core/chat/index.js';
import type { CurrentUser } from '../../core/auth/index.js';

/** The browser's attachments in one process: the server's use cases, for the signed-in user. */
export class InMemoryAttachmentClient implements AttachmentClient {
  private readonly attach: ReturnType<typeof makeAttachFile>;
  private readonly read: ReturnType<typeof makeReadAttachment>;

  constructor(deps: { currentUser: CurrentUser; attachmentStore: AttachmentStore; documentText: DocumentText }) {
    this.attach = makeAttachFile(deps);
    this.read = makeReadAttachment(deps);
  }

  upload(file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }): Promise<Result<AttachmentRef>> {
    return this.attach(file);
  }

  async content(attachmentId: string): Promise<Result<{ readonly bytes: Uint8Array; readonly mediaType: string }>> {
    const read = await this.read({ attachmentId });
    return read.success ? { success: true, data: { bytes: read.data.bytes, mediaType: read.data.attachment.mediaType } } : read;
  }
}
