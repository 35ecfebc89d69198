import { imageTokens } from '../domain/attachment-tokens.js';
import { checkMessageImages, decodeText, formatBytes, MAX_IMAGES_PER_REQUEST, MAX_REQUEST_IMAGE_BYTES, type AttachmentRef } from '../domain/attachments.js';
import type { ChatMessage, ChatRole, ModelInfo, PromptAttachment, PromptMessage } from '../domain/chat.js';
import type { AttachmentStore } from '../ports/attachment-store.js';
import type { ConversationStore } from '../ports/conversation-store.js';
import { type Logger, domainError, type DomainError, fail, ok, type Result } from '../../shared/index.js';
import type { ModelDirectory } from '../ports/model-gateway.js';
import { estimateTokens } from '../../credits/index.js';

/** A message of the history as the chat keeps it: its text and the files it carried. */
export type HistoryMessage = { readonly role: ChatRole; readonly content: string; readonly attachments?: readonly AttachmentRef[] };

/** The file store is read only when a chat has files, so a chat without any never needs one. */
export interface AttachmentDeps {
  /** Absent where no files are kept: a chat with files is then refused. */
  readonly attachmentStore?: AttachmentStore;
  readonly conversationStore: ConversationStore;
  readonly logger: Logger;
}

/** The caller's own attachments by id (another user's id is not_found, as a missing one). */
export const describeAttachments = async (deps: Pick<AttachmentDeps, 'attachmentStore'>, userId: string, ids: readonly string[]): Promise<Result<readonly AttachmentRef[]>> =>
  ids.length === 0 ? ok([]) : deps.attachmentStore ? deps.attachmentStore.describe(userId, ids) : fail(noFiles());

const noFiles = () => domainError('validation', 'Files cannot be attached here', { reason: 'no_file_store' });

/**
 * A started turn with its files: the history's earlier files (read alongside the turn's first step,
 * which answers the text only) and the new message's, recorded on it.
 */
export const attachWithHistory = async (
  deps: Pick<AttachmentDeps, 'conversationStore'>,
  userId: string,
  started: { readonly conversation: { readonly id: string }; readonly history: readonly ChatMessage[]; readonly userMessage: ChatMessage },
  files: readonly AttachmentRef[],
  historyFiles: Promise<Result<ReadonlyMap<string, readonly AttachmentRef[]>>> | null,
): Promise<Result<{ history: readonly ChatMessage[]; userMessage: ChatMessage }>> => {
  const earlier = historyFiles ? await historyFiles : ok(new Map<string, readonly AttachmentRef[]>());
  if (!earlier.success) return earlier;
  const history = earlier.data.size === 0 ? started.history : started.history.map((m) => {
    const attachments = earlier.data.get(m.id);
    return attachments ? { ...m, attachments } : m;
  });
  if (files.length === 0) return ok({ history, userMessage: started.userMessage });
  const recorded = await deps.conversationStore.attachToMessage(userId, started.conversation.id, started.userMessage.id, files);
  if (!recorded.success) return recorded;
  return ok({ history, userMessage: { ...started.userMessage, attachments: files } });
};

/** Refuses a message whose images add up to more than one request carries (MAX_REQUEST_IMAGE_BYTES). */
const messageImagesRefusal = (attachments: readonly AttachmentRef[]): DomainError | null => {
  const tooLarge = checkMessageImages(attachments);
  return tooLarge ? domainError('validation', tooLarge.message, { reason: 'too_large', maxBytes: tooLarge.limit }) : null;
};

/**
 * Refuses a message whose images add up to more than one request carries, and, naming them, the
 * models that cannot read images when the message carries one.
 */
export const imageRefusal = (models: readonly ModelInfo[], attachments: readonly AttachmentRef[]): DomainError | null => {
  const tooLarge = messageImagesRefusal(attachments);
  if (tooLarge) return tooLarge;
  const images = attachments.filter((a) => a.kind === 'image');
  const blind = models.filter((m) => m.supportsImages !== true);
  if (images.length === 0 || blind.length === 0) return null;
  const labels = blind.map((m) => m.label).join(', ');
  return domainError('validation', `${labels} cannot read images: remove ${images.map((i) => i.name).join(', ')} or choose a model that reads images`, {
    reason: 'images_not_supported',
    modelIds: blind.map((m) => m.id),
  });
};

/**
 * Refuses images one request cannot carry, and an image to a model that cannot read one, before
 * anything is written: the catalogue is read only when the files hold an image (chatPreflight
 * checks again, for regenerate and edits).
 */
export const refuseImagesToBlindModels = async (
  deps: { readonly modelGateway: ModelDirectory },
  modelIds: readonly string[],
  attachments: readonly AttachmentRef[],
): Promise<Result<void>> => {
  if (!attachments.some((a) => a.kind === 'image')) return ok(undefined);
  const tooLarge = messageImagesRefusal(attachments);
  if (tooLarge) return fail(tooLarge);
  const catalogue = await deps.modelGateway.listModels();
  if (!catalogue.success) return catalogue;
  const refusal = imageRefusal(catalogue.data.filter((m) => modelIds.includes(m.id)), attachments);
  return refusal ? fail(refusal) : ok(undefined);
};

