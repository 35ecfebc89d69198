import type { AttachmentKind, AttachmentRef } from '../domain/attachments.js';
import type { Result } from '../../shared/index.js';

/** A file to keep: what the checks found out about it, its bytes, and for a PDF its extracted text. */
export interface NewAttachment {
  readonly name: string;
  readonly mediaType: string;
  readonly kind: AttachmentKind;
  readonly bytes: Uint8Array;
  readonly width?: number;
  readonly height?: number;
  readonly textTokens?: number;
  /** A PDF's text, kept beside it so no later turn extracts it again. */
  readonly text?: string;
}

export interface AttachmentContent {
  readonly attachment: AttachmentRef;
  readonly bytes: Uint8Array;
  /** A PDF's extracted text; null for other kinds (a text file's text is its bytes). */
  readonly text: string | null;
}

/**
 * Each user's attached files (Supabase Storage, or memory in tests). Every call names the user and
 * reaches only that user's files: another user's id answers exactly as a missing one (`not_found`),
 * so nothing tells whether it exists.
 */
export interface AttachmentStore {
  /** Keeps a new file under a fresh id. */
  save(userId: string, file: NewAttachment): Promise<Result<AttachmentRef>>;
  /** The user's attachments by id, in the order asked; `not_found` naming the first id that is not theirs. */
  describe(userId: string, ids: readonly string[]): Promise<Result<readonly AttachmentRef[]>>;
  read(userId: string, id: string): Promise<Result<AttachmentContent>>;
  /** An address that serves the file without credentials for `expiresInSeconds`. */
  signedUrl(userId: string, id: string, expiresInSeconds: number): Promise<Result<string>>;
  remove(userId: string, id: string): Promise<Result<void>>;
}
