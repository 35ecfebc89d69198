// Images at the providers' limits through the whole app server: uploaded to /api/attachments, sent
// with /api/chat through the real model gateway to the Anthropic and Google stand-ins, which refuse
// what the real services refuse (adapters/stand-ins/model-providers/provider-request-limits.ts). The largest image we
// take is delivered byte for byte; one byte or one pixel more is refused at our edge, stating the
// limit; a conversation's images beyond what one request carries are named instead of sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PIXELS, MAX_REQUEST_IMAGE_BYTES, MB } from '../../../core/chat/index.js';
import { startProviderStandIn, type ProviderStandIn } from '@ensemble/model-provider-stand-ins';
import { inlineImages, PROVIDER_LIMITS } from '@ensemble/model-provider-stand-ins';
import { pngBytes } from '../../support/storage-users.js';
import { readNdjson, startTestServer, type TestServer } from './server-harness.js';

let server: TestServer;
let anthropic: ProviderStandIn;
let google: ProviderStandIn;
// The seeded catalogue's free models that read images.
const CLAUDE = 'claude-haiku-4-5';
const GEMINI = 'gemini-2.5-flash';
/** The context window Anthropic's stand-in is started with, in tokens of four characters. */
const CLAUDE_WINDOW_TOKENS = 2_000;

