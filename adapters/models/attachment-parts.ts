import type { FilePart, ModelMessage, TextPart } from 'ai';
import type { PromptMessage } from '../../core/chat/index.js';

/**
 * How files reach a model through the AI SDK. A text file or a PDF's text is a text part of the
 * user message, fenced with its name, type and size so the model can refer to it:
 *
 *   <attachment name="notes.md" type="text/markdown" size="2048">
 *   …the file's text…
 *   </attachment>
 *
 * An image is a file part with its bytes, type and file name; each provider package sends it in
 * its own wire format (OpenAI Responses `input_image`, Anthropic `image` with a base64 source,
 * Google `inlineData`, OpenAI-compatible `image_url` with a data URL). Files come before the
 * message's own text, as the providers advise.
 */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unattribute = (value: string) => value.replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

export const attachmentBlock = (file: { name: string; mediaType: string; size: number; text: string }): string =>
  `<attachment name="${attribute(file.name)}" type="${attribute(file.mediaType)}" size="${file.size}">\n${file.text}\n</attachment>`;

const BLOCK = /^<attachment name="([^"]*)" type="([^"]*)" size="(\d+)">\n([\s\S]*)\n<\/attachment>$/;

/** A text part that is an attachment block: its file's name, type, size and text. */
export function parseAttachmentBlock(text: string): { name: string; mediaType: string; size: number; text: string } | null {
  const match = BLOCK.exec(text);
  if (!match) return null;
  return { name: unattribute(match[1] ?? ''), mediaType: unattribute(match[2] ?? ''), size: Number(match[3]), text: match[4] ?? '' };
}

export function toModelMessage(message: PromptMessage): ModelMessage {
  if (message.role !== 'user' || !message.attachments || message.attachments.length === 0) {
    return { role: message.role, content: message.content } as ModelMessage;
  }
  const files = message.attachments.map((file): TextPart | FilePart =>
    file.kind === 'image'
      ? { type: 'file', data: file.data, mediaType: file.mediaType, filename: file.name }
      : { type: 'text', text: attachmentBlock(file) },
  );
  return { role: 'user', content: [...files, { type: 'text', text: message.content }] };
}
