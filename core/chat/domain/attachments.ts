import { z } from 'zod';
import { hasUnstorableText } from './chat-rules.js';

/**
 * Files a message can carry. Images (PNG, JPEG, WebP) go to models that read images; text files
 * (plain text, Markdown, CSV, code) and the text of a PDF go to any model as context. The limits
 * are stated in every refusal, in the browser before an upload and on the server again.
 */
export type AttachmentKind = 'image' | 'text' | 'pdf';

/** An attachment as a message keeps it (the bytes stay in the file store). */
export interface AttachmentRef {
  readonly id: string;
  /** The file's own name, as the user chose it (shown, and given to the model with its text). */
  readonly name: string;
  /** An image, text or PDF media type this server accepts. */
  readonly mediaType: string;
  readonly kind: AttachmentKind;
  /** Bytes of the file as uploaded. */
  readonly size: number;
  /** Images: pixels, read from the file's header. */
  readonly width?: number;
  readonly height?: number;
  /** Text files and PDFs: the estimated tokens of the text a model receives. */
  readonly textTokens?: number;
}

export const MB = 1024 * 1024;

/** How long a file's bytes are as base64, the way every provider receives an image inline (4 characters per 3 bytes). */
export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

/**
 * What the providers take, so that a file we accept is never refused by one of them:
 * - Anthropic refuses an image whose base64 is over 5 MB, so an image may be at most 3.75 MB as
 *   uploaded (OpenAI and Google take more); it also refuses an image over 8000 px on a side.
 * - A request carries its images inline, base64: Google takes 20 MB a request (images, text and
 *   instruction together), Anthropic 32 MB, OpenAI 50 MB. So one request carries at most 10 MB of
 *   images as uploaded (13.3 MB as base64, room left for text), and at most 20 images (Anthropic
 *   takes at most 2000 px a side once a request holds more than 20). The images of one message
 *   must fit in that; older images beyond it are named to the model instead of sent.
 */
export const PROVIDER_IMAGE_BASE64_LIMIT = 5 * MB;
export const MAX_IMAGE_BYTES = (PROVIDER_IMAGE_BASE64_LIMIT / 4) * 3;
export const MAX_IMAGE_SIDE_PIXELS = 8000;
export const MAX_REQUEST_IMAGE_BYTES = 10 * MB;
export const MAX_IMAGES_PER_REQUEST = 20;

/** Per file, by kind: an image 3.75 MB (see above), text 1 MB, a PDF 10 MB (only its text is sent). */
export const ATTACHMENT_SIZE_LIMITS: Readonly<Record<AttachmentKind, number>> = { image: MAX_IMAGE_BYTES, text: 1 * MB, pdf: 10 * MB };
export const MAX_ATTACHMENT_BYTES = 10 * MB;
/** Files per message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 4;
/** A PDF's text is cut here (about 100,000 tokens): beyond it no model's context would hold it. */
export const MAX_PDF_TEXT_CHARACTERS = 400_000;
/**
 * What a PDF's streams may unpack to, all of them together: the text of 500 dense pages is a few
 * megabytes once unpacked, fonts a few more; a 10 MB file unpacking to gigabytes is an attack.
 */
export const MAX_PDF_INFLATED_BYTES = 64 * MB;
/** Pages of a PDF read at most: their text passes any model's context long before. */
export const MAX_PDF_PAGES = 500;
export const MAX_FILE_NAME_LENGTH = 200;

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const TEXT_MEDIA_TYPES = ['text/plain', 'text/markdown', 'text/csv', 'application/json'] as const;
export const PDF_MEDIA_TYPE = 'application/pdf';

/** Code and text files by extension: browsers give many of them no type, or a wrong one (.ts as video). */
const TEXT_EXTENSIONS: Readonly<Record<string, string>> = {
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv',
  tsv: 'text/plain', json: 'application/json', ...Object.fromEntries(
    ('js jsx mjs cjs ts tsx mts cts py rb go rs java kt kts swift c h cc cpp cxx hpp cs php sh bash zsh ps1 sql r scala lua pl ' +
      'html htm css scss less xml svg yaml yml toml ini cfg conf env vue svelte dart ex exs erl hs ml clj graphql proto tf dockerfile makefile gradle')
      .split(' ')
      .map((ext) => [ext, 'text/plain']),
  ),
};
const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** What the limits say, for messages: "images (PNG, JPEG, WebP) up to 3.75 MB, …". */
export const ACCEPTED_FILES_TEXT =
  `images (PNG, JPEG, WebP) up to ${formatMegabytes(MAX_IMAGE_BYTES)} and ${MAX_IMAGE_SIDE_PIXELS} pixels a side, ` +
  'text and code files up to 1 MB, PDFs up to 10 MB';
