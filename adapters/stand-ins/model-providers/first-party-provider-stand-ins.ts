import type { IncomingMessage, ServerResponse } from 'node:http';
import { hangWatcher, localServer, readJsonBody } from './local-http.js';
import { anthropicRefusal, googleRefusal, inlineImages, openaiRefusal, type LimitRefusal } from './provider-request-limits.js';

/**
 * Local stand-ins (loopback only, never a cloud service) for the three first-party providers, each
 * speaking the wire protocol the installed AI SDK provider package calls for `streamText`:
 *
 *   openai     POST /v1/responses                                    Responses API, SSE `event:`/`data:` frames
 *                                                                     (response.created … response.output_text.delta … response.completed)
 *              auth `Authorization: Bearer <key>`
 *   anthropic  POST /v1/messages                                     Messages API, SSE (message_start, content_block_start,
 *                                                                     ping, content_block_delta, content_block_stop, message_delta, message_stop)
 *              auth `x-api-key: <key>` plus `anthropic-version: 2023-06-01`
 *   google     POST /v1beta/models/<id>:streamGenerateContent?alt=sse  Gemini API, SSE `data:` frames of GenerateContentResponse
 *              auth `x-goog-api-key: <key>` (or `?key=<key>`)
 *
 * Each checks the key and the request body (model id, a conversation with a user turn), and the
 * provider's own limits on the request's size and its images (provider-request-limits.ts),
 * and answers with that provider's own error JSON when they are wrong. The requested model id picks the behaviour:
 *   any id                  streams "Hello from <id>, you said: <last user text>" word by word, then the
 *                           provider's usage: USAGE.inputTokens in, one output token per word
 *   fail-401 / -429 / -500  that HTTP status with the provider's error JSON
 *   fail-context            the provider's refusal of a conversation longer than the model's context window
 *   fail-midstream          streams two words, then the provider's in-stream error frame, then closes
 *   hang                    streams one word and then waits until the client goes away
 * Started with `contextWindowTokens`, any model refuses so (400, in the provider's words) a conversation
 * whose text is longer than that, counted as a token per four characters.
 */
export type FirstPartyProvider = 'openai' | 'anthropic' | 'google';

export interface ProviderStandIn {
  readonly provider: FirstPartyProvider;
  /** The value for OPENAI_BASE_URL / ANTHROPIC_BASE_URL / GOOGLE_GENERATIVE_AI_BASE_URL. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly requests: ProviderRequest[];
  /** Resolves when the client of the latest `hang` response has disconnected. */
  disconnected(): Promise<void>;
  close(): Promise<void>;
}

export interface ProviderRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
  /** Its size on the wire, in bytes. */
  readonly bytes: number;
  /** The model id the request named (body for OpenAI/Anthropic, URL path for Google). */
  readonly model: string;
  /** The conversation as the stand-in understood it, in order (system text first when sent). */
  readonly turns: { role: string; text: string }[];
}

/** Requests of many megabytes (images at the limits) are built in the test's own process: idle connections are kept a minute. */
export const STAND_IN_KEEP_ALIVE_MS = 60_000;

/** Input tokens every stand-in reports, so tests can tell provider usage from the gateway's estimate. */
export const STAND_IN_INPUT_TOKENS = 17;

export const answerWords = (model: string, lastUserText: string): string[] =>
  `Hello from ${model}, you said: ${lastUserText}`.split(' ').map((w, i) => (i === 0 ? w : ` ${w}`));

interface Wire {
  readonly prefix: string;
  /** The model id and the conversation, or a message saying what is wrong with the request. */
  parse(path: string, body: Record<string, unknown>): { model: string; turns: ProviderRequest['turns'] } | string;
  /** What the provider refuses of a request this size, with these images; null when it takes it. */
  limits(body: Record<string, unknown>, bytes: number): LimitRefusal | null;
  authorised(req: IncomingMessage, url: URL, apiKey: string): boolean;
  error(res: ServerResponse, status: number, message: string): void;
  /** The provider's own answer to a conversation longer than the model reads at once. */
  contextTooLong(res: ServerResponse): void;
  /** `mode`: `full` answers everything, `hang` stops after one word, `midstream` fails after two. */
  stream(res: ServerResponse, model: string, words: string[], mode: StreamMode): void;
}

type StreamMode = 'full' | 'hang' | 'midstream';

/** The message every stand-in puts in its in-stream error frame. */
export const MIDSTREAM_ERROR = 'stand-in lost its GPU';

const spokenWords = (words: string[], mode: StreamMode) => (mode === 'hang' ? words.slice(0, 1) : mode === 'midstream' ? words.slice(0, 2) : words);

