import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../../core/chat/index.js';
import { domainError, fail, ok } from '../../../core/shared/index.js';
import { createModelGateway, type CreateModelGatewayInput } from '../../../adapters/models/create-model-gateway.js';
import { OFFLINE_CATALOGUE_ENTRY } from '../../../adapters/models/model-catalogue.js';
import { InMemoryModelCatalogue } from '../../../adapters/in-memory/in-memory-model-catalogue.js';
import { composeBriefOfflineAnswer, composeOfflineAnswer } from '../../../adapters/models/offline-answer.js';
import { splitIntoPieces } from '../../../adapters/models/token-estimate.js';
import { estimateTokens } from '../../../core/credits/index.js';
import { catalogueEntry, collect, deltasOf, eventsOf, finishOf, recordingLogger, textOf } from './model-test-kit.js';

const QUESTION = 'Compare two sorting algorithms';
const messages = [{ role: 'user' as const, content: QUESTION }];
const CATALOGUE = [
  catalogueEntry('gpt-4o-mini', 'openai'),
  catalogueEntry('claude-haiku', 'anthropic'),
  catalogueEntry('gemini-flash', 'google'),
  catalogueEntry('llama', 'openai-compatible'),
  catalogueEntry('offline-twin', 'offline', { label: 'Second offline model' }),
];