beforeAll(async () => {
  // Anthropic's window is made small here, so that a long question crosses it (images do not count towards it).
  [anthropic, google] = await Promise.all([startProviderStandIn('anthropic', undefined, { contextWindowTokens: CLAUDE_WINDOW_TOKENS }), startProviderStandIn('google')]);
  server = await startTestServer({
    env: {
      ANTHROPIC_API_KEY: anthropic.apiKey, ANTHROPIC_BASE_URL: anthropic.baseUrl,
      GOOGLE_GENERATIVE_AI_API_KEY: google.apiKey, GOOGLE_GENERATIVE_AI_BASE_URL: google.baseUrl,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([anthropic?.close(), google?.close()]);
});

async function user() {
  const signed = await server.signIn(1_000_000);
  const upload = (name: string, bytes: Uint8Array) =>
    fetch(`${server.url}/api/attachments?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...signed.auth, 'content-type': 'image/png' }, body: bytes as Uint8Array<ArrayBuffer> });
  const attach = async (name: string, bytes: Uint8Array) => {
    const response = await upload(name, bytes);
    expect(response.status).toBe(201);
    return ((await response.json()) as { attachment: { id: string } }).attachment.id;
  };
  const chat = async (json: Record<string, unknown>) => readNdjson(await server.api('/api/chat', { method: 'POST', token: signed.token, json }));
  return { ...signed, upload, attach, chat };
}
const finishes = (lines: Record<string, unknown>[]) => lines.filter((l) => l['type'] === 'finish').map((l) => [l['modelId'], l['finishReason']]);
const errors = (lines: Record<string, unknown>[]) => lines.filter((l) => l['type'] === 'error');
const userText = (stand: ProviderStandIn) => stand.requests.at(-1)?.turns.filter((t) => t.role === 'user').map((t) => t.text) ?? [];

describe('images at the providers’ limits, through /api', () => {
  it('the largest image we take (3.75 MB, 8000 px a side) reaches Anthropic and Google byte for byte', async () => {
    const u = await user();
    const largest = pngBytes(MAX_IMAGE_SIDE_PIXELS, MAX_IMAGE_SIDE_PIXELS, MAX_IMAGE_BYTES);
    const id = await u.attach('largest.png', largest);
    const lines = await u.chat({ message: 'What is in it?', modelIds: [CLAUDE, GEMINI], attachmentIds: [id] });
    expect(errors(lines)).toEqual([]);
    expect(finishes(lines).sort()).toEqual([[CLAUDE, 'stop'], [GEMINI, 'stop']]);
    const [toClaude] = inlineImages.anthropic(anthropic.requests.at(-1)?.body ?? {});
    // Exactly the most Anthropic takes: 5 MB of base64.
    expect(toClaude?.base64.length).toBe(PROVIDER_LIMITS.anthropic.imageBase64Bytes);
    expect(Buffer.from(toClaude?.base64 ?? '', 'base64').equals(Buffer.from(largest))).toBe(true);
    const [toGemini] = inlineImages.google(google.requests.at(-1)?.body ?? {});
    expect(Buffer.from(toGemini?.base64 ?? '', 'base64').equals(Buffer.from(largest))).toBe(true);
  });

  it('one byte more, or one pixel more on a side, is refused at upload with the limit stated', async () => {
    const u = await user();
    const heavy = await u.upload('heavy.png', pngBytes(800, 600, MAX_IMAGE_BYTES + 1));
    expect(heavy.status).toBe(413);
    expect(await heavy.json()).toEqual({
      error: 'payload_too_large',
      message: 'heavy.png is 3,932,161 bytes; an image may be at most 3.75 MB (3,932,160 bytes)',
      details: { reason: 'too_large', maxBytes: MAX_IMAGE_BYTES },
    });
    const wide = await u.upload('wide.png', pngBytes(MAX_IMAGE_SIDE_PIXELS + 1, 600, 4096));
    expect(wide.status).toBe(413);
    expect(await wide.json()).toEqual({
      error: 'payload_too_large',
      message: 'wide.png is 8001×600 pixels; an image may be at most 8000 pixels on a side',
      details: { reason: 'too_large', maxSidePixels: MAX_IMAGE_SIDE_PIXELS, width: 8001, height: 600 },
    });
  });

  it('a message whose images add up to more than one request carries (10 MB) is refused before anything is written', async () => {
    const u = await user();
    const ids = [];
    for (const name of ['a.png', 'b.png', 'c.png']) ids.push(await u.attach(name, pngBytes(1600, 1200, MAX_IMAGE_BYTES)));
    const before = google.requests.length;
    const refused = await server.api('/api/chat', { method: 'POST', token: u.token, json: { message: 'All three', modelIds: [GEMINI], attachmentIds: ids } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'validation',
      message: 'The images of one message may add up to at most 10 MB: a.png, b.png, c.png add up to 11.25 MB',
      details: { reason: 'too_large', maxBytes: MAX_REQUEST_IMAGE_BYTES },
    });
    expect(google.requests.length).toBe(before);
    const listed = (await (await server.api('/api/conversations', { token: u.token })).json()) as { conversations: unknown[] };
    expect(listed.conversations).toEqual([]);
  });

  it('a conversation’s images beyond what one request carries are named, not sent: Google (20 MB a request) keeps answering', async () => {
    const u = await user();
    const image = () => pngBytes(1600, 1200, MAX_IMAGE_BYTES);
    const first = await u.chat({ message: 'Two photos', modelIds: [GEMINI], attachmentIds: [await u.attach('one.png', image()), await u.attach('two.png', image())] });
    expect(finishes(first)).toEqual([[GEMINI, 'stop']]);
    const conversationId = first[0]?.['conversationId'];
    // All four would be 15 MB, 20 MB as base64: more than Gemini takes in one request.
    const second = await u.chat({ conversationId, message: 'Two more', modelIds: [GEMINI], attachmentIds: [await u.attach('three.png', image()), await u.attach('four.png', image())] });
    expect(errors(second)).toEqual([]);
    expect(finishes(second)).toEqual([[GEMINI, 'stop']]);
    const request = google.requests.at(-1);
    expect(inlineImages.google(request?.body ?? {})).toHaveLength(2);
    expect(request?.bytes).toBeLessThan(PROVIDER_LIMITS.google.requestBytes);
    expect(request?.bytes).toBeGreaterThan(2 * (4 / 3) * MAX_IMAGE_BYTES);
    expect(userText(google)[0]).toContain('[Attached but not included: one.png (an earlier image left out: one request carries at most 10 MB or 20 images), two.png');
    expect(userText(google)[1]).toBe('Two more');
    expect(MAX_REQUEST_IMAGE_BYTES).toBe(10 * MB);
  });
});

describe('a conversation longer than the model reads at once, through /api', () => {
  it('is refused by the provider in its own words, reaches the client as context_too_long beside the other column\'s answer, and charges it nothing', async () => {
    const u = await user();
    const before = server.balance(u.userId);
    const question = `Please read this: ${'harbour '.repeat(CLAUDE_WINDOW_TOKENS)}`;
    const lines = await u.chat({ message: question, modelIds: [CLAUDE, GEMINI] });
    expect(errors(lines)).toEqual([
      expect.objectContaining({ modelId: CLAUDE, code: 'context_too_long', message: 'Anthropic answered HTTP 400: prompt is too long: 215000 tokens > 200000 maximum' }),
    ]);
    // The refused column ends with its error; the other answers to its end.
    expect(finishes(lines)).toEqual([[GEMINI, 'stop']]);
    // Only Gemini's answer is paid for.
    const charged = lines.find((l) => l['type'] === 'finish' && l['modelId'] === GEMINI)?.['creditsCharged'];
    expect(charged).toBeGreaterThan(0);
    expect(before - server.balance(u.userId)).toBe(charged);
  });
});
