import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../../core/chat/index.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import type { AiSdkModelGateway } from '../../../adapters/models/ai-sdk-model-gateway.js';
import { estimateTokens } from '../../../core/credits/index.js';
import { catalogueEntry, collect, deltasOf, eventsOf, finishOf, recordingLogger, textOf } from './model-test-kit.js';
import { startOpenAiCompatibleStandIn, type StandIn } from '@ensemble/model-provider-stand-ins';

const MODELS = ['llama', 'no-usage', 'fail-500', 'fail-401', 'fail-429', 'fail-context', 'fail-midstream', 'hang'];
const messages = [
  { role: 'system' as const, content: 'Be kind.' },
  { role: 'user' as const, content: 'hi there' },
];

let standIn: StandIn;
let gateway: AiSdkModelGateway;
const logger = recordingLogger();

beforeAll(async () => {
  standIn = await startOpenAiCompatibleStandIn();
  const result = createModelGateway({
    env: {
      OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: 'sk-local-test',
      // "llama-local" shows a catalogue id mapped to another upstream name.
      OPENAI_COMPATIBLE_MODELS: [...MODELS, 'llama-local=llama'].join(','),
      OFFLINE_MODEL_TOKEN_DELAY_MS: '0',
    },
    catalogue: [...MODELS, 'llama-local'].map((id) => catalogueEntry(id, 'openai-compatible')),
    logger,
    maxRetries: 0,
  });
  if (!result.success) throw new Error(result.error.message);
  gateway = result.data;
});

afterAll(async () => {
  await standIn.close();
});

const errorOf = (events: readonly ChatStreamEvent[], modelId: string) => eventsOf(events, modelId).find((e) => e.type === 'error');