/** The `accept` list of a file picker. */
export const ACCEPT_ATTRIBUTE = [...IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE, ...Object.keys({ ...TEXT_EXTENSIONS }).map((e) => `.${e}`), 'text/*'].join(',');

const extensionOf = (name: string): string => {
  const base = name.toLowerCase().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? base : base.slice(dot + 1);
};

export type AttachmentRefusal =
  | { readonly reason: 'unsupported_type'; readonly message: string }
  /** `limit`: the most bytes a file of `kind` may have. */
  | { readonly reason: 'too_large'; readonly message: string; readonly limit: number; readonly kind: AttachmentKind }
  | { readonly reason: 'invalid'; readonly message: string };

/** An image over MAX_IMAGE_SIDE_PIXELS on a side. */
export type ImageSizeRefusal = {
  readonly reason: 'too_large';
  readonly message: string;
  readonly maxSidePixels: number;
  readonly width: number;
  readonly height: number;
};

export const formatBytes = (bytes: number): string =>
  bytes >= MB ? formatMegabytes(bytes) : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;

/** Megabytes to two decimals at most: 3.75 MB, 5 MB, 1.5 MB. */
function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 100) / 100} MB`;
}

/** A size against its limit, in bytes too where the rounded figures would read the same. */
const sizeAgainstLimit = (size: number, limit: number): [string, string] =>
  formatBytes(size) === formatBytes(limit) ? [`${grouped(size)} bytes`, `${formatBytes(limit)} (${grouped(limit)} bytes)`] : [formatBytes(size), formatBytes(limit)];
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The kind and stored type of a file from its name and the type its sender declared: images and
 * PDFs by type or extension, text by a text type or a known text/code extension. null: not accepted.
 */
export const classifyFile = (name: string, declaredType: string): { kind: AttachmentKind; mediaType: string } | null => {
  const type = declaredType.toLowerCase().split(';')[0]?.trim() ?? '';
  const ext = extensionOf(name);
  if ((IMAGE_MEDIA_TYPES as readonly string[]).includes(type)) return { kind: 'image', mediaType: type };
  if (IMAGE_EXTENSIONS[ext] && (type === '' || type === 'application/octet-stream')) return { kind: 'image', mediaType: IMAGE_EXTENSIONS[ext] };
  if (type === PDF_MEDIA_TYPE || (ext === 'pdf' && (type === '' || type === 'application/octet-stream'))) return { kind: 'pdf', mediaType: PDF_MEDIA_TYPE };
  const byExtension = TEXT_EXTENSIONS[ext];
  if (byExtension) return { kind: 'text', mediaType: byExtension };
  if ((TEXT_MEDIA_TYPES as readonly string[]).includes(type)) return { kind: 'text', mediaType: type };
  if (type.startsWith('text/')) return { kind: 'text', mediaType: 'text/plain' };
  return null;
};

/** The first checks, before a byte is sent: the type is one we take and the size within its limit. */
export const checkFile = (file: { name: string; type: string; size: number }): { kind: AttachmentKind; mediaType: string } | AttachmentRefusal => {
  const name = fileNameSchema.safeParse(file.name);
  if (!name.success) return { reason: 'invalid', message: name.error.issues[0]?.message ?? 'The file name is not valid' };
  const classified = classifyFile(file.name, file.type);
  if (!classified) return { reason: 'unsupported_type', message: `${file.name} is not a file type that can be attached: ${ACCEPTED_FILES_TEXT}` };
  const limit = ATTACHMENT_SIZE_LIMITS[classified.kind];
  if (file.size > limit) {
    const what = classified.kind === 'image' ? 'an image' : classified.kind === 'pdf' ? 'a PDF' : 'a text file';
    const [size, most] = sizeAgainstLimit(file.size, limit);
    return { reason: 'too_large', limit, kind: classified.kind, message: `${file.name} is ${size}; ${what} may be at most ${most}` };
  }
  if (file.size === 0) return { reason: 'invalid', message: `${file.name} is empty` };
  return classified;
};

/** An image's pixels against what every provider takes: null when they fit. */
export const checkImageSize = (name: string, size: { readonly width: number; readonly height: number }): ImageSizeRefusal | null =>
  size.width > MAX_IMAGE_SIDE_PIXELS || size.height > MAX_IMAGE_SIDE_PIXELS
    ? {
        reason: 'too_large',
        maxSidePixels: MAX_IMAGE_SIDE_PIXELS,
        width: size.width,
        height: size.height,
        message: `${name} is ${size.width}×${size.height} pixels; an image may be at most ${MAX_IMAGE_SIDE_PIXELS} pixels on a side`,
      }
    : null;

/** The images of one message must fit in one request (MAX_REQUEST_IMAGE_BYTES): null when they do. */
export const checkMessageImages = (
  files: readonly Pick<AttachmentRef, 'name' | 'kind' | 'size'>[],
): { readonly reason: 'too_large'; readonly message: string; readonly limit: number; readonly total: number } | null => {
  const images = files.filter((f) => f.kind === 'image');
  const total = images.reduce((sum, f) => sum + f.size, 0);
  if (total <= MAX_REQUEST_IMAGE_BYTES) return null;
  return {
    reason: 'too_large',
    limit: MAX_REQUEST_IMAGE_BYTES,
    total,
    message: `The images of one message may add up to at most ${formatBytes(MAX_REQUEST_IMAGE_BYTES)}: ${images.map((i) => i.name).join(', ')} add up to ${formatBytes(total)}`,
  };
};

export const fileNameSchema = z
  .string({ error: 'The file name must be text' })
  .trim()
  .min(1, 'The file needs a name')
  .max(MAX_FILE_NAME_LENGTH, `The file name must contain at most ${MAX_FILE_NAME_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((name) => !hasUnstorableText(name) && !/[\u0000-\u001f\u007f]/.test(name), 'The file name contains a control character');

export const attachmentIdsSchema = z
  .array(z.string().trim().min(1, 'An attachment id must not be empty').max(100, 'An attachment id is too long'))
  .max(MAX_ATTACHMENTS_PER_MESSAGE, `A message may carry at most ${MAX_ATTACHMENTS_PER_MESSAGE} files`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file may be attached once');

/** Does the content match its declared kind? Images and PDFs by their signature bytes. */
export const matchesSignature = (mediaType: string, bytes: Uint8Array): boolean => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (mediaType) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
    case PDF_MEDIA_TYPE:
      return starts(0x25, 0x50, 0x44, 0x46, 0x2d);
    default:
      return true;
  }
};

