import type { DoneLine, MetaLine } from '../../../adapters/app-api/api-contract.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { ChatRun } from '../../../core/use-cases/support/chat-answers.js';

/**
 * A chat run as NDJSON (the lines of api-contract.ts): `meta`, then every ChatStreamEvent as it happens (one JSON object a line),
 * then `done`. Pull-based, so a slow reader slows the models rather than filling memory. When the
 * client goes away, the run is aborted and read to its end in the background: what the models
 * generated until then is saved and charged, nothing after.
 */
export function chatRunBody(run: ChatRun, abort: AbortController, logger: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);
  const events = run.events[Symbol.asyncIterator]();
  let phase: 'meta' | 'events' | 'done' = 'meta';

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (phase === 'meta') {
          phase = 'events';
          const meta: MetaLine = { type: 'meta', conversationId: run.conversationId, userMessageId: run.userMessage.id, modelIds: [...run.modelIds] };
          controller.enqueue(line(meta));
          return;
        }
        if (phase === 'events') {
          const next = await events.next();
          if (!next.done) {
            controller.enqueue(line(next.value));
            return;
          }
          phase = 'done';
        }
        const answers = await run.settled;
        const done: DoneLine = {
          type: 'done',
          answers: answers.map((a) => ({ modelId: a.modelId, messageId: a.messageId, creditsCharged: a.creditsCharged, finishReason: a.finishReason })),
        };
        controller.enqueue(line(done));
        controller.close();
      },
      async cancel() {
        abort.abort();
        try {
          // Drain so that every answer is saved and charged for what it produced before the abort.
          while (!(await events.next()).done) {
            /* nothing is shown after a disconnect */
          }
          const answers = await run.settled;
          logger.info('chat stream closed by the client', {
            conversationId: run.conversationId,
            charged: answers.reduce((sum, a) => sum + a.creditsCharged, 0),
          });
        } catch (error) {
          logger.error('draining an aborted chat failed', { conversationId: run.conversationId, error });
        }
      },
    },
    { highWaterMark: 0 },
  );
}
