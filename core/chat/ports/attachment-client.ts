import type { AttachmentRef } from '../domain/attachments.js';
import type { AbortSignalLike, Result } from '../../shared/index.js';

/**
 * The browser's side of attachments: files go to the app server, which checks them again and keeps
 * them (AttachmentStore); a message then names them by id. `validation` with `details.reason`
 * `unsupported_type` or `too_large` states the limits.
 */
export interface AttachmentClient {
  upload(file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }, signal?: AbortSignalLike): Promise<Result<AttachmentRef>>;
  /** One of the user's files, to show it (a sent image's thumbnail). */
  content(attachmentId: string): Promise<Result<{ readonly bytes: Uint8Array; readonly mediaType: string }>>;
}