/**
 * The text of a text file: strict UTF-8 (a leading byte-order mark dropped), nothing a database cannot
 * store. null: not UTF-8 text. Decoded here rather than with TextDecoder, which the core's runtime-free
 * types do not include.
 */
export const decodeText = (bytes: Uint8Array): string | null => {
  const codes: number[] = [];
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const cont = (k: number) => {
    const b = bytes[k];
    return b !== undefined && (b & 0xc0) === 0x80 ? b & 0x3f : -1;
  };
  const parts: string[] = [];
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let cp = -1;
    let n = 1;
    if (b < 0x80) cp = b;
    else if (b >= 0xc2 && b <= 0xdf) [cp, n] = [cont(i + 1) < 0 ? -1 : ((b & 0x1f) << 6) | cont(i + 1), 2];
    else if (b >= 0xe0 && b <= 0xef) {
      const [c1, c2] = [cont(i + 1), cont(i + 2)];
      cp = c1 < 0 || c2 < 0 ? -1 : ((b & 0x0f) << 12) | (c1 << 6) | c2;
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) cp = -1;
      n = 3;
    } else if (b >= 0xf0 && b <= 0xf4) {
      const [c1, c2, c3] = [cont(i + 1), cont(i + 2), cont(i + 3)];
      cp = c1 < 0 || c2 < 0 || c3 < 0 ? -1 : ((b & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3;
      if (cp < 0x10000 || cp > 0x10ffff) cp = -1;
      n = 4;
    }
    if (cp < 0 || cp === 0) return null;
    codes.push(cp);
    if (codes.length >= 8192) parts.push(String.fromCodePoint(...codes.splice(0)));
    i += n;
  }
  parts.push(String.fromCodePoint(...codes));
  return parts.join('');
};

export const attachmentRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  kind: z.enum(['image', 'text', 'pdf']),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  textTokens: z.number().int().nonnegative().optional(),
});