export async function startProviderStandIn(
  provider: FirstPartyProvider,
  apiKey = `${provider}-local-key`,
  options: { readonly contextWindowTokens?: number } = {},
): Promise<ProviderStandIn> {
  const wire = WIRES[provider];
  const requests: ProviderRequest[] = [];
  const hangs = hangWatcher();
  const server = await localServer((req, res) => {
    void readJsonBody(req).then(({ body, bytes }) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (body === null) return wire.error(res, 400, 'the request body is not JSON');
      const parsed = wire.parse(url.pathname, body);
      const model = typeof parsed === 'string' ? '' : parsed.model;
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body, bytes, model, turns: typeof parsed === 'string' ? [] : parsed.turns });
      if (req.method !== 'POST' || !url.pathname.startsWith(wire.prefix)) return wire.error(res, 404, `no route ${req.method} ${url.pathname}`);
      if (!wire.authorised(req, url, apiKey)) return wire.error(res, 401, 'the API key is missing or wrong');
      if (typeof parsed === 'string') return wire.error(res, 400, parsed);
      const refused = wire.limits(body, bytes);
      if (refused) return wire.error(res, refused.status, refused.message);
      const status = /^fail-(\d{3})$/.exec(parsed.model)?.[1];
      if (status !== undefined) return wire.error(res, Number(status), `stand-in refused with ${status}`);
      const window = options.contextWindowTokens;
      const pastWindow = window !== undefined && Math.ceil(parsed.turns.reduce((sum, turn) => sum + turn.text.length, 0) / 4) > window;
      if (parsed.model === 'fail-context' || pastWindow) return wire.contextTooLong(res);
      const lastUser = [...parsed.turns].reverse().find((t) => t.role === 'user')?.text ?? '';
      const mode: StreamMode = parsed.model === 'hang' ? 'hang' : parsed.model === 'fail-midstream' ? 'midstream' : 'full';
      if (mode === 'hang') hangs.watch(res);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      wire.stream(res, parsed.model, answerWords(parsed.model, lastUser), mode);
    });
  }, { keepAliveTimeoutMs: STAND_IN_KEEP_ALIVE_MS });
  return {
    provider,
    baseUrl: `${server.url}${wire.prefix}`,
    apiKey,
    requests,
    disconnected: hangs.latest,
    close: server.close,
  };
}

const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};

const textOfContent = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
      : '';

const isTurnList = (value: unknown): value is { role?: unknown; content?: unknown; parts?: unknown }[] =>
  Array.isArray(value) && value.length > 0 && value.every((t) => typeof t === 'object' && t !== null);

// ---------------------------------------------------------------- OpenAI Responses API

const OPENAI_ERROR_TYPE: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  404: ['invalid_request_error', null],
  429: ['rate_limit_error', 'rate_limit_exceeded'],
  500: ['server_error', null],
};

