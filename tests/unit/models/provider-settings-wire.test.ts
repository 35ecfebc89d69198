import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import type { AiSdkModelGateway } from '../../../adapters/models/ai-sdk-model-gateway.js';
import { startProviderStandIn, type FirstPartyProvider, type ProviderStandIn } from '@ensemble/model-provider-stand-ins';
import { startOpenAiCompatibleStandIn } from '@ensemble/model-provider-stand-ins';
import { catalogueEntry, collect, finishOf, textOf } from './model-test-kit.js';

/**
 * A conversation's instruction and settings as each provider receives them on the wire: the real AI
 * SDK provider packages call local stand-ins of OpenAI, Anthropic and Google, and the tests read the
 * request bodies the stand-ins recorded.
 */
const INSTRUCTION = 'Answer like a lighthouse keeper, in two sentences.';
const SETTINGS = { temperature: 0.3, maxOutputTokens: 120 };
const messages = [{ role: 'user' as const, content: 'What does a lighthouse do?' }];

const PROVIDERS: Record<FirstPartyProvider, { env: [string, string]; model: string }> = {
  openai: { env: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'], model: 'gpt-4o-mini' },
  anthropic: { env: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'], model: 'claude-sonnet-4-5' },
  google: { env: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_GENERATIVE_AI_BASE_URL'], model: 'gemini-2.5-flash' },
};

/** Where each provider's own wire format puts the instruction, the temperature and the maximum length. */
const WIRE: Record<FirstPartyProvider, (body: Record<string, unknown>) => { system: unknown; temperature: unknown; maxTokens: unknown }> = {
  // Responses API: the instruction is the first input item, with the system role.
  openai: (body) => {
    const first = (body['input'] as { role: string; content: unknown }[])[0];
    return { system: first?.role === 'system' ? first.content : undefined, temperature: body['temperature'], maxTokens: body['max_output_tokens'] };
  },
  // Messages API: a top-level `system` list of text blocks, `temperature`, `max_tokens`.
  anthropic: (body) => ({
    system: (body['system'] as { type: string; text: string }[] | undefined)?.map((b) => b.text).join(''),
    temperature: body['temperature'],
    maxTokens: body['max_tokens'],
  }),
  // Gemini: `systemInstruction.parts`, and `generationConfig.temperature` / `maxOutputTokens`.
  google: (body) => {
    const config = (body['generationConfig'] ?? {}) as Record<string, unknown>;
    return {
      system: (body['systemInstruction'] as { parts: { text: string }[] } | undefined)?.parts.map((p) => p.text).join(''),
      temperature: config['temperature'],
      maxTokens: config['maxOutputTokens'],
    };
  },
};

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
    catalogue: [catalogueEntry(PROVIDERS[provider].model, provider)],
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    maxRetries: 0,
  });
  if (!created.success) throw new Error(created.error.message);
  return created.data;
};

describe.each(Object.keys(PROVIDERS) as FirstPartyProvider[])('%s: a conversation’s instruction and settings on the wire', (provider) => {
  const { model } = PROVIDERS[provider];
  const lastBody = () => (standIns.get(provider)?.requests.at(-1)?.body ?? {}) as Record<string, unknown>;

  it('sends the instruction in the provider’s system slot, and the temperature and maximum length in its own fields', async () => {
    const events = await collect(gatewayFor(provider).stream({ modelIds: [model], messages, instruction: INSTRUCTION, settings: { [model]: SETTINGS } }));
    expect(finishOf(events, model).finishReason).toBe('stop');
    expect(textOf(events, model)).toContain('What does a lighthouse do?');
    expect(WIRE[provider](lastBody())).toEqual({ system: INSTRUCTION, temperature: 0.3, maxTokens: 120 });
  });

  it('puts the conversation’s instruction before instructions found in the history', async () => {
    await collect(gatewayFor(provider).stream({ modelIds: [model], messages: [{ role: 'system', content: 'Be brief.' }, ...messages], instruction: INSTRUCTION }));
    expect(WIRE[provider](lastBody()).system).toBe(`${INSTRUCTION}\n\nBe brief.`);
  });

  it('sends no temperature and no instruction when the conversation sets none (the provider’s defaults hold)', async () => {
    await collect(gatewayFor(provider).stream({ modelIds: [model], messages }));
    const wire = WIRE[provider](lastBody());
    expect(wire.system).toBeUndefined();
    expect(wire.temperature).toBeUndefined();
    // Anthropic requires max_tokens on every call: the SDK sends its default for the model.
    if (provider === 'anthropic') expect(typeof wire.maxTokens).toBe('number');
    else expect(wire.maxTokens).toBeUndefined();
  });

  it('settings of another model of the request do not leak into this one’s call', async () => {
    await collect(gatewayFor(provider).stream({ modelIds: [model], messages, settings: { 'another-model': { temperature: 1.5, maxOutputTokens: 9 } } }));
    const wire = WIRE[provider](lastBody());
    expect(wire.temperature).toBeUndefined();
    expect(wire.maxTokens).not.toBe(9);
  });
});

describe('the gateway refuses settings out of every provider’s range before calling anyone', () => {
  it('a temperature above 2 is a validation error, and no request is sent', async () => {
    const before = standIns.get('openai')?.requests.length ?? 0;
    const events = await collect(
      gatewayFor('openai').stream({ modelIds: ['gpt-4o-mini'], messages, settings: { 'gpt-4o-mini': { temperature: 3 } } }),
    );
    expect(events[0]).toMatchObject({ type: 'error', code: 'validation' });
    expect(standIns.get('openai')?.requests.length).toBe(before);
  });
});

describe('an OpenAI-compatible endpoint: the conversation’s instruction and settings on the wire', () => {
  it('sends the instruction as the first chat message (role system), and temperature and max_tokens', async () => {
    const standIn = await startOpenAiCompatibleStandIn();
    try {
      const created = createModelGateway({
        env: { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'llama-local' },
        catalogue: [catalogueEntry('llama-local', 'openai-compatible')],
        logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
        maxRetries: 0,
      });
      if (!created.success) throw new Error(created.error.message);
      await collect(created.data.stream({ modelIds: ['llama-local'], messages, instruction: INSTRUCTION, settings: { 'llama-local': SETTINGS } }));
      const body = standIn.requests.at(-1)?.body as unknown as Record<string, unknown> & { messages: { role: string; content: string }[] };
      expect(body.messages[0]).toEqual({ role: 'system', content: INSTRUCTION });
      expect({ temperature: body['temperature'], maxTokens: body['max_tokens'] }).toEqual({ temperature: 0.3, maxTokens: 120 });
    } finally {
      await standIn.close();
    }
  });
});
