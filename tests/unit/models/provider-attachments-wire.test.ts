import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfjsDocumentText } from '../../../adapters/documents/pdfjs-document-text.js';
import type { AiSdkModelGateway } from '../../../adapters/models/ai-sdk-model-gateway.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PIXELS, MAX_REQUEST_IMAGE_BYTES, MB } from '../../../core/chat/index.js';
import type { ChatStreamEvent, PromptAttachment, PromptMessage } from '../../../core/chat/index.js';
import { startProviderStandIn, type FirstPartyProvider, type ProviderStandIn } from '@ensemble/model-provider-stand-ins';
import { jpegBytes, webpBytes } from '../../support/image-fixtures.js';
import { startOpenAiCompatibleStandIn, type StandIn } from '@ensemble/model-provider-stand-ins';
import { minimalPdf } from '../../support/pdf-fixture.js';
import { pngBytes } from '../../support/storage-users.js';
import { inlineImages } from '@ensemble/model-provider-stand-ins';
import { catalogueEntry, collect, finishOf } from './model-test-kit.js';

/**
 * Files as each provider receives them on the wire: the real AI SDK provider packages call local
 * stand-ins of OpenAI, Anthropic, Google and an OpenAI-compatible endpoint, and the tests read the
 * request bodies they recorded: the image as that provider expects it (base64 in its own shape),
 * and a text file's content as a text part naming the file.
 */
const image = pngBytes(64, 48, 300);
const imageBase64 = Buffer.from(image).toString('base64');
const NOTES = '# Tides\nHigh water at six.';
const QUESTION = 'What do these show?';
const messages: PromptMessage[] = [
  {
    role: 'user',
    content: QUESTION,
    attachments: [
      { kind: 'image', name: 'harbour.png', mediaType: 'image/png', size: image.byteLength, width: 64, height: 48, data: image },
      { kind: 'text', name: 'notes.md', mediaType: 'text/markdown', size: 26, text: NOTES },
    ],
  },
];
const TEXT_BLOCK = `<attachment name="notes.md" type="text/markdown" size="26">\n${NOTES}\n</attachment>`;

