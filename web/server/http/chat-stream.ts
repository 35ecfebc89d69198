import type { Context } from 'hono';
import type { ChatStreamLine, MetaLine } from '../../../adapters/api-contract/api-contract.js';
import { NDJSON_CONTENT_TYPE } from '../../../adapters/api-contract/api-contract.js';
import type { LoggedEvent, RunStream } from '../../../core/chat/index.js';

/** An event of the run as its stream line: the event with its `seq`. */
const streamLineOf = ({ event, seq }: LoggedEvent): ChatStreamLine =>
  event.type === 'done' ? { ...event, answers: [...event.answers], seq } : { ...event, seq };

/**
 * A chat run as NDJSON (the lines of api-contract.ts): `meta` (with the run id), then each event
 * with its `seq`, ending after `done` (or where the reading ends: a run abandoned by a crashed
 * server). Pull-based: the next event is taken when the client reads. A client that goes away only
 * stops this reading (`reading` aborts): the run goes on, is saved and charged, and can be resumed.
 */
export function runStreamBody(stream: RunStream, reading: AbortController): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (value: ChatStreamLine) => encoder.encode(`${JSON.stringify(value)}\n`);
  const events = stream.events[Symbol.asyncIterator]();
  let metaSent = false;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!metaSent) {
          metaSent = true;
          const meta: MetaLine = { type: 'meta', runId: stream.runId, conversationId: stream.conversationId, userMessageId: stream.userMessageId, modelIds: [...stream.modelIds] };
          controller.enqueue(line(meta));
          return;
        }
        const next = await events.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(line(streamLineOf(next.value)));
      },
      async cancel() {
        reading.abort();
        await events.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The NDJSON answer of a chat route (through the context, so the headers set so far are kept). */
export function ndjsonResponse(c: Context, body: ReadableStream<Uint8Array>): Response {
  // Chunked from the start: @hono/node-server otherwise probes the body for a length, waiting a timer tick.
  return c.body(body, 200, { 'Content-Type': NDJSON_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', 'Transfer-Encoding': 'chunked' });
}
