import { imageDimensions } from '../domain/attachment-tokens.js';
import { checkFile, checkImageSize, decodeText, matchesSignature, MAX_PDF_TEXT_CHARACTERS, type AttachmentRef, type AttachmentRefusal, type ImageSizeRefusal } from '../domain/attachments.js';
import { estimateTokens } from '../../credits/index.js';
import type { AttachmentClient } from '../ports/attachment-client.js';
import type { AttachmentContent, AttachmentStore } from '../ports/attachment-store.js';
import { type AbortSignalLike, domainError, fail, type Result } from '../../shared/index.js';
import type { DocumentText } from '../ports/document-text.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type Deps = { readonly currentUser: CurrentUser; readonly attachmentStore: AttachmentStore };

/** A refusal of a file; `details.reason` tells the HTTP layer 415 (type) from 413 (size) from 400. */
const refuse = (reason: 'unsupported_type' | 'too_large' | 'invalid', message: string, extra: Record<string, unknown> = {}) =>
  fail(domainError('validation', message, { reason, ...extra }));

/** A refusal of the domain's rules with its figures: the byte limit, or the pixel limit and the image's pixels. */
const refusal = (checked: AttachmentRefusal | ImageSizeRefusal) => {
  const { reason, message, ...figures } = checked;
  return refuse(reason, message, figures);
};

/**
 * Attaches a file for the signed-in user: the type must be one we take and its size within its
 * kind's limit (core/chat/domain/attachments.ts), the bytes must be what the type says (an image's
 * signature and pixels, text as UTF-8, a PDF with text to read), and then it is kept in the
 * user's file store. Answers what a message will carry.
 */
export const makeAttachFile =
  (deps: Deps & { readonly documentText: DocumentText }) =>
  async (input: { name: string; type: string; bytes: Uint8Array }): Promise<Result<AttachmentRef>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const checked = checkFile({ name: input.name, type: input.type, size: input.bytes.byteLength });
    if ('reason' in checked) return refusal(checked);
    const { kind, mediaType } = checked;
    const name = input.name.trim();
    if (!matchesSignature(mediaType, input.bytes)) {
      return refuse('unsupported_type', `${name} is not a ${kind === 'pdf' ? 'PDF' : mediaType.replace('image/', '').toUpperCase() + ' image'}, whatever its name says`);
    }
    const base = { name, mediaType, kind, bytes: input.bytes };
    if (kind === 'image') {
      const size = imageDimensions(mediaType, input.bytes);
      if (!size) return refuse('invalid', `${name} could not be read as an image`);
      const tooLarge = checkImageSize(name, size);
      if (tooLarge) return refusal(tooLarge);
      return deps.attachmentStore.save(user.data.id, { ...base, width: size.width, height: size.height });
    }
    if (kind === 'text') {
      const text = decodeText(input.bytes);
      if (text === null) return refuse('unsupported_type', `${name} is not UTF-8 text (is it a binary file?)`);
      return deps.attachmentStore.save(user.data.id, { ...base, textTokens: estimateTokens(text) });
    }
    const text = await deps.documentText.pdfText(input.bytes, MAX_PDF_TEXT_CHARACTERS);
    if (!text.success) return text;
    if (text.data.trim() === '') return refuse('invalid', `${name} has no text to read (a scanned PDF holds only pictures of its pages)`);
    return deps.attachmentStore.save(user.data.id, { ...base, text: text.data, textTokens: estimateTokens(text.data) });
  };

/** One of the caller's attachments with its bytes (a foreign or unknown id is not_found). */
export const makeReadAttachment =
  (deps: Deps) =>
  async (input: { attachmentId: string }): Promise<Result<AttachmentContent>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.attachmentStore.read(user.data.id, input.attachmentId);
  };

/** A link to one of the caller's attachments that works without credentials for a few minutes. */
export const ATTACHMENT_LINK_SECONDS = 300;
export const makeGetAttachmentLink =
  (deps: Deps) =>
  async (input: { attachmentId: string }): Promise<Result<{ url: string; expiresInSeconds: number }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const url = await deps.attachmentStore.signedUrl(user.data.id, input.attachmentId, ATTACHMENT_LINK_SECONDS);
    return url.success ? { success: true, data: { url: url.data, expiresInSeconds: ATTACHMENT_LINK_SECONDS } } : url;
  };

/** Deletes one of the caller's attachments (messages that carried it then send its name only). */
export const makeRemoveAttachment =
  (deps: Deps) =>
  async (input: { attachmentId: string }): Promise<Result<void>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.attachmentStore.remove(user.data.id, input.attachmentId);
  };

/**
 * The browser's upload: the same checks as the server's first ones (type, size, name, and an
 * image's pixels as its header states them), so a file that would be refused is explained at once,
 * without sending it; then one upload.
 */
export const makeUploadAttachment =
  (deps: { readonly currentUser: CurrentUser; readonly attachmentClient: AttachmentClient }) =>
  async (input: { name: string; type: string; bytes: Uint8Array; signal?: AbortSignalLike }): Promise<Result<AttachmentRef>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const checked = checkFile({ name: input.name, type: input.type, size: input.bytes.byteLength });
    if ('reason' in checked) return refusal(checked);
    const name = input.name.trim();
    const pixels = checked.kind === 'image' ? imageDimensions(checked.mediaType, input.bytes) : null;
    const tooLarge = pixels ? checkImageSize(name, pixels) : null;
    if (tooLarge) return refusal(tooLarge);
    return deps.attachmentClient.upload({ name, type: checked.mediaType, bytes: input.bytes }, input.signal);
  };

/** A file of the user's, to show it. */
export const makeLoadAttachment =
  (deps: { readonly currentUser: CurrentUser; readonly attachmentClient: AttachmentClient }) =>
  async (input: { attachmentId: string }): Promise<Result<{ readonly bytes: Uint8Array; readonly mediaType: string }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.attachmentClient.content(input.attachmentId);
  };