describe('OpenAI-compatible endpoint over real HTTP: any OpenAI-compatible endpoint by environment', () => {
  it('streams the answer word by word with the usage the endpoint reports', async () => {
    const events = await collect(gateway.stream({ modelIds: ['llama'], messages }));
    expect(events[0]).toEqual({ type: 'start', modelId: 'llama' });
    expect(deltasOf(events, 'llama')).toEqual(['Hello', ' from', ' llama,', ' you', ' said:', ' hi', ' there']);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      modelId: 'llama',
      usage: { inputTokens: 11, outputTokens: 7 },
      finishReason: 'stop',
    });
  });

  it('sends the conversation, the key and asks for usage in the stream', async () => {
    await collect(gateway.stream({ modelIds: ['llama-local'], messages }));
    const request = standIn.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-local-test');
    expect(request?.body).toMatchObject({
      model: 'llama',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'hi there' },
      ],
    });
  });

  it('estimates usage when the endpoint reports none', async () => {
    const events = await collect(gateway.stream({ modelIds: ['no-usage'], messages }));
    expect(finishOf(events, 'no-usage').usage).toEqual({
      inputTokens: estimateTokens('Be kind.') + estimateTokens('hi there'),
      outputTokens: estimateTokens(textOf(events, 'no-usage')),
    });
  });

  it.each([
    ['fail-500', 'network', 'The OpenAI-compatible endpoint answered HTTP 500: stand-in refused with 500'],
    ['fail-401', 'model_unavailable', 'The OpenAI-compatible endpoint answered HTTP 401: stand-in refused with 401'],
    ['fail-429', 'rate_limited', 'The OpenAI-compatible endpoint answered HTTP 429: stand-in refused with 429'],
  ])('an HTTP error from %s becomes an error event (%s) and a finish with nothing to charge', async (model, code, message) => {
    const events = await collect(gateway.stream({ modelIds: [model], messages }));
    expect(eventsOf(events, model)).toEqual([
      { type: 'start', modelId: model },
      { type: 'error', modelId: model, code, message },
      { type: 'finish', modelId: model, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
    expect(logger.lines.some((l) => l.level === 'warn' && l.context?.['modelId'] === model && l.context['status'] === Number(model.slice(5)))).toBe(true);
  });

  it('a conversation past the model\'s context length (400 context_length_exceeded) is context_too_long, in the server\'s words', async () => {
    const events = await collect(gateway.stream({ modelIds: ['fail-context'], messages }));
    expect(eventsOf(events, 'fail-context')).toEqual([
      { type: 'start', modelId: 'fail-context' },
      {
        type: 'error', modelId: 'fail-context', code: 'context_too_long',
        message: "The OpenAI-compatible endpoint answered HTTP 400: This model's maximum context length is 8192 tokens. However, you requested 9120 tokens (8096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.",
      },
      { type: 'finish', modelId: 'fail-context', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
  });

  it('an error in the middle of the stream keeps what was said and charges it', async () => {
    const events = await collect(gateway.stream({ modelIds: ['fail-midstream'], messages }));
    expect(textOf(events, 'fail-midstream')).toBe('Hello from');
    expect(errorOf(events, 'fail-midstream')).toEqual({
      type: 'error',
      modelId: 'fail-midstream',
      code: 'unexpected',
      message: 'The OpenAI-compatible endpoint failed while streaming: stand-in lost its GPU',
    });
    expect(finishOf(events, 'fail-midstream')).toMatchObject({ finishReason: 'error', usage: { outputTokens: estimateTokens('Hello from') } });
  });

  it('a failing model does not disturb the others of the same request', async () => {
    const events = await collect(gateway.stream({ modelIds: ['fail-500', 'llama', 'offline'], messages }));
    expect(finishOf(events, 'fail-500').finishReason).toBe('error');
    expect(finishOf(events, 'llama').finishReason).toBe('stop');
    expect(finishOf(events, 'offline').finishReason).toBe('stop');
  });

  it('an unreachable endpoint is a network error, not an exception', async () => {
    const closed = await startOpenAiCompatibleStandIn();
    await closed.close();
    const result = createModelGateway({
      env: { OPENAI_COMPATIBLE_BASE_URL: closed.baseUrl, OPENAI_COMPATIBLE_MODELS: 'llama' },
      catalogue: [catalogueEntry('llama', 'openai-compatible')],
      logger: recordingLogger(),
      maxRetries: 0,
    });
    if (!result.success) throw new Error(result.error.message);
    const events = await collect(result.data.stream({ modelIds: ['llama'], messages }));
    expect(errorOf(events, 'llama')).toMatchObject({ code: 'network', message: expect.stringMatching(/^The OpenAI-compatible endpoint could not be reached: /) });
    expect(finishOf(events, 'llama').finishReason).toBe('error');
  });

  it('a slow model does not hold back a fast one, and abort closes the HTTP request', async () => {
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    for await (const event of gateway.stream({ modelIds: ['hang', 'offline'], messages, signal: controller.signal })) {
      events.push(event);
      // The hanging model has said its one word and the offline model is done: only hang is left.
      const offlineDone = events.some((e) => e.type === 'finish' && e.modelId === 'offline');
      if (offlineDone && deltasOf(events, 'hang').length === 1 && !controller.signal.aborted) controller.abort();
    }
    expect(finishOf(events, 'offline').finishReason).toBe('stop');
    expect(events.indexOf(finishOf(events, 'offline'))).toBeLessThan(events.indexOf(finishOf(events, 'hang')));
    expect(finishOf(events, 'hang')).toEqual({
      type: 'finish',
      modelId: 'hang',
      usage: { inputTokens: estimateTokens('Be kind.') + estimateTokens('hi there'), outputTokens: estimateTokens(textOf(events, 'hang')) },
      finishReason: 'aborted',
    });
    await standIn.disconnected();
  });

  it('a reader that leaves the loop (client gone) closes the provider request too', async () => {
    for await (const event of gateway.stream({ modelIds: ['hang'], messages })) {
      if (event.type === 'delta') break;
    }
    await standIn.disconnected();
  });
});