/** Every attachment of the history's messages. */
export const attachmentsOf = (messages: readonly Pick<ChatMessage, 'attachments'>[]): readonly AttachmentRef[] => messages.flatMap((m) => m.attachments ?? []);

/**
 * What the models receive of each attachment of the history: an image's bytes, the text of a text
 * file or PDF. Read once per run for every model. A file deleted since is left out (the message
 * still names it); any other failure to read refuses the run.
 */
export const loadPromptAttachments = async (
  deps: Pick<AttachmentDeps, 'attachmentStore' | 'logger'>,
  userId: string,
  messages: readonly Pick<ChatMessage, 'attachments'>[],
): Promise<Result<ReadonlyMap<string, PromptAttachment> | null>> => {
  const refs = attachmentsOf(messages);
  if (refs.length === 0) return ok(null);
  const loaded = new Map<string, PromptAttachment>();
  const store = deps.attachmentStore;
  if (!store) return fail(noFiles());
  const reads = await Promise.all(refs.map(async (ref) => ({ ref, read: await store.read(userId, ref.id) })));
  for (const { ref, read } of reads) {
    if (!read.success) {
      if (read.error.code === 'not_found') {
        deps.logger.info('An attachment of the history is gone; its message is sent without it', { userId, attachmentId: ref.id });
        continue;
      }
      return read;
    }
    const base = { name: ref.name, mediaType: ref.mediaType, size: ref.size };
    if (ref.kind === 'image') loaded.set(ref.id, { ...base, kind: 'image', width: ref.width ?? 0, height: ref.height ?? 0, data: read.data.bytes });
    else {
      const text = ref.kind === 'pdf' ? (read.data.text ?? '') : (decodeText(read.data.bytes) ?? '');
      loaded.set(ref.id, { ...base, kind: 'text', text });
    }
  }
  return ok(loaded);
};

/**
 * Which images of the history one request carries: the newest first, while they fit in
 * MAX_REQUEST_IMAGE_BYTES and MAX_IMAGES_PER_REQUEST; from the first that does not, every older
 * image is left out. Answers the images that go, as `<message index>:<position among its files>`.
 */
const imagesInBudget = (messages: readonly HistoryMessage[], loaded: ReadonlyMap<string, PromptAttachment>): ReadonlySet<string> => {
  const sent = new Set<string>();
  let bytes = 0;
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const refs = messages[i]?.attachments ?? [];
    for (let j = refs.length - 1; j >= 0; j -= 1) {
      const file = loaded.get(refs[j]?.id ?? '');
      if (file?.kind !== 'image') continue;
      if (count + 1 > MAX_IMAGES_PER_REQUEST || bytes + file.data.byteLength > MAX_REQUEST_IMAGE_BYTES) return sent;
      bytes += file.data.byteLength;
      count += 1;
      sent.add(`${i}:${j}`);
    }
  }
  return sent;
};

/**
 * A model's messages with their files: text and PDF text for every model; images only for a model
 * that reads them (an image of an earlier turn is named instead for one that does not), and only
 * as many as one request carries (older images beyond that are named instead).
 */
export const promptMessagesFor = (
  messages: readonly HistoryMessage[],
  loaded: ReadonlyMap<string, PromptAttachment> | undefined,
  model: Pick<ModelInfo, 'supportsImages'>,
): readonly PromptMessage[] => {
  const inBudget = loaded && model.supportsImages === true ? imagesInBudget(messages, loaded) : new Set<string>();
  return messages.map((m, i) => {
    if (!m.attachments || m.attachments.length === 0 || !loaded) return { role: m.role, content: m.content };
    const attachments: PromptAttachment[] = [];
    const unseen: string[] = [];
    m.attachments.forEach((ref, j) => {
      const file = loaded.get(ref.id);
      if (!file) unseen.push(`${ref.name} (no longer available)`);
      else if (file.kind === 'image' && model.supportsImages !== true) unseen.push(`${ref.name} (an image this model cannot see)`);
      else if (file.kind === 'image' && !inBudget.has(`${i}:${j}`)) {
        unseen.push(`${ref.name} (an earlier image left out: one request carries at most ${formatBytes(MAX_REQUEST_IMAGE_BYTES)} or ${MAX_IMAGES_PER_REQUEST} images)`);
      } else attachments.push(file);
    });
    const content = unseen.length === 0 ? m.content : `${m.content}\n\n[Attached but not included: ${unseen.join(', ')}]`;
    return attachments.length === 0 ? { role: m.role, content } : { role: m.role, content, attachments };
  });
};

/** Estimated input tokens of a prompt's files (when a provider reports no usage). */
export const promptAttachmentTokens = (messages: readonly PromptMessage[], provider: ModelInfo['provider']): number =>
  messages.reduce(
    (sum, m) => sum + (m.attachments ?? []).reduce((s, a) => s + (a.kind === 'image' ? imageTokens(provider, a.width, a.height) : estimateTokens(a.text)), 0),
    0,
  );