const openaiWire: Wire = {
  prefix: '/v1',
  parse(path, body) {
    if (path !== '/v1/responses') return `unknown path ${path}`;
    if (typeof body['model'] !== 'string' || body['model'] === '') return 'missing model';
    if (body['stream'] !== true) return 'this stand-in only streams';
    const input = body['input'];
    if (!isTurnList(input)) return 'input must be a non-empty list of items';
    return { model: body['model'], turns: input.map((item) => ({ role: String(item.role), text: textOfContent(item.content) })) };
  },
  limits: (body, bytes) => openaiRefusal(inlineImages.openaiResponses(body), bytes),
  authorised: (req, _url, apiKey) => req.headers.authorization === `Bearer ${apiKey}`,
  error(res, status, message) {
    const [type, code] = OPENAI_ERROR_TYPE[status] ?? ['server_error', null];
    json(res, status, { error: { message, type, param: null, code } });
  },
  contextTooLong(res) {
    json(res, 400, {
      error: { message: 'Your input exceeds the context window of this model. Please adjust your input and try again.', type: 'invalid_request_error', param: 'input', code: 'context_length_exceeded' },
    });
  },
  stream(res, model, words, mode) {
    let sequence = 0;
    const send = (type: string, payload: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`);
    const response = { id: 'resp_standin', object: 'response', created_at: 1_700_000_000, model, output: [] as unknown[] };
    const itemId = 'msg_standin';
    send('response.created', { response: { ...response, status: 'in_progress', usage: null } });
    send('response.in_progress', { response: { ...response, status: 'in_progress', usage: null } });
    send('response.output_item.added', { output_index: 0, item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    send('response.content_part.added', { item_id: itemId, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    for (const word of spokenWords(words, mode)) send('response.output_text.delta', { item_id: itemId, output_index: 0, content_index: 0, delta: word, logprobs: [] });
    if (mode === 'hang') return;
    if (mode === 'midstream') {
      send('error', { code: 'server_error', message: MIDSTREAM_ERROR, param: null });
      res.end();
      return;
    }
    const text = words.join('');
    const part = { type: 'output_text', text, annotations: [] };
    send('response.output_text.done', { item_id: itemId, output_index: 0, content_index: 0, text, logprobs: [] });
    send('response.content_part.done', { item_id: itemId, output_index: 0, content_index: 0, part });
    const item = { id: itemId, type: 'message', status: 'completed', role: 'assistant', content: [part] };
    send('response.output_item.done', { output_index: 0, item });
    const usage = {
      input_tokens: STAND_IN_INPUT_TOKENS,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: words.length,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: STAND_IN_INPUT_TOKENS + words.length,
    };
    send('response.completed', { response: { ...response, status: 'completed', output: [item], incomplete_details: null, usage } });
    res.end();
  },
};

// ---------------------------------------------------------------- Anthropic Messages API

const ANTHROPIC_ERROR_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const anthropicWire: Wire = {
  prefix: '/v1',
  parse(path, body) {
    if (path !== '/v1/messages') return `unknown path ${path}`;
    if (typeof body['model'] !== 'string' || body['model'] === '') return 'model: Field required';
    if (typeof body['max_tokens'] !== 'number') return 'max_tokens: Field required';
    if (body['stream'] !== true) return 'this stand-in only streams';
    const messages = body['messages'];
    if (!isTurnList(messages)) return 'messages: at least one message is required';
    const system = body['system'] === undefined ? [] : [{ role: 'system', text: textOfContent(body['system']) }];
    return { model: body['model'], turns: [...system, ...messages.map((m) => ({ role: String(m.role), text: textOfContent(m.content) }))] };
  },
  limits: anthropicRefusal,
  authorised: (req, _url, apiKey) => req.headers['x-api-key'] === apiKey && req.headers['anthropic-version'] === '2023-06-01',
  error(res, status, message) {
    json(res, status, { type: 'error', error: { type: ANTHROPIC_ERROR_TYPE[status] ?? 'api_error', message } });
  },
  contextTooLong(res) {
    json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 215000 tokens > 200000 maximum' } });
  },
  stream(res, model, words, mode) {
    const send = (type: string, payload: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`);
    send('message_start', {
      message: {
        id: 'msg_standin',
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: STAND_IN_INPUT_TOKENS, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    });
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('ping', {});
    for (const word of spokenWords(words, mode)) send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } });
    if (mode === 'hang') return;
    if (mode === 'midstream') {
      send('error', { error: { type: 'overloaded_error', message: MIDSTREAM_ERROR } });
      res.end();
      return;
    }
    send('content_block_stop', { index: 0 });
    send('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: words.length } });
    send('message_stop', {});
    res.end();
  },
};

// ---------------------------------------------------------------- Google Gemini API

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const GOOGLE_PATH = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/;

const googleWire: Wire = {
  prefix: '/v1beta',
  parse(path, body) {
    const model = GOOGLE_PATH.exec(path)?.[1];
    if (model === undefined) return `unknown path ${path}`;
    const contents = body['contents'];
    if (!isTurnList(contents)) return 'contents is not specified';
    const systemParts = (body['systemInstruction'] as { parts?: unknown } | undefined)?.parts;
    const system = systemParts === undefined ? [] : [{ role: 'system', text: textOfContent(systemParts) }];
    return { model: decodeURIComponent(model), turns: [...system, ...contents.map((c) => ({ role: String(c.role), text: textOfContent(c.parts) }))] };
  },
  limits: googleRefusal,
  authorised: (req, url, apiKey) =>
    req.headers['x-goog-api-key'] === apiKey || url.searchParams.get('key') === apiKey,
  error(res, status, message) {
    json(res, status, { error: { code: status, message, status: GOOGLE_STATUS[status] ?? 'UNKNOWN' } });
  },
  contextTooLong(res) {
    json(res, 400, { error: { code: 400, message: 'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } });
  },
  stream(res, model, words, mode) {
    // Gemini's SSE: `data: <GenerateContentResponse>` frames separated by CRLF CRLF, no [DONE].
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\r\n\r\n`);
    const usage = (count: number) => ({
      promptTokenCount: STAND_IN_INPUT_TOKENS,
      candidatesTokenCount: count,
      totalTokenCount: STAND_IN_INPUT_TOKENS + count,
    });
    spokenWords(words, mode).forEach((word, i) => {
      const last = mode === 'full' && i === words.length - 1;
      send({
        candidates: [{ content: { parts: [{ text: word }], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
        usageMetadata: usage(i + 1),
        modelVersion: model,
        responseId: 'standin-response',
      });
    });
    if (mode === 'midstream') send({ error: { code: 500, message: MIDSTREAM_ERROR, status: 'INTERNAL' } });
    if (mode !== 'hang') res.end();
  },
};

const WIRES: Record<FirstPartyProvider, Wire> = { openai: openaiWire, anthropic: anthropicWire, google: googleWire };
