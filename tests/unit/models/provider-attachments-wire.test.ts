import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiSdkModelGateway } from '../../../adapters/models/ai-sdk-model-gateway.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import type { PromptMessage } from '../../../core/domain/chat.js';
import { startProviderStandIn, type FirstPartyProvider, type ProviderStandIn } from '../../support/first-party-provider-stand-ins.js';
import { startOpenAiCompatibleStandIn } from '../../support/openai-compatible-stand-in.js';
import { pngBytes } from '../../support/storage-users.js';
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

describe('an OpenAI-compatible endpoint: files on the wire', () => {
  it('sends the image as an image_url data URL and the text file as a text part', async () => {
    const standIn = await startOpenAiCompatibleStandIn();
    try {
      const created = createModelGateway({
        env: { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'llava-local' },
        catalogue: [{ ...catalogueEntry('llava-local', 'openai-compatible'), supportsImages: true }],
        logger: quiet,
        maxRetries: 0,
      });
      if (!created.success) throw new Error(created.error.message);
      const events = await collect(created.data.stream({ modelIds: ['llava-local'], messages }));
      expect(finishOf(events, 'llava-local').finishReason).toBe('stop');
      const user = standIn.requests.at(-1)?.body.messages.find((m) => m.role === 'user');
      expect(user?.content).toEqual([
        { type: 'image_url', image_url: { url: `data:image/png;base64,${imageBase64}` } },
        { type: 'text', text: TEXT_BLOCK },
        { type: 'text', text: QUESTION },
      ]);
    } finally {
      await standIn.close();
    }
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
