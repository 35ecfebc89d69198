import { imageTokens } from '../../core/chat/index.js';
import type { ModelProvider, PromptMessage } from '../../core/chat/index.js';
import { attachmentBlock } from './attachment-parts.js';

/**
 * A deliberately simple, documented token estimate (see README.md, "Token estimate").
 *
 * A token is a run of letters/digits/underscores, or one other visible character, each with the
 * whitespace before it; trailing whitespace is one more token. Pieces joined give the text back,
 * so the offline model streams exactly these pieces and its usage is their count. Real providers'
 * BPE tokenizers give about 1.3 tokens per English word, so this under-counts a little; it is only
 * used when a provider reports no usage (an aborted stream, an endpoint without usage).
 */
const TOKEN_PATTERN = /\s*(?:[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_])|\s+/gu;

export function splitIntoTokens(text: string): string[] {
  return text.match(TOKEN_PATTERN) ?? [];
}

export function estimateTokens(text: string): number {
  let count = 0;
  TOKEN_PATTERN.lastIndex = 0;
  while (TOKEN_PATTERN.exec(text) !== null) count += 1;
  return count;
}

/**
 * Input tokens of a conversation: the sum over its messages' text (no per-message overhead), plus
 * its files: a text file's or PDF's text as it is sent (attachment-parts.ts), an image by the
 * provider's own rule (core/chat/domain/attachment-tokens.ts).
 */
export function estimatePromptTokens(messages: readonly Pick<PromptMessage, 'content' | 'attachments'>[], provider: ModelProvider = 'offline'): number {
  return messages.reduce(
    (sum, message) =>
      sum + estimateTokens(message.content) +
      (message.attachments ?? []).reduce((files, file) => files + (file.kind === 'image' ? imageTokens(provider, file.width, file.height) : estimateTokens(attachmentBlock(file))), 0),
    0,
  );
}
