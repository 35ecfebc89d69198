import type { AttachmentRef } from './attachments.js';
import type { ModelProvider } from './providers.js';

/** Width and height from a PNG, JPEG or WebP header; null when the bytes are not such an image. */
export const imageDimensions = (mediaType: string, bytes: Uint8Array): { width: number; height: number } | null => {
  const u16be = (i: number) => ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
  const u24le = (i: number) => (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8) | ((bytes[i + 2] ?? 0) << 16);
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (mediaType === 'image/png') {
    if (bytes.length < 24) return null;
    return sized(new DataView(bytes.buffer, bytes.byteOffset).getUint32(16), new DataView(bytes.buffer, bytes.byteOffset).getUint32(20));
  }
  if (mediaType === 'image/jpeg') {
    // Walk the segments to the first start-of-frame marker (C0–CF except C4, C8, CC).
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1] ?? 0;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return sized(u16be(i + 7), u16be(i + 5));
      i += 2 + u16be(i + 2);
    }
    return null;
  }
  if (mediaType === 'image/webp') {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    const u14le = (i: number) => ((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8)) & 0x3fff;
    if (chunk === 'VP8 ' && bytes.length >= 30) return sized(u14le(26), u14le(28));
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes.subarray(21, 25);
      return sized(1 + (b0 | ((b1 & 0x3f) << 8)), 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)));
    }
    if (chunk === 'VP8X' && bytes.length >= 30) return sized(1 + u24le(24), 1 + u24le(27));
    return null;
  }
  return null;
};

const scaleToFit = (w: number, h: number, maxW: number, maxH: number) => {
  const factor = Math.min(1, maxW / w, maxH / h);
  return { w: Math.round(w * factor), h: Math.round(h * factor) };
};

/**
 * What an image costs in input tokens, by each provider's published rule:
 * - OpenAI (and OpenAI-compatible endpoints, and the offline model): fitted into 2048×2048, the short
 *   side scaled down to 768, then 85 + 170 per 512-px tile (GPT-4o, high detail);
 * - Anthropic: the long side scaled down to 1568, then width × height / 750;
 * - Google: 258 when both sides are at most 384 px, else 258 per 768-px tile.
 */
export const imageTokens = (provider: ModelProvider, width: number, height: number): number => {
  if (provider === 'anthropic') {
    const { w, h } = scaleToFit(width, height, 1568, 1568);
    return Math.ceil((w * h) / 750);
  }
  if (provider === 'google') return width <= 384 && height <= 384 ? 258 : 258 * Math.ceil(width / 768) * Math.ceil(height / 768);
  const fitted = scaleToFit(width, height, 2048, 2048);
  const short = Math.min(fitted.w, fitted.h);
  const { w, h } = short > 768 ? scaleToFit(fitted.w, fitted.h, (fitted.w * 768) / short, (fitted.h * 768) / short) : fitted;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
};

/** The input tokens an attachment adds to a prompt for a model of `provider`. */
export const attachmentTokens = (attachment: AttachmentRef, provider: ModelProvider): number =>
  attachment.kind === 'image' ? imageTokens(provider, attachment.width ?? 512, attachment.height ?? 512) : (attachment.textTokens ?? 0);

/** Every attachment of a prompt, for one provider. */
export const attachmentsTokens = (attachments: readonly AttachmentRef[], provider: ModelProvider): number =>
  attachments.reduce((sum, a) => sum + attachmentTokens(a, provider), 0);
