import { imageDimensions, matchesSignature } from './image-bytes.js';

/**
 * The limits each provider enforces on a request and the images in it, as their APIs publish them
 * (and answer when they are crossed), so the stand-ins refuse what the real service would and a
 * regression of our own limits fails a test instead of a user's chat:
 *
 *   anthropic   a request at most 32 MB (413 request_too_large); each image's base64 at most 5 MB
 *               ("image exceeds 5 MB maximum: N bytes > 5242880 bytes") and at most 8000 px a side;
 *               more than 20 images in a request: at most 2000 px a side; at most 100 images
 *   google      a request at most 20 MB, inline data, text and instruction together (400
 *               INVALID_ARGUMENT "Request payload size exceeds the limit: 20971520 bytes.")
 *   openai      a request at most 50 MB; at most 500 images (the Responses API and chat completions,
 *               which the OpenAI-compatible stand-in speaks)
 *
 * Every provider also refuses an image whose bytes are not the image its media type names.
 */
const MB = 1024 * 1024;

export const PROVIDER_LIMITS = {
  anthropic: { requestBytes: 32 * MB, imageBase64Bytes: 5 * MB, sidePixels: 8000, manyImages: 20, manyImagesSidePixels: 2000, images: 100 },
  google: { requestBytes: 20 * MB },
  openai: { requestBytes: 50 * MB, images: 500 },
} as const;

/** An image as a request carries it inline: where it is (for messages), its declared type, its base64. */
export interface InlineImage {
  readonly path: string;
  readonly mediaType: string;
  readonly base64: string;
}

/** A refusal: the HTTP status and the provider's message. */
export interface LimitRefusal {
  readonly status: number;
  readonly message: string;
}

const asList = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];

/** `data:<type>;base64,<data>` into its parts; null for any other URL. */
const dataUrl = (url: unknown): { mediaType: string; base64: string } | null => {
  const match = typeof url === 'string' ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
  return match ? { mediaType: match[1] as string, base64: match[2] as string } : null;
};

/** The inline images of a request body, in each wire format. */
export const inlineImages = {
  anthropic: (body: Record<string, unknown>): InlineImage[] =>
    asList(body['messages']).flatMap((m, i) =>
      asList(m['content']).flatMap((part, j) => {
        const source = part['source'] as Record<string, unknown> | undefined;
        return part['type'] === 'image' && source?.['type'] === 'base64'
          ? [{ path: `messages.${i}.content.${j}.image.source.base64`, mediaType: String(source['media_type']), base64: String(source['data']) }]
          : [];
      }),
    ),
  google: (body: Record<string, unknown>): InlineImage[] =>
    asList(body['contents']).flatMap((c, i) =>
      asList(c['parts']).flatMap((part, j) => {
        const inline = part['inlineData'] as Record<string, unknown> | undefined;
        return inline ? [{ path: `contents[${i}].parts[${j}].inline_data`, mediaType: String(inline['mimeType']), base64: String(inline['data']) }] : [];
      }),
    ),
  openaiResponses: (body: Record<string, unknown>): InlineImage[] =>
    asList(body['input']).flatMap((item, i) =>
      asList(item['content']).flatMap((part, j) => {
        const url = part['type'] === 'input_image' ? dataUrl(part['image_url']) : null;
        return url ? [{ path: `input[${i}].content[${j}].image_url`, ...url }] : [];
      }),
    ),
  openaiChat: (body: Record<string, unknown>): InlineImage[] =>
    asList(body['messages']).flatMap((m, i) =>
      asList(m['content']).flatMap((part, j) => {
        const url = part['type'] === 'image_url' ? dataUrl((part['image_url'] as Record<string, unknown> | undefined)?.['url']) : null;
        return url ? [{ path: `messages[${i}].content[${j}].image_url`, ...url }] : [];
      }),
    ),
};

/** The image's pixels, or why it is not the image its type names. */
function decode(image: InlineImage): { width: number; height: number } | string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(image.base64) || image.base64.length % 4 !== 0) return `${image.path}: the image data is not valid base64`;
  const bytes = new Uint8Array(Buffer.from(image.base64, 'base64'));
  if (!['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(image.mediaType)) return `${image.path}: unsupported image type ${image.mediaType}`;
  if (!matchesSignature(image.mediaType, bytes)) return `${image.path}: the image does not match the provided media type ${image.mediaType}`;
  return imageDimensions(image.mediaType, bytes) ?? `${image.path}: could not process image`;
}

/** What the Anthropic Messages API refuses of a request of `bytes` bytes. */
export function anthropicRefusal(body: Record<string, unknown>, bytes: number): LimitRefusal | null {
  const limits = PROVIDER_LIMITS.anthropic;
  if (bytes > limits.requestBytes) return { status: 413, message: 'Request exceeds the maximum allowed number of bytes.' };
  const images = inlineImages.anthropic(body);
  if (images.length > limits.images) return { status: 400, message: `messages: too many images: ${images.length} > ${limits.images}` };
  const side = images.length > limits.manyImages ? limits.manyImagesSidePixels : limits.sidePixels;
  for (const image of images) {
    if (image.base64.length > limits.imageBase64Bytes) {
      return { status: 400, message: `${image.path}: image exceeds 5 MB maximum: ${image.base64.length} bytes > ${limits.imageBase64Bytes} bytes` };
    }
    const pixels = decode(image);
    if (typeof pixels === 'string') return { status: 400, message: pixels };
    if (pixels.width > side || pixels.height > side) {
      const many = side === limits.manyImagesSidePixels ? ' for many-image requests' : '';
      return { status: 400, message: `${image.path}.data: At least one of the image dimensions exceed max allowed size${many}: ${side} pixels` };
    }
  }
  return null;
}

/** What the Gemini API refuses of a request of `bytes` bytes. */
export function googleRefusal(body: Record<string, unknown>, bytes: number): LimitRefusal | null {
  if (bytes > PROVIDER_LIMITS.google.requestBytes) return { status: 400, message: `Request payload size exceeds the limit: ${PROVIDER_LIMITS.google.requestBytes} bytes.` };
  for (const image of inlineImages.google(body)) {
    const pixels = decode(image);
    if (typeof pixels === 'string') return { status: 400, message: `Unable to process input image. ${pixels}` };
  }
  return null;
}

/** What OpenAI refuses of a request of `bytes` bytes (the Responses API or chat completions). */
export function openaiRefusal(images: readonly InlineImage[], bytes: number): LimitRefusal | null {
  const limits = PROVIDER_LIMITS.openai;
  if (bytes > limits.requestBytes) return { status: 400, message: `Request too large: ${bytes} bytes, the limit is ${limits.requestBytes} bytes.` };
  if (images.length > limits.images) return { status: 400, message: `Too many images: ${images.length}, at most ${limits.images} in one request.` };
  for (const image of images) {
    const pixels = decode(image);
    if (typeof pixels === 'string') return { status: 400, message: `Invalid image: ${pixels}` };
  }
  return null;
}
