import { imageTokens } from '../../core/chat/index.js';
import type { ModelProvider, PromptMessage } from '../../core/chat/index.js';
import { estimateTokens } from '../../core/credits/index.js';
import { attachmentBlock } from './attachment-parts.js';

/**
 * Counting is the core's one estimate (core/credits/domain/token-estimate.ts, see README.md, "Token
 * estimate"): the credit hold, a file's tokens, an answer without reported usage and the offline
 * models all count the same way, so no script is cheaper to send than it was to hold for.
 *
 * What the offline model streams is another matter: readable pieces, a run of letters/digits/
 * underscores or one other visible character, each with the whitespace before it (trailing
 * whitespace is one more piece). Pieces joined give the text back; they are not what it is billed.
 */
const PIECE_PATTERN = /\s*(?:[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_])|\s+/gu;

export function splitIntoPieces(text: string): string[] {
  return text.match(PIECE_PATTERN) ?? [];
}

/**
 * The longest start of `text` the estimate counts at most `limit` tokens: an answer cut at a
 * maximum length. The estimate never falls as a text grows, so the cut is found by halving.
 */
export function prefixWithinTokens(text: string, limit: number): string {
  if (estimateTokens(text) <= limit) return text;
  let fits = 0;
  let exceeds = text.length;
  while (exceeds - fits > 1) {
    const middle = Math.floor((fits + exceeds) / 2);
    if (estimateTokens(text.slice(0, middle)) <= limit) fits = middle;
    else exceeds = middle;
  }
  // Never end between the two halves of a character outside the Basic Multilingual Plane.
  const last = text.charCodeAt(fits - 1);
  if (fits > 0 && last >= 0xd800 && last <= 0xdbff) fits -= 1;
  return text.slice(0, fits);
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