const PROVIDERS: Record<FirstPartyProvider, { env: [string, string]; model: string }> = {
  openai: { env: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'], model: 'gpt-4o-mini' },
  anthropic: { env: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'], model: 'claude-sonnet-4-5' },
  google: { env: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_GENERATIVE_AI_BASE_URL'], model: 'gemini-2.5-flash' },
};

/** The user message's parts in each provider's own shape. */
const USER_PARTS: Record<FirstPartyProvider, (body: Record<string, unknown>) => unknown> = {
  // Responses API: input_image with a data URL, input_text parts.
  openai: (body) => (body['input'] as { role: string; content: unknown }[]).find((item) => item.role === 'user')?.content,
  // Messages API: an image block with a base64 source, text blocks.
  anthropic: (body) => (body['messages'] as { role: string; content: unknown }[]).find((m) => m.role === 'user')?.content,
  // generateContent: inlineData parts, text parts.
  google: (body) => (body['contents'] as { role: string; parts: unknown }[]).find((c) => c.role === 'user')?.parts,
};
const EXPECTED: Record<FirstPartyProvider, unknown[]> = {
  openai: [
    { type: 'input_image', image_url: `data:image/png;base64,${imageBase64}` },
    { type: 'input_text', text: TEXT_BLOCK },
    { type: 'input_text', text: QUESTION },
  ],
  anthropic: [
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: imageBase64 } },
    { type: 'text', text: TEXT_BLOCK },
    { type: 'text', text: QUESTION },
  ],
  google: [{ inlineData: { mimeType: 'image/png', data: imageBase64 } }, { text: TEXT_BLOCK }, { text: QUESTION }],
};

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const standIns = new Map<FirstPartyProvider, ProviderStandIn>();
beforeAll(async () => {
  for (const provider of Object.keys(PROVIDERS) as FirstPartyProvider[]) standIns.set(provider, await startProviderStandIn(provider));
});
afterAll(async () => {
  await Promise.all([...standIns.values()].map((s) => s.close()));
});

const gatewayFor = (provider: FirstPartyProvider): AiSdkModelGateway => {
  const standIn = standIns.get(provider) as ProviderStandIn;
  const [keyName, urlName] = PROVIDERS[provider].env;
  const created = createModelGateway({
    env: { [keyName]: standIn.apiKey, [urlName]: standIn.baseUrl },
    catalogue: [{ ...catalogueEntry(PROVIDERS[provider].model, provider), supportsImages: true }],
    logger: quiet,
    maxRetries: 0,
  });
  if (!created.success) throw new Error(created.error.message);
  return created.data;
};

describe.each(Object.keys(PROVIDERS) as FirstPartyProvider[])('%s: files on the wire', (provider) => {
  it('sends the image in the provider’s own shape, then the text file as a text part naming it, then the question', async () => {
    const { model } = PROVIDERS[provider];
    const events = await collect(gatewayFor(provider).stream({ modelIds: [model], messages }));
    expect(finishOf(events, model).finishReason).toBe('stop');
    const parts = USER_PARTS[provider]((standIns.get(provider)?.requests.at(-1)?.body ?? {}) as Record<string, unknown>) as Record<string, unknown>[];
    expect(parts).toHaveLength(3);
    parts.forEach((part, i) => expect(part).toMatchObject(EXPECTED[provider][i] as Record<string, unknown>));
  });

  it('a message without files stays plain text', async () => {
    const { model } = PROVIDERS[provider];
    await collect(gatewayFor(provider).stream({ modelIds: [model], messages: [{ role: 'user', content: QUESTION }] }));
    const parts = USER_PARTS[provider]((standIns.get(provider)?.requests.at(-1)?.body ?? {}) as Record<string, unknown>);
    expect(JSON.stringify(parts)).not.toContain('attachment');
  });
});

let compatible: StandIn;
beforeAll(async () => {
  compatible = await startOpenAiCompatibleStandIn();
});
afterAll(async () => {
  await compatible.close();
});
const compatibleGateway = (): AiSdkModelGateway => {
  const created = createModelGateway({
    env: { OPENAI_COMPATIBLE_BASE_URL: compatible.baseUrl, OPENAI_COMPATIBLE_MODELS: 'llava-local' },
    catalogue: [{ ...catalogueEntry('llava-local', 'openai-compatible'), supportsImages: true }],
    logger: quiet,
    maxRetries: 0,
  });
  if (!created.success) throw new Error(created.error.message);
  return created.data;
};
const compatibleUserParts = () => compatible.requests.at(-1)?.body.messages.find((m) => m.role === 'user')?.content;

describe('an OpenAI-compatible endpoint: files on the wire', () => {
  it('sends the image as an image_url data URL and the text file as a text part', async () => {
    const events = await collect(compatibleGateway().stream({ modelIds: ['llava-local'], messages }));
    expect(finishOf(events, 'llava-local').finishReason).toBe('stop');
    expect(compatibleUserParts()).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${imageBase64}` } },
      { type: 'text', text: TEXT_BLOCK },
      { type: 'text', text: QUESTION },
    ]);
  });
});

// ---------------------------------------------------------------- JPEG, WebP and a PDF's text

const jpeg = jpegBytes(1024, 768, 2_000);
const webp = webpBytes(320, 240, 1_000);
const PDF = minimalPdf([['Tide table', 'High water at six']]);
const PDF_TEXT = 'Tide table\nHigh water at six';
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const PDF_BLOCK = `<attachment name="tides.pdf" type="application/pdf" size="${PDF.byteLength}">\n${PDF_TEXT}\n</attachment>`;

/** A JPEG, a WebP and a PDF's text as PDF.js reads it, with the question. */
async function otherKinds(): Promise<PromptMessage[]> {
  const text = await new PdfjsDocumentText().pdfText(PDF, 10_000);
  if (!text.success) throw new Error(text.error.message);
  expect(text.data).toBe(PDF_TEXT);
  return [{
    role: 'user',
    content: QUESTION,
    attachments: [
      { kind: 'image', name: 'pier.jpg', mediaType: 'image/jpeg', size: jpeg.byteLength, width: 1024, height: 768, data: jpeg },
      { kind: 'image', name: 'buoy.webp', mediaType: 'image/webp', size: webp.byteLength, width: 320, height: 240, data: webp },
      { kind: 'text', name: 'tides.pdf', mediaType: 'application/pdf', size: PDF.byteLength, text: text.data },
    ],
  }];
}

const OTHER_KINDS_EXPECTED: Record<FirstPartyProvider | 'openai-compatible', unknown[]> = {
  openai: [
    { type: 'input_image', image_url: `data:image/jpeg;base64,${base64(jpeg)}` },
    { type: 'input_image', image_url: `data:image/webp;base64,${base64(webp)}` },
    { type: 'input_text', text: PDF_BLOCK },
    { type: 'input_text', text: QUESTION },
  ],
  anthropic: [
    { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: base64(jpeg) } },
    { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: base64(webp) } },
    { type: 'text', text: PDF_BLOCK },
    { type: 'text', text: QUESTION },
  ],
  google: [
    { inlineData: { mimeType: 'image/jpeg', data: base64(jpeg) } },
    { inlineData: { mimeType: 'image/webp', data: base64(webp) } },
    { text: PDF_BLOCK },
    { text: QUESTION },
  ],
  'openai-compatible': [
    { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${base64(jpeg)}` } },
    { type: 'image_url', image_url: { url: `data:image/webp;base64,${base64(webp)}` } },
    { type: 'text', text: PDF_BLOCK },
    { type: 'text', text: QUESTION },
  ],
};

describe.each(Object.keys(PROVIDERS) as FirstPartyProvider[])('%s: JPEG, WebP and a PDF’s text on the wire', (provider) => {
  it('sends the JPEG and the WebP with their own types, then the PDF’s text as a text part naming the PDF', async () => {
    const { model } = PROVIDERS[provider];
    const events = await collect(gatewayFor(provider).stream({ modelIds: [model], messages: await otherKinds() }));
    expect(finishOf(events, model).finishReason).toBe('stop');
    const parts = USER_PARTS[provider]((standIns.get(provider)?.requests.at(-1)?.body ?? {}) as Record<string, unknown>) as Record<string, unknown>[];
    expect(parts).toHaveLength(4);
    parts.forEach((part, i) => expect(part).toMatchObject(OTHER_KINDS_EXPECTED[provider][i] as Record<string, unknown>));
  });
});

describe('an OpenAI-compatible endpoint: JPEG, WebP and a PDF’s text on the wire', () => {
  it('sends the JPEG and the WebP as data URLs of their own types, then the PDF’s text', async () => {
    const events = await collect(compatibleGateway().stream({ modelIds: ['llava-local'], messages: await otherKinds() }));
    expect(finishOf(events, 'llava-local').finishReason).toBe('stop');
    expect(compatibleUserParts()).toEqual(OTHER_KINDS_EXPECTED['openai-compatible']);
  });
});

// ---------------------------------------------------------------- at the providers' limits

const imageMessage = (name: string, data: Uint8Array, width: number, height: number): PromptAttachment =>
  ({ kind: 'image', name, mediaType: 'image/png', size: data.byteLength, width, height, data });
const asking = (...attachments: PromptAttachment[]): PromptMessage[] => [{ role: 'user', content: 'Describe them', attachments }];
const errorOf = (events: readonly ChatStreamEvent[]) => events.find((e) => e.type === 'error');

/** The base64 of every image a provider's stand-in received in its latest request. */
const receivedImages = (provider: FirstPartyProvider | 'openai-compatible'): string[] => {
  if (provider === 'openai-compatible') return inlineImages.openaiChat(compatible.requests.at(-1)?.body as unknown as Record<string, unknown>).map((i) => i.base64);
  const body = (standIns.get(provider)?.requests.at(-1)?.body ?? {}) as Record<string, unknown>;
  const read = { openai: inlineImages.openaiResponses, anthropic: inlineImages.anthropic, google: inlineImages.google }[provider];
  return read(body).map((i) => i.base64);
};

describe('images at the providers’ limits, on the wire', () => {
  // The largest image we accept: 3.75 MB, 8000 px a side; its base64 is exactly Anthropic's 5 MB.
  const largest = pngBytes(MAX_IMAGE_SIDE_PIXELS, MAX_IMAGE_SIDE_PIXELS, MAX_IMAGE_BYTES);

  it.each([...(Object.keys(PROVIDERS) as FirstPartyProvider[]), 'openai-compatible' as const])(
    '%s takes the largest image we accept (3.75 MB, 8000 px a side) and receives it byte for byte',
    async (provider) => {
      const model = provider === 'openai-compatible' ? 'llava-local' : PROVIDERS[provider].model;
      const gateway = provider === 'openai-compatible' ? compatibleGateway() : gatewayFor(provider);
      const events = await collect(gateway.stream({ modelIds: [model], messages: asking(imageMessage('largest.png', largest, 8000, 8000)) }));
      expect(errorOf(events)).toBeUndefined();
      expect(finishOf(events, model).finishReason).toBe('stop');
      const [received] = receivedImages(provider);
      expect(received?.length).toBe(5 * MB);
      expect(Buffer.from(received ?? '', 'base64').equals(Buffer.from(largest))).toBe(true);
    },
  );

  it('Anthropic refuses one byte more: the base64 goes over its 5 MB (our limit is exactly its own)', async () => {
    const over = pngBytes(100, 100, MAX_IMAGE_BYTES + 1);
    const events = await collect(gatewayFor('anthropic').stream({ modelIds: ['claude-sonnet-4-5'], messages: asking(imageMessage('over.png', over, 100, 100)) }));
    expect(errorOf(events)).toMatchObject({ type: 'error', message: expect.stringContaining('image exceeds 5 MB maximum: 5242884 bytes > 5242880 bytes') });
  });

  it('Anthropic refuses an image over 8000 px on a side', async () => {
    const wide = pngBytes(MAX_IMAGE_SIDE_PIXELS + 1, 600, 500);
    const events = await collect(gatewayFor('anthropic').stream({ modelIds: ['claude-sonnet-4-5'], messages: asking(imageMessage('wide.png', wide, 8001, 600)) }));
    expect(errorOf(events)).toMatchObject({ type: 'error', message: expect.stringContaining('At least one of the image dimensions exceed max allowed size: 8000 pixels') });
  });

  it('Google takes the most images one request of ours carries (10 MB as uploaded); it refuses a request over 20 MB', async () => {
    const fill = pngBytes(64, 64, MAX_REQUEST_IMAGE_BYTES - 2 * MAX_IMAGE_BYTES);
    const budget = asking(imageMessage('a.png', largest, 8000, 8000), imageMessage('b.png', largest, 8000, 8000), imageMessage('c.png', fill, 64, 64));
    const fits = await collect(gatewayFor('google').stream({ modelIds: ['gemini-2.5-flash'], messages: budget }));
    expect(errorOf(fits)).toBeUndefined();
    expect(receivedImages('google')).toHaveLength(3);
    expect(standIns.get('google')?.requests.at(-1)?.bytes).toBeLessThan(20 * MB);
    // Four of the largest images (15 MB, 20 MB as base64) are more than Gemini takes in one request.
    const four = asking(...['a', 'b', 'c', 'd'].map((n) => imageMessage(`${n}.png`, largest, 8000, 8000)));
    const refused = await collect(gatewayFor('google').stream({ modelIds: ['gemini-2.5-flash'], messages: four }));
    expect(errorOf(refused)).toMatchObject({ type: 'error', message: expect.stringContaining('Request payload size exceeds the limit: 20971520 bytes') });
  });
});

describe('the offline model: it states what it received, and counts it', () => {
  it('names each file with its type, size, and the pixels or words it read', async () => {
    const created = createModelGateway({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' }, catalogue: [], logger: quiet });
    if (!created.success) throw new Error(created.error.message);
    const events = await collect(created.data.stream({ modelIds: ['offline'], messages }));
    const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(text).toContain('_Attached: harbour.png (image/png, 300 B, 64×48 pixels); notes.md (text/markdown, 26 B, 6 words)._');
    expect(text).toContain(`You asked: "${QUESTION}"`);
    const plain = await collect(created.data.stream({ modelIds: ['offline'], messages: [{ role: 'user', content: QUESTION }] }));
    // The image (85 + 170 per 512-px tile) and the text file's block are input tokens too.
    expect(finishOf(events, 'offline').usage.inputTokens - finishOf(plain, 'offline').usage.inputTokens).toBeGreaterThanOrEqual(255 + 5);
  });
});
