import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ModelProvider } from '../../../core/chat/index.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import type { AiSdkModelGateway } from '../../../adapters/models/ai-sdk-model-gateway.js';
import { estimateTokens } from '../../../core/credits/index.js';
import { catalogueEntry, collect, deltasOf, eventsOf, finishOf, recordingLogger, textOf } from './model-test-kit.js';
import {
  answerWords,
  MIDSTREAM_ERROR,
  startProviderStandIn,
  STAND_IN_INPUT_TOKENS,
  type FirstPartyProvider,
  type ProviderStandIn,
} from '@ensemble/model-provider-stand-ins';

/**
 * OpenAI, Anthropic and Google through their real AI SDK provider packages, streaming over HTTP to
 * local stand-ins that speak each provider's wire protocol (@ensemble/model-provider-stand-ins).
 */
// `midstream`: how each SDK surfaces the provider's in-stream error frame, and so what the gateway maps it to.
const PROVIDERS = {
  openai: {
    env: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
    label: 'OpenAI',
    model: 'gpt-4o-mini',
    midstream: { code: 'unexpected', message: `OpenAI failed while streaming: ${MIDSTREAM_ERROR}` },
    contextTooLong: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
  },
  anthropic: {
    env: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
    label: 'Anthropic',
    model: 'claude-sonnet-4-5',
    midstream: { code: 'unexpected', message: `Anthropic failed while streaming: ${MIDSTREAM_ERROR}` },
    contextTooLong: 'prompt is too long: 215000 tokens > 200000 maximum',
  },
  // @ai-sdk/google turns Gemini's {"error":{code:500,...}} frame into an APICallError with that status.
  google: {
    env: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_GENERATIVE_AI_BASE_URL'],
    label: 'Google',
    model: 'gemini-2.5-flash',
    midstream: { code: 'network', message: `Google answered HTTP 500: ${MIDSTREAM_ERROR}` },
    contextTooLong: 'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).',
  },
} as const satisfies Record<
  FirstPartyProvider,
  { env: readonly [string, string]; label: string; model: string; midstream: { code: string; message: string }; contextTooLong: string }
>;

const FAILING = ['fail-401', 'fail-429', 'fail-500'] as const;
const messages = [
  { role: 'system' as const, content: 'Be kind.' },
  { role: 'user' as const, content: 'hi there' },
];

const standIns = new Map<FirstPartyProvider, ProviderStandIn>();
beforeAll(async () => {
  for (const provider of Object.keys(PROVIDERS) as FirstPartyProvider[]) standIns.set(provider, await startProviderStandIn(provider));
});
afterAll(async () => {
  await Promise.all([...standIns.values()].map((s) => s.close()));
});

const standInOf = (provider: FirstPartyProvider) => {
  const standIn = standIns.get(provider);
  if (standIn === undefined) throw new Error(`no stand-in for ${provider}`);
  return standIn;
};

function envFor(provider: FirstPartyProvider, key = standInOf(provider).apiKey): Record<string, string> {
  const [keyName, urlName] = PROVIDERS[provider].env;
  return { [keyName]: key, [urlName]: standInOf(provider).baseUrl };
}

