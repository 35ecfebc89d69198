import type { ServerResponse } from 'node:http';
import { STAND_IN_KEEP_ALIVE_MS } from './first-party-provider-stand-ins.js';
import { hangWatcher, localServer, readJsonBody } from './local-http.js';
import { inlineImages, openaiRefusal } from './provider-request-limits.js';

/**
 * A small OpenAI chat-completions server on loopback that speaks the real SSE wire format
 * (`data: {chat.completion.chunk}` lines, a usage chunk, `data: [DONE]`). The requested model name
 * picks the behaviour, so one server covers success and failure:
 *   any name         streams "Hello from <name>, you said: <last user text>" word by word, with usage
 *   no-usage         the same without the usage chunk (the gateway must estimate)
 *   fail-500 / -401 / -429   answers that status with an OpenAI-style JSON error body
 *   fail-context     answers 400 context_length_exceeded, as OpenAI and vLLM do for a conversation past the model's window
 *   fail-midstream   streams two words, then an error chunk, then closes
 *   hang             streams one word and then waits until the client goes away
 * It refuses what OpenAI refuses of a request's size and images (provider-request-limits.ts).
 */
export interface StandIn {
  readonly baseUrl: string;
  readonly requests: ReceivedRequest[];
  /** Resolves when the client of the latest `hang` response has disconnected. */
  disconnected(): Promise<void>;
  close(): Promise<void>;
}

export interface ReceivedRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  /** Its size on the wire, in bytes. */
  readonly bytes: number;
  /** `content` is text, or a list of parts (text, image_url) when a message carries files. */
  readonly body: { model: string; messages: { role: string; content: string | { type: string; text?: string }[] }[]; stream?: boolean };
}

export async function startOpenAiCompatibleStandIn(): Promise<StandIn> {
  const requests: ReceivedRequest[] = [];
  const hangs = hangWatcher();
  const server = await localServer((req, res) => {
    void readJsonBody(req).then(({ body: json, bytes }) => {
      const body = { model: '', messages: [], ...json } as ReceivedRequest['body'];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, bytes, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendError(res, 404, 'no such route');
      const refused = openaiRefusal(inlineImages.openaiChat(json ?? {}), bytes);
      if (refused) return sendError(res, refused.status, refused.message);
      respond(body, res, hangs.watch);
    });
  }, { keepAliveTimeoutMs: STAND_IN_KEEP_ALIVE_MS });
  return { baseUrl: `${server.url}/v1`, requests, disconnected: hangs.latest, close: server.close };
}

function respond(body: ReceivedRequest['body'], res: ServerResponse, onHang: (res: ServerResponse) => void): void {
  const model = body.model;
  const status = /^fail-(\d{3})$/.exec(model)?.[1];
  if (status !== undefined) return sendError(res, Number(status), `stand-in refused with ${status}`);
  if (model === 'fail-context') {
    const said = "This model's maximum context length is 8192 tokens. However, you requested 9120 tokens (8096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.";
    return sendError(res, 400, said, { param: 'messages', code: 'context_length_exceeded' });
  }
  const lastContent = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const lastUser = typeof lastContent === 'string' ? lastContent : lastContent.map((part) => part.text ?? '').join('');
  const words = `Hello from ${model}, you said: ${lastUser}`.split(' ').map((w, i) => (i === 0 ? w : ` ${w}`));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  const chunk = (delta: Record<string, string>, finish: string | null = null) =>
    send({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  chunk({ role: 'assistant', content: '' });
  if (model === 'hang') {
    onHang(res);
    chunk({ content: words[0] ?? '' });
    return;
  }
  const spoken = model === 'fail-midstream' ? words.slice(0, 2) : words;
  for (const word of spoken) chunk({ content: word });
  if (model === 'fail-midstream') {
    send({ error: { message: 'stand-in lost its GPU', type: 'server_error', code: 'gpu_lost' } });
    res.end();
    return;
  }
  chunk({}, 'stop');
  if (model !== 'no-usage') {
    send({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [],
      usage: { prompt_tokens: 11, completion_tokens: words.length, total_tokens: 11 + words.length },
    });
  }
  res.end('data: [DONE]\n\n');
}

function sendError(res: ServerResponse, status: number, message: string, at: { param?: string; code?: string } = {}): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', ...(at.param === undefined ? {} : { param: at.param }), code: at.code ?? null } }));
}