function gateway(overrides: Partial<CreateModelGatewayInput> = {}) {
  const result = createModelGateway({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' },
    catalogue: CATALOGUE,
    logger: recordingLogger(),
    ...overrides,
  });
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

const offlineAnswerPieces = splitIntoPieces(composeOfflineAnswer([{ role: 'user', text: QUESTION }]));

describe('model catalogue and availability: available = its provider is configured', () => {
  it('lists the caller catalogue plus the always-available offline model', async () => {
    const listed = await gateway().listModels();
    if (!listed.success) throw new Error(listed.error.message);
    expect(listed.data.map((m) => [m.id, m.available])).toEqual([
      ['gpt-4o-mini', false],
      ['claude-haiku', false],
      ['gemini-flash', false],
      ['llama', false],
      ['offline-twin', true],
      ['offline', true],
    ]);
    expect(listed.data.at(-1)).toEqual({ ...OFFLINE_CATALOGUE_ENTRY, available: true, label: 'Offline model (local)' });
  });

  it('marks each provider available once its variables are set', async () => {
    const env = {
      OPENAI_API_KEY: 'sk-1',
      ANTHROPIC_API_KEY: 'sk-2',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-3',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_COMPATIBLE_MODELS: 'llama',
    };
    const listed = await gateway({ env }).listModels();
    expect(listed.success && listed.data.every((m) => m.available)).toBe(true);
  });

  it('an OpenAI-compatible model is available only when OPENAI_COMPATIBLE_MODELS lists it', async () => {
    const env = { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_COMPATIBLE_MODELS: 'mistral' };
    const listed = await gateway({ env }).listModels();
    expect(listed.success && listed.data.find((m) => m.id === 'llama')?.available).toBe(false);
  });

  it('a catalogue row for "offline" overrides the default entry (prices come from the database)', async () => {
    const row = catalogueEntry('offline', 'offline', { label: 'Offline model (local)', outputCreditsPer1k: 9 });
    const listed = await gateway({ catalogue: [row] }).listModels();
    expect(listed).toEqual(ok([{ ...row, available: true }]));
  });

  it('a catalogue is asked on every call and its failure is passed on as a value', async () => {
    const catalogue = new InMemoryModelCatalogue(CATALOGUE);
    const gw = gateway({ catalogue });
    expect((await gw.listModels()).success).toBe(true);
    catalogue.failures.failNext('list', domainError('network', 'database is down'));
    expect(await gw.listModels()).toEqual(fail(domainError('network', 'database is down')));
    catalogue.failures.failNext('list', domainError('network', 'database is down'));
    const events = await collect(gw.stream({ modelIds: ['offline'], messages }));
    expect(events).toEqual([
      { type: 'error', modelId: 'offline', code: 'network', message: 'database is down' },
      { type: 'finish', modelId: 'offline', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
  });

  it('a loader that throws becomes an unexpected error, logged', async () => {
    const logger = recordingLogger();
    const gw = gateway({ logger, catalogue: { list: () => Promise.reject(new Error('boom')) } });
    const listed = await gw.listModels();
    expect(listed.success === false && listed.error.code).toBe('unexpected');
    expect(logger.lines.some((l) => l.level === 'error' && l.message === 'model catalogue failed to load')).toBe(true);
  });
});

describe('chat streaming through the gateway: streams tagged with their model id', () => {
  it('the offline model streams start, one delta per piece, then finish with its usage by the estimate', async () => {
    const events = await collect(gateway().stream({ modelIds: ['offline'], messages }));
    expect(events[0]).toEqual({ type: 'start', modelId: 'offline' });
    expect(deltasOf(events, 'offline')).toEqual(offlineAnswerPieces);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      modelId: 'offline',
      usage: { inputTokens: estimateTokens(QUESTION), outputTokens: estimateTokens(offlineAnswerPieces.join('')) },
      finishReason: 'stop',
    });
  });

  it('several models stream concurrently; each event is tagged and each model ends with one finish', async () => {
    const events = await collect(gateway().stream({ modelIds: ['offline', 'offline-twin'], messages }));
    for (const id of ['offline', 'offline-twin']) {
      const own = eventsOf(events, id);
      expect(own[0]?.type).toBe('start');
      expect(own.filter((e) => e.type === 'finish')).toHaveLength(1);
      expect(own.at(-1)?.type).toBe('finish');
      expect(textOf(events, id)).toBe(offlineAnswerPieces.join(''));
    }
    // Merged in arrival order, not one model after the other.
    const firstTwinDelta = events.findIndex((e) => e.type === 'delta' && e.modelId === 'offline-twin');
    const offlineFinish = events.findIndex((e) => e.type === 'finish' && e.modelId === 'offline');
    expect(firstTwinDelta).toBeLessThan(offlineFinish);
    expect(events).toHaveLength(2 * (offlineAnswerPieces.length + 2));
  });

  it('the brief offline model is available without any key, as the offline one is, and answers in its own words', async () => {
    const brief = catalogueEntry('offline-brief', 'offline', { label: 'Offline model, brief' });
    const gw = gateway({ catalogue: [catalogueEntry('offline', 'offline'), brief, catalogueEntry('gpt-4o-mini', 'openai')] });
    const listed = await gw.listModels();
    expect(listed.success && listed.data.map((m) => [m.id, m.available])).toEqual([
      ['offline', true],
      ['offline-brief', true],
      ['gpt-4o-mini', false],
    ]);
    const events = await collect(gw.stream({ modelIds: ['offline', 'offline-brief'], messages }));
    const briefPieces = splitIntoPieces(composeBriefOfflineAnswer([{ role: 'user', text: QUESTION }]));
    expect(textOf(events, 'offline')).toBe(offlineAnswerPieces.join(''));
    expect(deltasOf(events, 'offline-brief')).toEqual(briefPieces);
    expect(textOf(events, 'offline-brief')).not.toBe(textOf(events, 'offline'));
    expect(finishOf(events, 'offline-brief')).toEqual({
      type: 'finish',
      modelId: 'offline-brief',
      usage: { inputTokens: estimateTokens(QUESTION), outputTokens: estimateTokens(briefPieces.join('')) },
      finishReason: 'stop',
    });
  });

  it('an unknown model and an unconfigured one fail with a clear message while the others stream', async () => {
    const logger = recordingLogger();
    const events = await collect(gateway({ logger }).stream({ modelIds: ['nope', 'gpt-4o-mini', 'offline'], messages }));
    expect(eventsOf(events, 'nope')).toEqual([
      { type: 'error', modelId: 'nope', code: 'not_found', message: 'Unknown model "nope"' },
      { type: 'finish', modelId: 'nope', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' },
    ]);
    expect(eventsOf(events, 'gpt-4o-mini')[0]).toEqual({
      type: 'error',
      modelId: 'gpt-4o-mini',
      code: 'model_unavailable',
      message: 'Model "gpt-4o-mini label" is not available: OpenAI is not configured (set OPENAI_API_KEY)',
    });
    expect(finishOf(events, 'offline').finishReason).toBe('stop');
  });

  it('an invalid request yields a validation error per named model instead of throwing', async () => {
    const events = await collect(gateway().stream({ modelIds: ['offline', 'offline'], messages: [] }));
    expect(events.map((e) => e.type)).toEqual(['error', 'finish']);
    const [error] = events;
    expect(error?.type === 'error' && error.message).toBe(
      'Invalid chat request: modelIds: modelIds must not repeat a model; messages: messages must contain at least one message',
    );
    const none = await collect(gateway().stream({ modelIds: [], messages }));
    expect(none[0]).toMatchObject({ type: 'error', modelId: '', code: 'validation' });
  });
});

describe('stopping a stream: stops generation and stops charging on disconnect or stop', () => {
  it('aborting mid-stream stops every model and finishes with "aborted" and the usage so far', async () => {
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    for await (const event of gateway().stream({ modelIds: ['offline', 'offline-twin'], messages, signal: controller.signal })) {
      events.push(event);
      if (event.type === 'delta' && deltasOf(events, 'offline').length === 3) controller.abort();
    }
    for (const id of ['offline', 'offline-twin']) {
      const finish = finishOf(events, id);
      const streamed = deltasOf(events, id);
      expect(finish.finishReason).toBe('aborted');
      expect(streamed.length).toBeLessThan(offlineAnswerPieces.length);
      expect(finish.usage).toEqual({ inputTokens: estimateTokens(QUESTION), outputTokens: estimateTokens(streamed.join('')) });
      expect(eventsOf(events, id).at(-1)).toBe(finish);
    }
  });

  it('a signal aborted before the call finishes each model at once with zero usage', async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await collect(gateway().stream({ modelIds: ['offline'], messages, signal: controller.signal }));
    expect(events).toEqual([
      { type: 'finish', modelId: 'offline', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'aborted' },
    ]);
  });

  it('a reader that stops reading (client gone) ends the generator cleanly', async () => {
    const stream = gateway().stream({ modelIds: ['offline'], messages });
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'start', modelId: 'offline' });
    expect(await iterator.return?.()).toEqual({ done: true, value: undefined });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