function gatewayFor(env: Record<string, string>, catalogue: { id: string; provider: ModelProvider }[], logger = recordingLogger()): AiSdkModelGateway {
  const result = createModelGateway({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0', ...env },
    catalogue: catalogue.map(({ id, provider }) => catalogueEntry(id, provider)),
    logger,
    maxRetries: 0,
  });
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

describe.each(Object.keys(PROVIDERS) as FirstPartyProvider[])('%s through its AI SDK provider, on a local stand-in', (provider) => {
  const { model, label } = PROVIDERS[provider];
  const logger = recordingLogger();
  let gateway: AiSdkModelGateway;
  beforeAll(() => {
    gateway = gatewayFor(
      envFor(provider),
      [model, ...FAILING, 'fail-midstream', 'fail-context', 'hang'].map((id) => ({ id, provider })),
      logger,
    );
  });

  it('lists the model as available once the key and base URL are set', async () => {
    const listed = await gateway.listModels();
    if (!listed.success) throw new Error(listed.error.message);
    expect(listed.data.find((m) => m.id === model)?.available).toBe(true);
  });

  it('streams the tokens in order, tagged with the model, and finishes with the provider-reported usage', async () => {
    const events = await collect(gateway.stream({ modelIds: [model], messages }));
    expect(events.every((e) => e.modelId === model)).toBe(true);
    expect(events[0]).toEqual({ type: 'start', modelId: model });
    expect(deltasOf(events, model)).toEqual(answerWords(model, 'hi there'));
    expect(events.at(-1)).toEqual({
      type: 'finish',
      modelId: model,
      // Not the gateway's estimate: the stand-in reports 17 in, one token per word out.
      usage: { inputTokens: STAND_IN_INPUT_TOKENS, outputTokens: answerWords(model, 'hi there').length },
      finishReason: 'stop',
    });
    expect(STAND_IN_INPUT_TOKENS).not.toBe(estimateTokens('Be kind.') + estimateTokens('hi there'));
  });

  it('sends the configured key and the conversation on the provider endpoint', async () => {
    await collect(gateway.stream({ modelIds: [model], messages }));
    const request = standInOf(provider).requests.at(-1);
    const key = standInOf(provider).apiKey;
    expect(request?.model).toBe(model);
    expect(request?.turns).toEqual([
      { role: 'system', text: 'Be kind.' },
      { role: 'user', text: 'hi there' },
    ]);
    if (provider === 'openai') {
      expect(request?.path).toBe('/v1/responses');
      expect(request?.headers.authorization).toBe(`Bearer ${key}`);
      expect(request?.body).toMatchObject({ model, stream: true });
    } else if (provider === 'anthropic') {
      expect(request?.path).toBe('/v1/messages');
      expect(request?.headers['x-api-key']).toBe(key);
      expect(request?.headers['anthropic-version']).toBe('2023-06-01');
      expect(request?.body).toMatchObject({ model, stream: true, max_tokens: expect.any(Number) });
    } else {
      expect(request?.path).toBe(`/v1beta/models/${model}:streamGenerateContent?alt=sse`);
      expect(request?.headers['x-goog-api-key']).toBe(key);
    }
  });

  it('a wrong key is refused by the stand-in and reported as model_unavailable', async () => {
    const wrong = gatewayFor(envFor(provider, 'not-the-key'), [{ id: model, provider }]);
    const events = await collect(wrong.stream({ modelIds: [model], messages }));
    expect(eventsOf(events, model)).toEqual([
      { type: 'start', modelId: model },
      { type: 'error', modelId: model, code: 'model_unavailable', message: `${label} answered HTTP 401: the API key is missing or wrong` },
      { type: 'finish', modelId: model, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
  });

  it.each([
    ['fail-401', 'model_unavailable'],
    ['fail-429', 'rate_limited'],
    ['fail-500', 'network'],
  ] as const)('%s with the provider error JSON becomes an error event (%s) and charges nothing', async (failing, code) => {
    const events = await collect(gateway.stream({ modelIds: [failing], messages }));
    const status = Number(failing.slice(5));
    expect(eventsOf(events, failing)).toEqual([
      { type: 'start', modelId: failing },
      { type: 'error', modelId: failing, code, message: `${label} answered HTTP ${status}: stand-in refused with ${status}` },
      { type: 'finish', modelId: failing, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
    expect(logger.lines.some((l) => l.level === 'warn' && l.context?.['modelId'] === failing && l.context['status'] === status)).toBe(true);
  });

  it('a conversation longer than the model reads at once, refused in the provider\'s own words, is context_too_long and charges nothing', async () => {
    const events = await collect(gateway.stream({ modelIds: ['fail-context'], messages }));
    expect(eventsOf(events, 'fail-context')).toEqual([
      { type: 'start', modelId: 'fail-context' },
      { type: 'error', modelId: 'fail-context', code: 'context_too_long', message: `${label} answered HTTP 400: ${PROVIDERS[provider].contextTooLong}` },
      { type: 'finish', modelId: 'fail-context', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
  });

  it('an error frame in the middle of the stream keeps what was said and charges it', async () => {
    const events = await collect(gateway.stream({ modelIds: ['fail-midstream'], messages }));
    expect(textOf(events, 'fail-midstream')).toBe('Hello from');
    expect(eventsOf(events, 'fail-midstream').filter((e) => e.type === 'error')).toEqual([
      { type: 'error', modelId: 'fail-midstream', ...PROVIDERS[provider].midstream },
    ]);
    // Usage is the estimate of the prompt and of what was streamed, or (Google) the usageMetadata its chunks carried.
    expect(finishOf(events, 'fail-midstream')).toMatchObject({ finishReason: 'error', usage: { outputTokens: provider === 'google' ? 2 : estimateTokens('Hello from') } });
    expect(finishOf(events, 'fail-midstream').usage.inputTokens).toBe(
      provider === 'google' ? STAND_IN_INPUT_TOKENS : estimateTokens('Be kind.') + estimateTokens('hi there'),
    );
  });

  it('aborting the signal stops the stream and closes the HTTP request', async () => {
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    for await (const event of gateway.stream({ modelIds: ['hang'], messages, signal: controller.signal })) {
      events.push(event);
      if (event.type === 'delta') controller.abort();
    }
    expect(textOf(events, 'hang')).toBe('Hello');
    expect(finishOf(events, 'hang')).toEqual({
      type: 'finish',
      modelId: 'hang',
      usage: { inputTokens: estimateTokens('Be kind.') + estimateTokens('hi there'), outputTokens: estimateTokens('Hello') },
      finishReason: 'aborted',
    });
    await standInOf(provider).disconnected();
  });
});

describe('side by side: the three providers in one gateway.stream call', () => {
  it('each model streams its own answer with its own usage, concurrently', async () => {
    const gateway = gatewayFor(
      { ...envFor('openai'), ...envFor('anthropic'), ...envFor('google') },
      (Object.keys(PROVIDERS) as FirstPartyProvider[]).map((provider) => ({ id: PROVIDERS[provider].model, provider })),
    );
    const ids = Object.values(PROVIDERS).map((p) => p.model);
    const events = await collect(gateway.stream({ modelIds: [...ids, 'offline'], messages }));
    for (const id of ids) {
      expect(deltasOf(events, id)).toEqual(answerWords(id, 'hi there'));
      expect(finishOf(events, id)).toEqual({
        type: 'finish',
        modelId: id,
        usage: { inputTokens: STAND_IN_INPUT_TOKENS, outputTokens: answerWords(id, 'hi there').length },
        finishReason: 'stop',
      });
    }
    expect(finishOf(events, 'offline').finishReason).toBe('stop');
  });
});
